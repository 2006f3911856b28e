/** The demographics page, inside the record's shadow root. */
const css = /* css */ `
.demographics h2 { margin: 0 0 var(--sl-spacing-medium); font-size: var(--sl-font-size-x-large); font-weight: var(--sl-font-weight-normal); }
.demographics h3 { margin: 0 0 var(--sl-spacing-small); font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-semibold); }
.demographics-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); gap: var(--sl-spacing-medium); align-items: start; }
.demographics-grid > .wide { grid-column: 1 / -1; }
.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--sl-spacing-x-small) var(--sl-spacing-medium); margin: 0; }
.facts dt { color: var(--sl-color-neutral-600); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.form-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr)); gap: 0 var(--sl-spacing-medium); }
.choice-group { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); margin: 0 0 var(--sl-spacing-small); padding: var(--sl-spacing-x-small) var(--sl-spacing-small); display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); }
.choice-group legend { padding: 0 var(--sl-spacing-2x-small); }
.choice-group .field-error { flex-basis: 100%; }
.form-buttons { display: flex; justify-content: flex-end; gap: var(--sl-spacing-small); }
.contact-list { list-style: none; margin: 0; padding: 0; }
.contact-list li { display: flex; flex-wrap: wrap; align-items: flex-start; gap: var(--sl-spacing-x-small); padding: var(--sl-spacing-x-small) 0; border-top: 1px solid var(--sl-color-neutral-100); }
.contact-list li:first-child { border-top: 0; }
.contact-list address { display: flex; flex-direction: column; font-style: normal; flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
.contact-email { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
.primary-pill { padding: 0 var(--sl-spacing-x-small); border-radius: var(--sl-border-radius-pill); background: var(--sl-color-success-100); color: var(--sl-color-success-800); font-size: var(--sl-font-size-small); }
.empty { color: var(--sl-color-neutral-600); margin: 0; }
.check { display: flex; gap: var(--sl-spacing-x-small); align-items: center; }
`;

export function DemographicsStyles() {
  return <style>{css}</style>;
}
