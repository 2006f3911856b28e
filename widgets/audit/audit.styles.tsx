/** The activity log's day groups and entries, inside the record's shadow root. */
const css = /* css */ `
.activity-day h3 { display: flex; align-items: center; gap: var(--sl-spacing-x-small); font-size: var(--sl-font-size-medium); margin: var(--sl-spacing-medium) 0 var(--sl-spacing-x-small); }
.count-badge { min-width: 1.5rem; padding: 0 var(--sl-spacing-2x-small); border-radius: var(--sl-border-radius-pill); background: var(--sl-color-neutral-200); font-size: var(--sl-font-size-small); text-align: center; }
.activity-day ul { list-style: none; margin: 0; padding: 0; }
.activity-day li { display: grid; grid-template-columns: 5.5rem minmax(0, 1fr); gap: var(--sl-spacing-2x-small) var(--sl-spacing-small); padding: var(--sl-spacing-2x-small) 0; border-top: 1px solid var(--sl-color-neutral-100); }
.activity-day time { color: var(--sl-color-neutral-600); font-variant-numeric: tabular-nums; }
.activity-message { overflow-wrap: anywhere; }
.activity-debug { grid-column: 2; color: var(--sl-color-neutral-600); font-family: var(--sl-font-mono); font-size: var(--sl-font-size-x-small); overflow-wrap: anywhere; }
`;

export function AuditStyles() {
  return <style>{css}</style>;
}
