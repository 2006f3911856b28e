/** The activity log's day groups and entries, inside the record's shadow root. */
const css = /* css */ `
.activity-day h3 { display: flex; align-items: center; gap: var(--care-space-xs); font-size: var(--care-font-size-m); margin: var(--care-space-m) 0 var(--care-space-xs); }
.count-badge { min-width: 1.5rem; padding: 0 var(--care-space-2xs); border-radius: var(--care-radius-pill); background: var(--care-color-border); font-size: var(--care-font-size-s); text-align: center; }
.activity-day ul { list-style: none; margin: 0; padding: 0; }
.activity-day li { display: grid; grid-template-columns: 5.5rem minmax(0, 1fr); gap: var(--care-space-2xs) var(--care-space-s); padding: var(--care-space-2xs) 0; border-top: 1px solid var(--care-color-hover); }
.activity-day time { color: var(--care-color-text-subtle); font-variant-numeric: tabular-nums; }
.activity-message { overflow-wrap: anywhere; }
.activity-debug { grid-column: 2; color: var(--care-color-text-subtle); font-family: var(--sl-font-mono); font-size: var(--care-font-size-xs); overflow-wrap: anywhere; }
`;

export function AuditStyles() {
  return <style>{css}</style>;
}
