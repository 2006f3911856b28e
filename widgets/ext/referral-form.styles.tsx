/**
 * The external action pages' layout, rendered as a <style> inside the
 * widget's shadow root. One column under 576 px; touch targets of 44 px.
 */
const css = /* css */ `
.ext-narrow { max-width: 28rem; }
.ext-form input, .ext-form select, .ext-form textarea { min-height: 44px; width: 100%; }
.ext-form textarea { resize: vertical; }
.ext-form .field:has([aria-required='true']) > label::after { content: ' *'; color: var(--sl-color-danger-700); }
.ext-section { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); margin: 0 0 var(--sl-spacing-medium); min-width: 0; }
.ext-section legend { font-weight: var(--sl-font-weight-semibold); font-size: var(--sl-font-size-large); padding: 0 var(--sl-spacing-2x-small); }
.ext-sections { border: 0; padding: 0; margin: 0; min-width: 0; }
.ext-sections:disabled .ext-section { opacity: 0.6; }
.ext-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 var(--sl-spacing-medium); }
.ext-choice { display: flex; gap: var(--sl-spacing-large); flex-wrap: wrap; }
.ext-radio, .ext-check { display: inline-flex; align-items: center; gap: var(--sl-spacing-x-small); min-height: 44px; font-size: var(--sl-font-size-medium); cursor: pointer; }
.ext-radio input, .ext-check input { width: 22px; height: 22px; min-height: 0; }
.ext-check { grid-column: 1 / -1; }
.ext-static-label { font-size: var(--sl-font-size-small); font-weight: var(--sl-font-weight-semibold); }
.ext-form input[readonly] { background: var(--sl-color-neutral-100); }
.ext-buttons { display: flex; gap: var(--sl-spacing-small); justify-content: flex-end; flex-wrap: wrap; margin-top: var(--sl-spacing-medium); }
.ext-action button.care-button { min-height: 44px; padding: 0 var(--sl-spacing-large); }
.ext-action button.care-button.primary { background: var(--care-color-primary); border-color: var(--care-color-primary); color: #fff; }
.ext-choose-first { margin: 0 0 var(--sl-spacing-small); }
.ext-not-found { padding: var(--sl-spacing-x-large) 0; text-align: center; }
.ext-modal-backdrop { position: fixed; inset: 0; background: rgb(0 0 0 / 45%); display: grid; place-items: center; z-index: var(--sl-z-index-dialog); padding: var(--sl-spacing-medium); }
.ext-modal { background: var(--sl-color-neutral-0); border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-x-large); max-width: 28rem; display: grid; gap: var(--sl-spacing-medium); box-shadow: var(--sl-shadow-x-large); }
.ext-modal p { margin: 0; font-size: var(--sl-font-size-large); }
@media (max-width: 575.98px) {
  .ext-action { padding: var(--sl-spacing-small); }
  .ext-grid { grid-template-columns: minmax(0, 1fr); }
  .ext-section { padding: var(--sl-spacing-small); }
  .ext-buttons button.care-button { width: 100%; }
}
`;

export function ExtStyles() {
  return <style>{css}</style>;
}
