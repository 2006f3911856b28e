/** The CIT area's layout (scoped to the widget's shadow root): one column under 576 px, 44 px touch targets. */
const css = /* css */ `
.cit-form { max-width: 60rem; }
.cit-form fieldset { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); margin: 0 0 var(--sl-spacing-medium); }
.cit-form legend { font-weight: var(--sl-font-weight-semibold); padding: 0 var(--sl-spacing-x-small); }
.cit-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 var(--sl-spacing-medium); }
.cit-grid .wide { grid-column: 1 / -1; }
@media (max-width: 575.98px) { .cit-grid { grid-template-columns: 1fr; } }
.cit-form input:not([type=checkbox]):not([type=radio]), .cit-form select, .cit-form textarea, .cit-submission select { min-height: 44px; font: inherit; padding: 0 var(--sl-spacing-x-small); border: 1px solid var(--sl-color-neutral-400); border-radius: var(--sl-border-radius-medium); box-sizing: border-box; width: 100%; }
.cit-form textarea { min-height: 6rem; padding: var(--sl-spacing-x-small); }
.checks { display: flex; flex-wrap: wrap; gap: 0 var(--sl-spacing-medium); border: 0; padding: 0; margin: 0; }
.checks label { display: inline-flex; align-items: center; gap: var(--sl-spacing-x-small); min-height: 44px; }
.checks input { width: 1.25rem; height: 1.25rem; }
.cit-hint { margin: 0 0 var(--sl-spacing-small); }
.cit-status { min-height: 1.5rem; font-size: var(--sl-font-size-small); color: var(--sl-color-neutral-700); }
.cit-status.ok { color: var(--sl-color-success-700); }
.cit-status.bad { color: var(--sl-color-danger-700); }
.cit-buttons { display: flex; gap: var(--sl-spacing-small); justify-content: flex-end; flex-wrap: wrap; }
.cit-buttons button, .approval button, .cit-dialog button { min-height: 44px; min-width: 44px; padding: 0 var(--sl-spacing-large); font: inherit; border-radius: var(--sl-border-radius-medium); border: 1px solid var(--sl-color-neutral-400); background: white; cursor: pointer; }
.cit-buttons button.primary, .cit-dialog button.primary { background: var(--care-color-primary); border-color: var(--care-color-primary); color: white; }
.approval { display: flex; gap: var(--sl-spacing-x-small); flex-wrap: wrap; margin: var(--sl-spacing-small) 0; }
.approval button[aria-pressed=true] { background: var(--care-color-primary); color: white; border-color: var(--care-color-primary); }
.cit-dialog-backdrop { position: fixed; inset: 0; background: rgb(0 0 0 / 0.4); display: grid; place-items: center; z-index: 1000; padding: var(--sl-spacing-medium); }
.cit-dialog { background: white; border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-large); max-width: 28rem; }
.cit-dialog h2 { margin-top: 0; font-size: var(--sl-font-size-large); }
.cit-readonly dl { display: grid; grid-template-columns: minmax(10rem, 16rem) 1fr; gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); margin: 0; }
.cit-readonly dt { font-weight: var(--sl-font-weight-semibold); }
.cit-readonly dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 575.98px) { .cit-readonly dl { grid-template-columns: 1fr; } .cit-readonly dd { margin-bottom: var(--sl-spacing-x-small); } }
`;

export function CitStyles() {
  return <style>{css}</style>;
}
