/** The CIT area's layout (scoped to the widget's shadow root): one column under 576 px, 44 px touch targets. */
const css = /* css */ `
.cit-form { max-width: 60rem; }
.cit-form fieldset { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); padding: var(--care-space-m); margin: 0 0 var(--care-space-m); }
.cit-form legend { font-weight: var(--care-font-weight-semibold); padding: 0 var(--care-space-xs); }
.cit-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 0 var(--care-space-m); }
.cit-grid .wide { grid-column: 1 / -1; }
@media (max-width: 575.98px) { .cit-grid { grid-template-columns: 1fr; } }
.cit-form input:not([type=checkbox]):not([type=radio]), .cit-form select, .cit-form textarea, .cit-submission select { min-height: 44px; font: inherit; padding: 0 var(--care-space-xs); border: 1px solid var(--sl-color-neutral-400); border-radius: var(--care-radius-m); box-sizing: border-box; width: 100%; }
.cit-form textarea { min-height: 6rem; padding: var(--care-space-xs); }
.checks { display: flex; flex-wrap: wrap; gap: 0 var(--care-space-m); border: 0; padding: 0; margin: 0; }
.checks label { display: inline-flex; align-items: center; gap: var(--care-space-xs); min-height: 44px; }
.checks input { width: 1.25rem; height: 1.25rem; }
.cit-hint { margin: 0 0 var(--care-space-s); }
.cit-status { min-height: 1.5rem; font-size: var(--care-font-size-s); color: var(--care-color-text-muted); }
.cit-status.ok { color: var(--sl-color-success-700); }
.cit-status.bad { color: var(--care-color-danger); }
.cit-status.offline { color: var(--sl-color-warning-800); }
.cit-buttons { display: flex; gap: var(--care-space-s); justify-content: flex-end; flex-wrap: wrap; }
.cit-buttons button, .approval button, .cit-dialog button { min-height: 44px; min-width: 44px; padding: 0 var(--care-space-l); font: inherit; border-radius: var(--care-radius-m); border: 1px solid var(--sl-color-neutral-400); background: white; cursor: pointer; }
.cit-buttons button.primary, .cit-dialog button.primary { background: var(--care-color-primary); border-color: var(--care-color-primary); color: white; }
.cit-buttons button.danger { background: var(--care-color-danger); border-color: var(--care-color-danger); color: white; }
.cit-buttons button:disabled { opacity: 0.5; cursor: not-allowed; }
/* Issue 39: on a phone the sheet is one section at a time (sheet-steps.tsx): where the officer is, and a bar of the four sections. */
.cit-form fieldset[hidden] { display: none; }
.cit-steps { margin: 0 0 var(--care-space-s); }
.cit-steps p { margin: 0 0 var(--care-space-2xs); font-weight: var(--care-font-weight-semibold); }
.cit-steps p:focus { outline: none; }
.cit-steps ol { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: var(--care-space-2xs); list-style: none; margin: 0; padding: 0; }
.cit-steps li { border-top: 4px solid var(--sl-color-neutral-200); padding-top: var(--care-space-2xs); font-size: var(--care-font-size-xs, 0.75rem); color: var(--care-color-text-muted); overflow-wrap: anywhere; }
.cit-steps li.done, .cit-steps li[aria-current] { border-top-color: var(--care-color-primary); }
.cit-steps li[aria-current] { color: inherit; font-weight: var(--care-font-weight-semibold); }
/* Issue 39: on a phone, the long sheet's Save stays under the thumb, at the bottom of the screen, wherever the officer has scrolled. */
@media (max-width: 575.98px) { .cit-save { position: sticky; bottom: 0; z-index: 1; margin: 0 calc(-1 * var(--care-space-s)); padding: var(--care-space-s); background: var(--care-color-surface); border-top: 1px solid var(--care-color-border); box-shadow: 0 -2px 6px rgb(0 0 0 / 0.08); } .cit-save button { flex: 1 1 0; } }
.approval { display: flex; gap: var(--care-space-xs); flex-wrap: wrap; margin: var(--care-space-s) 0; }
.approval button[aria-pressed=true] { background: var(--care-color-primary); color: white; border-color: var(--care-color-primary); }
.cit-dialog-backdrop { position: fixed; inset: 0; background: rgb(0 0 0 / 0.4); display: grid; place-items: center; z-index: 1000; padding: var(--care-space-m); }
.cit-dialog { background: white; border-radius: var(--care-radius-l); padding: var(--care-space-l); max-width: 28rem; }
.cit-dialog h2 { margin-top: 0; font-size: var(--care-font-size-l); }
.cit-receipt { border: 1px solid var(--sl-color-success-600); border-left-width: 6px; border-radius: var(--care-radius-l); padding: var(--care-space-m) var(--care-space-l); margin: 0 0 var(--care-space-m); }
.cit-receipt h2 { margin: 0 0 var(--care-space-xs); font-size: var(--care-font-size-l); color: var(--sl-color-success-700); }
.cit-receipt h2:focus { outline: none; }
.cit-receipt dl { display: grid; grid-template-columns: max-content 1fr; gap: var(--care-space-2xs) var(--care-space-m); margin: var(--care-space-m) 0; }
.cit-receipt dt { font-weight: var(--care-font-weight-semibold); }
.cit-receipt dd { margin: 0; overflow-wrap: anywhere; }
.cit-receipt .cit-reference { font-family: var(--sl-font-mono, monospace); }
@media (max-width: 575.98px) { .cit-receipt { padding: var(--care-space-s); } .cit-receipt dl { grid-template-columns: 1fr; } .cit-receipt dd { margin-bottom: var(--care-space-xs); } .cit-receipt .cit-buttons button { flex: 1 1 100%; } }
.cit-readonly dl { display: grid; grid-template-columns: minmax(10rem, 16rem) 1fr; gap: var(--care-space-2xs) var(--care-space-m); margin: 0; }
.cit-readonly dt { font-weight: var(--care-font-weight-semibold); }
.cit-readonly dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 575.98px) { .cit-readonly dl { grid-template-columns: 1fr; } .cit-readonly dd { margin-bottom: var(--care-space-xs); } }
.cit-lookup-results { list-style: none; margin: 0 0 var(--care-space-xs); padding: 0; border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); max-height: 16rem; overflow-y: auto; }
.cit-lookup-results li + li { border-top: 1px solid var(--care-color-border); }
.cit-lookup-results button { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 var(--care-space-s); width: 100%; min-height: 44px; padding: var(--care-space-2xs) var(--care-space-s); font: inherit; text-align: left; background: white; border: 0; cursor: pointer; }
.cit-lookup-results button:hover, .cit-lookup-results button:focus-visible { background: var(--sl-color-neutral-100); }
.cit-lookup .cit-status { margin: var(--care-space-2xs) 0 0; }
.cit-lookup-detail { color: var(--care-color-text-muted); font-size: var(--care-font-size-s); }
.cit-incidents { margin: 0 0 var(--care-space-s); padding: var(--care-space-s); border: 1px solid var(--care-color-border); border-left: 4px solid var(--care-color-primary); border-radius: var(--care-radius-m); }
.cit-incidents h3 { margin: 0 0 var(--care-space-xs); font-size: var(--care-font-size-m); }
.cit-incidents ul { list-style: none; margin: 0; padding: 0; }
.cit-incidents li { display: grid; grid-template-columns: 7rem minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1.5fr); gap: 0 var(--care-space-s); padding: var(--care-space-2xs) 0; overflow-wrap: anywhere; }
.cit-incidents li + li { border-top: 1px solid var(--care-color-border); }
.cit-incident-date { font-weight: var(--care-font-weight-semibold); }
.cit-incidents .load-state { margin: 0; }
@media (max-width: 575.98px) { .cit-incidents li { grid-template-columns: 1fr; } }
.cit-edit { margin-top: var(--care-space-m); }
.cit-edit h2 { margin: 0 0 var(--care-space-2xs); font-size: var(--care-font-size-l); }
.cit-edit h2:focus { outline: none; }
.cit-edit-action { justify-content: flex-start; margin: var(--care-space-s) 0; }
`;

export function CitStyles() {
  return <style>{css}</style>;
}
