/** The patient list page's layout, inside its widget's shadow root. */
const css = /* css */ `
.patient-list .card-header { align-items: center; flex-wrap: wrap; margin-bottom: var(--sl-spacing-medium); }
.patient-list h1 { margin: 0; font-size: var(--sl-font-size-2x-large); font-weight: var(--sl-font-weight-normal); }
.patient-list-welcome { max-width: 48rem; }
.patient-list-welcome h2 { margin: 0 0 var(--sl-spacing-small); font-size: var(--sl-font-size-large); }
.patient-list-welcome p { margin: 0 0 var(--sl-spacing-small); }
.patient-list-welcome ul { margin: 0 0 var(--sl-spacing-small); padding-left: var(--sl-spacing-large); }
`;

export function PatientListStyles() {
  return <style>{css}</style>;
}
