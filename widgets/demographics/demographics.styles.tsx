/** The demographics page, inside the record's shadow root. */
const css = /* css */ `
.demographics h2 { margin: 0 0 var(--care-space-m); font-size: var(--care-font-size-xl); font-weight: var(--care-font-weight-normal); }
.demographics h3 { margin: 0 0 var(--care-space-s); font-size: var(--care-font-size-l); font-weight: var(--care-font-weight-semibold); }
.demographics-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); gap: var(--care-space-m); align-items: start; }
.demographics-grid > .wide { grid-column: 1 / -1; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--care-space-xs) var(--care-space-m); margin: 0; }
.facts dt { color: var(--care-color-text-subtle); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.form-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr)); gap: 0 var(--care-space-m); }
.choice-group { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); margin: 0 0 var(--care-space-s); padding: var(--care-space-xs) var(--care-space-s); display: flex; flex-wrap: wrap; gap: var(--care-space-2xs) var(--care-space-m); }
.choice-group legend { padding: 0 var(--care-space-2xs); }
.choice-group .field-error { flex-basis: 100%; }
.form-buttons { display: flex; justify-content: flex-end; gap: var(--care-space-s); }
.contact-list { list-style: none; margin: 0; padding: 0; }
.contact-list li { display: flex; flex-wrap: wrap; align-items: flex-start; gap: var(--care-space-xs); padding: var(--care-space-xs) 0; border-top: 1px solid var(--care-color-hover); }
.contact-list li:first-child { border-top: 0; }
.contact-list address { display: flex; flex-direction: column; font-style: normal; flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
.contact-email { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
.primary-pill { padding: 0 var(--care-space-xs); border-radius: var(--care-radius-pill); background: var(--sl-color-success-100); color: var(--sl-color-success-800); font-size: var(--care-font-size-s); }
.check { display: flex; gap: var(--care-space-xs); align-items: center; }
`;

export function DemographicsStyles() {
  return <style>{css}</style>;
}
