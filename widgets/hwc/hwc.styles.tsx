/**
 * The Handle with Care area's own layout, rendered as a <style> inside the
 * widget's shadow root. Phone first: one column under 576 px, 44 px targets.
 */
const css = /* css */ `
.hwc { max-width: 44rem; }
/* The detail's deliveries table has five columns: room for an e-mail address on one line. */
.hwc-detail { max-width: 60rem; }
.hwc input, .hwc select, .hwc textarea { min-height: 44px; box-sizing: border-box; width: 100%; }
.hwc input[readonly] { background: var(--care-color-hover); }
.hwc sl-button::part(base) { min-height: 44px; }
.hwc .link-button, .hwc button.care-button { min-height: 44px; }
.hwc-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 var(--care-space-m); }
.hwc-grid .wide { grid-column: 1 / -1; }
.hwc-intro { color: var(--care-color-text-muted); margin: 0 0 var(--care-space-m); }
.hwc-status { display: block; margin-top: var(--care-space-3xs); font-size: var(--care-font-size-s); }
.hwc-status.valid { color: var(--sl-color-success-700); }
.hwc-status.invalid { color: var(--care-color-danger); }
.hwc-status.offline { color: var(--sl-color-warning-800); }
.hwc-buttons { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); justify-content: flex-end; margin-top: var(--care-space-m); }
.hwc-sent { margin: var(--care-space-m) 0; }
.hwc-facts { display: grid; grid-template-columns: max-content 1fr; gap: var(--care-space-2xs) var(--care-space-m); margin: 0 0 var(--care-space-l); }
.hwc-facts dt { font-weight: var(--care-font-weight-semibold); }
.hwc-facts dd { margin: 0; overflow-wrap: anywhere; }
.hwc-entries { list-style: none; padding: 0; margin: 0 0 var(--care-space-s); }
.hwc-entry { display: grid; grid-template-columns: 1fr 1fr auto; gap: var(--care-space-xs); align-items: end; padding: var(--care-space-xs) 0; border-top: 1px solid var(--care-color-border); }
.hwc-entry.locked { grid-template-columns: 1fr 1fr auto; align-items: center; }
.hwc-entry .locked-note { color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.hwc-entry .field { margin: 0; }
.hwc fieldset { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); padding: var(--care-space-s); margin: 0 0 var(--care-space-m); }
.hwc legend { font-weight: var(--care-font-weight-semibold); padding: 0 var(--care-space-2xs); }
.hwc-deliveries { width: 100%; border-collapse: collapse; font-size: var(--care-font-size-s); margin-bottom: var(--care-space-xl); }
.hwc-deliveries th, .hwc-deliveries td { text-align: left; padding: var(--care-space-2xs) var(--care-space-xs); border-top: 1px solid var(--care-color-border); overflow-wrap: anywhere; }
.hwc-notice-status.delivered { color: var(--sl-color-success-700); }
.hwc-notice-status.failed { color: var(--care-color-danger); font-weight: var(--care-font-weight-semibold); }
@media (max-width: 575.98px) {
  .hwc-grid, .hwc-entry, .hwc-entry.locked { grid-template-columns: minmax(0, 1fr); }
  .hwc-facts { grid-template-columns: minmax(0, 1fr); }
  .hwc-facts dd { margin-bottom: var(--care-space-xs); }
  .hwc-buttons sl-button { flex: 1 1 100%; }
  .hwc-deliveries thead { display: none; }
  .hwc-deliveries tr { display: block; border-top: 1px solid var(--care-color-border); padding: var(--care-space-2xs) 0; }
  .hwc-deliveries td { display: block; border: 0; padding: 0 var(--care-space-xs); }
  .hwc-deliveries td::before { content: attr(data-label) ': '; font-weight: var(--care-font-weight-semibold); }
}
`;

export function HwcStyles() {
  return <style>{css}</style>;
}
