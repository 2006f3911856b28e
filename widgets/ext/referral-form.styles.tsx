/**
 * The external action pages' layout, rendered as a <style> inside the
 * widget's shadow root. One column under 576 px; touch targets of 44 px.
 */
const css = /* css */ `
.ext-narrow { max-width: 28rem; }
.ext-form input, .ext-form select, .ext-form textarea { min-height: 44px; width: 100%; }
.ext-form textarea { resize: vertical; }
.ext-form .field:has([aria-required='true']) > label::after { content: ' *'; color: var(--care-color-danger); }
.ext-section { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); padding: var(--care-space-m); margin: 0 0 var(--care-space-m); min-width: 0; }
.ext-section legend { font-weight: var(--care-font-weight-semibold); font-size: var(--care-font-size-l); padding: 0 var(--care-space-2xs); }
.ext-sections { border: 0; padding: 0; margin: 0; min-width: 0; }
.ext-sections:disabled .ext-section { opacity: 0.6; }
.ext-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 var(--care-space-m); }
.ext-choice { display: flex; gap: var(--care-space-l); flex-wrap: wrap; }
.ext-radio, .ext-check { display: inline-flex; align-items: center; gap: var(--care-space-xs); min-height: 44px; font-size: var(--care-font-size-m); cursor: pointer; }
.ext-radio input, .ext-check input { width: 22px; height: 22px; min-height: 0; }
.ext-check { grid-column: 1 / -1; }
.ext-static-label { font-size: var(--care-font-size-s); font-weight: var(--care-font-weight-semibold); }
.ext-form input[readonly] { background: var(--care-color-hover); }
.ext-buttons { display: flex; gap: var(--care-space-s); justify-content: flex-end; flex-wrap: wrap; margin-top: var(--care-space-m); }
.ext-action button.care-button { min-height: 44px; padding: 0 var(--care-space-l); }
.ext-action button.care-button.primary { background: var(--care-color-primary); border-color: var(--care-color-primary); color: #fff; }
.ext-choose-first { margin: 0 0 var(--care-space-s); }
.ext-missing { margin: 0 auto 0 0; flex: 1 1 16rem; align-self: center; font-size: var(--care-font-size-m); }
.ext-form input[data-masked] { letter-spacing: 0.08em; }
/* The SSN's hint under its box, so the box lines up with its neighbour's. */
.ext-form .field[data-field='ssn'] > .field-hint { order: 1; }
.ext-form .field[data-field='ssn'] > .field-error { order: 2; }
.ext-not-found { padding: var(--care-space-xl) 0; text-align: center; }
.ext-modal-backdrop { position: fixed; inset: 0; background: rgb(0 0 0 / 45%); display: grid; place-items: center; z-index: var(--sl-z-index-dialog); padding: var(--care-space-m); }
.ext-modal { background: var(--care-color-surface); border-radius: var(--care-radius-l); padding: var(--care-space-xl); max-width: 28rem; display: grid; gap: var(--care-space-m); box-shadow: var(--sl-shadow-x-large); }
.ext-modal p { margin: 0; font-size: var(--care-font-size-l); }
@media (max-width: 575.98px) {
  .ext-action { padding: var(--care-space-s); }
  .ext-grid { grid-template-columns: minmax(0, 1fr); }
  .ext-section { padding: var(--care-space-s); }
  .ext-buttons button.care-button { width: 100%; }
  .ext-missing { flex-basis: 100%; }
}
`;

export function ExtStyles() {
  return <style>{css}</style>;
}
