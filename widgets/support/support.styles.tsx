/**
 * The support form's layout, inside the widget's shadow root. Phone first:
 * one column, inputs and buttons at least 44 px tall; two columns for the
 * short fields from 576 px (spec 002 breakpoints).
 */
const css = /* css */ `
.support-form { max-width: 40rem; }
.support-form input, .support-form select, .support-form textarea { min-height: 44px; width: 100%; box-sizing: border-box; font-size: 1rem; }
.support-form textarea { resize: vertical; min-height: 8rem; }
.support-form sl-button::part(base) { min-height: 44px; }
.support-contact { margin: 0 0 var(--care-space-m); padding: var(--care-space-s) var(--care-space-m); border-left: 4px solid var(--care-color-primary); background: var(--care-color-canvas); }
.support-contact p { margin: 0 0 var(--care-space-2xs); }
.support-contact a { color: var(--care-color-link); }
.support-row { display: grid; grid-template-columns: 1fr; gap: 0 var(--care-space-m); }
.form-buttons { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); justify-content: flex-end; }
@media (max-width: 575.98px) { .form-buttons sl-button { flex: 1 1 100%; } }
@media (min-width: 576px) { .support-row { grid-template-columns: 1fr 1fr; } }
`;

export function SupportStyles() {
  return <style>{css}</style>;
}
