/** The face sheet's card grid, inside the record's or its own element's shadow root. */
const css = /* css */ `
.face-sheet h2 { margin: 0 0 var(--sl-spacing-medium); font-size: var(--sl-font-size-x-large); font-weight: var(--sl-font-weight-normal); }
.face-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); gap: var(--sl-spacing-medium); align-items: start; }
.card-actions { display: flex; gap: var(--sl-spacing-medium); }
.face-card .card-header { flex-wrap: wrap; }
.face-card h3 { margin: 0 0 var(--sl-spacing-small); font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-semibold); }
.face-list, .event-cards, .face-count-list { list-style: none; margin: 0; padding: 0; }
.face-list li, .event-cards li, .face-count-list li { padding: var(--sl-spacing-x-small) 0; border-top: 1px solid var(--sl-color-neutral-100); }
.face-list li:first-child, .event-cards li:first-child, .face-count-list li:first-child { border-top: 0; }
.face-list-meta { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-small); color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.face-text { margin: var(--sl-spacing-2x-small) 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.event-cards li { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 0 var(--sl-spacing-small); }
.event-kind { font-weight: var(--sl-font-weight-semibold); overflow-wrap: anywhere; }
.event-status { grid-column: 1 / -1; color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.urgent { color: var(--sl-color-danger-700); font-weight: var(--sl-font-weight-semibold); }
.face-address { display: flex; flex-direction: column; font-style: normal; }
.face-counts { display: grid; grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr)); gap: var(--sl-spacing-small); margin: 0; }
.face-counts div { display: flex; flex-direction: column-reverse; }
.face-counts dt { color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.face-counts dd { margin: 0; font-size: var(--sl-font-size-2x-large); font-variant-numeric: tabular-nums; }
.face-count-list li { display: flex; justify-content: space-between; gap: var(--sl-spacing-small); }
.count-badge { min-width: 1.5rem; padding: 0 var(--sl-spacing-2x-small); border-radius: var(--sl-border-radius-pill); background: var(--sl-color-neutral-200); font-size: var(--sl-font-size-small); text-align: center; }
.event-details dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--sl-spacing-x-small) var(--sl-spacing-medium); margin: 0; }
.event-details dt { color: var(--sl-color-neutral-600); }
.event-details dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
@media (max-width: 575px) { .event-details dl { grid-template-columns: minmax(0, 1fr); } .event-details dd { margin-bottom: var(--sl-spacing-x-small); } }
`;

export function FaceSheetStyles() {
  return <style>{css}</style>;
}
