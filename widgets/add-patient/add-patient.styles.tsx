/**
 * The Add Patient form's layout, rendered as a <style> inside the widget's
 * shadow root: sections as cards, fields in as many columns as fit.
 */
const css = /* css */ `
.add-patient { max-width: 64rem; }
.launch-note { margin: 0 0 var(--care-space-m); padding: var(--care-space-s) var(--care-space-m); border-radius: var(--care-radius-m); background: var(--sl-color-primary-50); border: 1px solid var(--sl-color-primary-200); }
.form-section { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); padding: var(--care-space-m); margin: 0 0 var(--care-space-m); background: var(--care-color-surface); min-width: 0; }
.form-section > legend { font-size: var(--care-font-size-l); font-weight: var(--care-font-weight-semibold); padding: 0 var(--care-space-2xs); }
.form-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr)); gap: 0 var(--care-space-m); }
.form-grid input, .form-grid select, .add-patient input:not([type='radio']), .add-patient select { min-height: 2.5rem; }
.radio-group { border: 0; padding: 0; margin: 0 0 var(--care-space-s); min-width: 0; }
.radio-group > legend { font-size: var(--care-font-size-s); font-weight: var(--care-font-weight-semibold); padding: 0; margin-bottom: var(--care-space-3xs); }
.radio-options { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs) var(--care-space-m); }
label.radio { white-space: nowrap; display: inline-flex; align-items: center; gap: var(--care-space-2xs); font-weight: var(--care-font-weight-normal); font-size: var(--care-font-size-m); }
.contact-row { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); padding: var(--care-space-s); margin: 0 0 var(--care-space-s); min-width: 0; }
.contact-row > legend { font-weight: var(--care-font-weight-semibold); padding: 0 var(--care-space-2xs); }
.email-row { display: flex; flex-wrap: wrap; align-items: end; gap: 0 var(--care-space-m); }
.email-row .field { flex: 1 1 18rem; }
.row-actions { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: var(--care-space-xs); margin-bottom: var(--care-space-s); }
.possible-duplicates { border: 1px solid var(--sl-color-warning-300); background: var(--sl-color-warning-50); border-radius: var(--care-radius-m); padding: var(--care-space-m); margin-bottom: var(--care-space-m); }
.possible-duplicates h2:focus { outline: none; }
.possible-duplicates ul { margin: 0 0 var(--care-space-s); padding-left: var(--care-space-l); }
.form-buttons { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); justify-content: flex-end; }
`;

export function AddPatientStyles() {
  return <style>{css}</style>;
}
