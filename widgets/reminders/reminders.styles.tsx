/**
 * The reminders area's own layout, rendered as a <style> inside the widget's
 * shadow root: scoped to it, and nothing to add to the shared widget sheet.
 */
const css = /* css */ `
.reminders-card h3 { font-size: var(--sl-font-size-medium); font-weight: var(--sl-font-weight-semibold); margin: var(--sl-spacing-medium) 0 var(--sl-spacing-x-small); }
.reminder-list ul { list-style: none; margin: 0; padding: 0; }
.reminder { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small) var(--sl-spacing-medium); justify-content: space-between; padding: var(--sl-spacing-x-small) 0; border-top: 1px solid var(--sl-color-neutral-200); }
.reminder-text { flex: 1 1 14rem; min-width: 0; }
.reminder-patient { font-weight: var(--sl-font-weight-semibold); }
.reminder-time { margin-left: var(--sl-spacing-x-small); color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.reminder-note { margin: var(--sl-spacing-3x-small) 0 0; overflow-wrap: anywhere; }
.reminder-actions { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small); align-items: center; }
.reminder-form { max-width: 36rem; }
.reminder-form textarea { resize: vertical; }
.reminders-page th { font-weight: var(--sl-font-weight-semibold); }
.form-buttons { display: flex; gap: var(--sl-spacing-x-small); justify-content: flex-end; }
`;

export function RemindersStyles() {
  return <style>{css}</style>;
}
