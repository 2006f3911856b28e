/** The face sheet's card grid, inside the record's or its own element's shadow root. */
const css = /* css */ `
.face-sheet h2 { margin: 0 0 var(--care-space-m); font-size: var(--care-font-size-xl); font-weight: var(--care-font-weight-normal); }
.face-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); gap: var(--care-space-m); align-items: start; }
.card-actions { display: flex; gap: var(--care-space-m); }
.face-card .card-header { flex-wrap: wrap; }
.face-card h3 { margin: 0 0 var(--care-space-s); font-size: var(--care-font-size-l); font-weight: var(--care-font-weight-semibold); }
.face-list, .event-cards, .face-count-list { list-style: none; margin: 0; padding: 0; }
.face-list li, .event-cards li, .face-count-list li { padding: var(--care-space-xs) 0; border-top: 1px solid var(--care-color-hover); }
.face-list li:first-child, .event-cards li:first-child, .face-count-list li:first-child { border-top: 0; }
.face-list-meta { display: flex; flex-wrap: wrap; gap: var(--care-space-s); color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.face-text { margin: var(--care-space-2xs) 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.event-cards li { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 0 var(--care-space-s); }
.event-kind { font-weight: var(--care-font-weight-semibold); overflow-wrap: anywhere; }
.event-status { grid-column: 1 / -1; color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.urgent { color: var(--care-color-danger); font-weight: var(--care-font-weight-semibold); }
.face-address { display: flex; flex-direction: column; font-style: normal; }
.face-counts { display: grid; grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr)); gap: var(--care-space-s); margin: 0; }
.face-counts div { display: flex; flex-direction: column-reverse; }
.face-counts dt { color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.face-counts dd { margin: 0; font-size: var(--care-font-size-2xl); font-variant-numeric: tabular-nums; }
.face-count-list li { display: flex; justify-content: space-between; gap: var(--care-space-s); }
.count-badge { min-width: 1.5rem; padding: 0 var(--care-space-2xs); border-radius: var(--care-radius-pill); background: var(--care-color-border); font-size: var(--care-font-size-s); text-align: center; }
.event-details dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--care-space-xs) var(--care-space-m); margin: 0; }
.event-details dt { color: var(--care-color-text-subtle); }
.event-details dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
@media (max-width: 575px) { .event-details dl { grid-template-columns: minmax(0, 1fr); } .event-details dd { margin-bottom: var(--care-space-xs); } }
`;

export function FaceSheetStyles() {
  return <style>{css}</style>;
}
