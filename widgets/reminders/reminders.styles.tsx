/**
 * The reminders area's own layout, rendered as a <style> inside the widget's
 * shadow root: scoped to it, and nothing to add to the shared widget sheet.
 */
const css = /* css */ `
.reminders-card h3 { font-size: var(--care-font-size-m); font-weight: var(--care-font-weight-semibold); margin: var(--care-space-m) 0 var(--care-space-xs); }
.reminder-list ul { list-style: none; margin: 0; padding: 0; }
.reminder { display: flex; flex-wrap: wrap; gap: var(--care-space-xs) var(--care-space-m); justify-content: space-between; padding: var(--care-space-xs) 0; border-top: 1px solid var(--care-color-border); }
.reminder-text { flex: 1 1 14rem; min-width: 0; }
.reminder-patient { font-weight: var(--care-font-weight-semibold); }
.reminder-time { margin-left: var(--care-space-xs); color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.reminder-note { margin: var(--care-space-3xs) 0 0; overflow-wrap: anywhere; }
.reminder-actions { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs); align-items: center; }
.reminder-form { max-width: 36rem; }
.reminder-form textarea { resize: vertical; }
.reminders-page th { font-weight: var(--care-font-weight-semibold); }
.form-buttons { display: flex; gap: var(--care-space-xs); justify-content: flex-end; }
`;

export function RemindersStyles() {
  return <style>{css}</style>;
}
