/**
 * The Handle with Care area's own layout, rendered as a <style> inside the
 * widget's shadow root. Phone first: one column under 576 px, 44 px targets.
 */
const css = /* css */ `
.hwc { max-width: 44rem; }
/* The detail's deliveries table has five columns: room for an e-mail address on one line. */
.hwc-detail { max-width: 60rem; }
.hwc input, .hwc select, .hwc textarea { min-height: 44px; box-sizing: border-box; width: 100%; }
.hwc input[readonly] { background: var(--sl-color-neutral-100); }
.hwc sl-button::part(base) { min-height: 44px; }
.hwc .link-button, .hwc button.care-button { min-height: 44px; }
.hwc-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 var(--sl-spacing-medium); }
.hwc-grid .wide { grid-column: 1 / -1; }
.hwc-intro { color: var(--sl-color-neutral-700); margin: 0 0 var(--sl-spacing-medium); }
.hwc-status { display: block; margin-top: var(--sl-spacing-3x-small); font-size: var(--sl-font-size-small); }
.hwc-status.valid { color: var(--sl-color-success-700); }
.hwc-status.invalid { color: var(--sl-color-danger-700); }
.hwc-buttons { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small); justify-content: flex-end; margin-top: var(--sl-spacing-medium); }
.hwc-sent { margin: var(--sl-spacing-medium) 0; }
.hwc-facts { display: grid; grid-template-columns: max-content 1fr; gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); margin: 0 0 var(--sl-spacing-large); }
.hwc-facts dt { font-weight: var(--sl-font-weight-semibold); }
.hwc-facts dd { margin: 0; overflow-wrap: anywhere; }
.hwc-entries { list-style: none; padding: 0; margin: 0 0 var(--sl-spacing-small); }
.hwc-entry { display: grid; grid-template-columns: 1fr 1fr auto; gap: var(--sl-spacing-x-small); align-items: end; padding: var(--sl-spacing-x-small) 0; border-top: 1px solid var(--sl-color-neutral-200); }
.hwc-entry.locked { grid-template-columns: 1fr 1fr auto; align-items: center; }
.hwc-entry .locked-note { color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.hwc-entry .field { margin: 0; }
.hwc fieldset { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small); margin: 0 0 var(--sl-spacing-medium); }
.hwc legend { font-weight: var(--sl-font-weight-semibold); padding: 0 var(--sl-spacing-2x-small); }
.hwc-deliveries { width: 100%; border-collapse: collapse; font-size: var(--sl-font-size-small); margin-bottom: var(--sl-spacing-x-large); }
.hwc-deliveries th, .hwc-deliveries td { text-align: left; padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small); border-top: 1px solid var(--sl-color-neutral-200); overflow-wrap: anywhere; }
.hwc-notice-status.delivered { color: var(--sl-color-success-700); }
.hwc-notice-status.failed { color: var(--sl-color-danger-700); font-weight: var(--sl-font-weight-semibold); }
@media (max-width: 575.98px) {
  .hwc-grid, .hwc-entry, .hwc-entry.locked { grid-template-columns: minmax(0, 1fr); }
  .hwc-facts { grid-template-columns: minmax(0, 1fr); }
  .hwc-facts dd { margin-bottom: var(--sl-spacing-x-small); }
  .hwc-buttons sl-button { flex: 1 1 100%; }
  .hwc-deliveries thead { display: none; }
  .hwc-deliveries tr { display: block; border-top: 1px solid var(--sl-color-neutral-200); padding: var(--sl-spacing-2x-small) 0; }
  .hwc-deliveries td { display: block; border: 0; padding: 0 var(--sl-spacing-x-small); }
  .hwc-deliveries td::before { content: attr(data-label) ': '; font-weight: var(--sl-font-weight-semibold); }
}
`;

export function HwcStyles() {
  return <style>{css}</style>;
}
