/** The patient list page's layout, inside its widget's shadow root. */
const css = /* css */ `
.patient-list .card-header { align-items: center; flex-wrap: wrap; margin-bottom: var(--care-space-m); }
.patient-list h1 { margin: 0; font-size: var(--care-font-size-2xl); font-weight: var(--care-font-weight-normal); }
.patient-list-welcome { max-width: 48rem; }
.patient-list-welcome h2 { margin: 0 0 var(--care-space-s); font-size: var(--care-font-size-l); }
.patient-list-welcome p { margin: 0 0 var(--care-space-s); }
.patient-list-welcome ul { margin: 0 0 var(--care-space-s); padding-left: var(--care-space-l); }
`;

export function PatientListStyles() {
  return <style>{css}</style>;
}
