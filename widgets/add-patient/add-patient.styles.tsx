/**
 * The Add Patient form's layout, rendered as a <style> inside the widget's
 * shadow root: sections as cards, fields in as many columns as fit.
 */
const css = /* css */ `
.add-patient { max-width: 64rem; }
.form-section { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); margin: 0 0 var(--sl-spacing-medium); background: var(--sl-color-neutral-0); min-width: 0; }
.form-section > legend { font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-semibold); padding: 0 var(--sl-spacing-2x-small); }
.form-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr)); gap: 0 var(--sl-spacing-medium); }
.form-grid input, .form-grid select, .add-patient input:not([type='radio']), .add-patient select { min-height: 2.5rem; }
.radio-group { border: 0; padding: 0; margin: 0 0 var(--sl-spacing-small); min-width: 0; }
.radio-group > legend { font-size: var(--sl-font-size-small); font-weight: var(--sl-font-weight-semibold); padding: 0; margin-bottom: var(--sl-spacing-3x-small); }
.radio-options { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); }
label.radio { white-space: nowrap; display: inline-flex; align-items: center; gap: var(--sl-spacing-2x-small); font-weight: var(--sl-font-weight-normal); font-size: var(--sl-font-size-medium); }
.contact-row { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small); margin: 0 0 var(--sl-spacing-small); min-width: 0; }
.contact-row > legend { font-weight: var(--sl-font-weight-semibold); padding: 0 var(--sl-spacing-2x-small); }
.email-row { display: flex; flex-wrap: wrap; align-items: end; gap: 0 var(--sl-spacing-medium); }
.email-row .field { flex: 1 1 18rem; }
.row-actions { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--sl-spacing-x-small); margin-bottom: var(--sl-spacing-small); }
.possible-duplicates { border: 1px solid var(--sl-color-warning-300); background: var(--sl-color-warning-50); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-medium); margin-bottom: var(--sl-spacing-medium); }
.possible-duplicates h2:focus { outline: none; }
.possible-duplicates ul { margin: 0 0 var(--sl-spacing-small); padding-left: var(--sl-spacing-large); }
.form-buttons { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small); justify-content: flex-end; }
`;

export function AddPatientStyles() {
  return <style>{css}</style>;
}
