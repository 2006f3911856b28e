import { PORTRAIT_TABLET } from '../../shared/constants';

/** The identity pages' panels, inside the record's shadow root. */
const css = /* css */ `
.id-page { display: flex; flex-direction: column; gap: var(--care-space-l); max-width: 72rem; }
.id-page > h2 { margin: 0; font-size: var(--care-font-size-xl); font-weight: var(--care-font-weight-normal); }
.id-panels { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); gap: var(--care-space-m); align-items: start; }
.id-panel { display: flex; flex-direction: column; gap: var(--care-space-xs); min-width: 0; padding: var(--care-space-m); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m, 6px); background: var(--care-color-surface, #fff); }
.id-panel-head { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: var(--care-space-xs); }
.id-subpanel { padding: 0; border: 0; }
.id-group { gap: var(--care-space-m); }
.id-panel h4 { margin: 0; font-size: var(--care-font-size-m, 1rem); font-weight: var(--care-font-weight-semibold); }
.id-panel h3 { margin: 0; font-size: var(--care-font-size-l); font-weight: var(--care-font-weight-semibold); }
.id-date-filter { display: flex; align-items: center; gap: var(--care-space-2xs); font-size: var(--care-font-size-s); color: var(--care-color-text-subtle); }
.id-date-filter select { font: inherit; color: var(--care-color-text); padding: var(--care-space-3xs, 2px) var(--care-space-2xs); }
.id-date-filter input { font: inherit; color: var(--care-color-text); width: 9rem; max-width: 100%; min-width: 0; padding: var(--care-space-3xs, 2px) var(--care-space-2xs); border: 1px solid var(--care-color-border-input); border-radius: var(--care-radius-m); }
.id-agency { margin: 0; }
.id-agency-missing { margin: 0; color: var(--care-color-text-muted); }
.id-table { width: 100%; border-collapse: collapse; font-size: var(--care-font-size-s); }
.id-table th { text-align: left; font-weight: var(--care-font-weight-semibold); color: var(--care-color-text-subtle); border-bottom: 1px solid var(--care-color-border); padding: var(--care-space-2xs) var(--care-space-xs) var(--care-space-2xs) 0; }
.id-table td { vertical-align: top; padding: var(--care-space-2xs) var(--care-space-xs) var(--care-space-2xs) 0; border-bottom: 1px solid var(--care-color-hover); overflow-wrap: break-word; }
.id-table-wrap { overflow-x: auto; }
.id-nowrap { white-space: nowrap; }
.id-explanation { overflow-wrap: anywhere; }
.id-show-more { align-self: flex-start; border: 0; background: none; padding: 0; color: var(--care-color-primary); font: inherit; text-decoration: underline; cursor: pointer; }
.id-explanation { display: block; color: var(--care-color-text-subtle); font-size: var(--care-font-size-xs, 0.75rem); }
.id-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--care-space-2xs) var(--care-space-m); margin: 0; }
.id-facts dt { color: var(--care-color-text-subtle); }
.id-facts dd { margin: 0; overflow-wrap: anywhere; }
.id-counts { align-items: start; }
.id-accordion { display: flex; flex-direction: column; gap: var(--care-space-xs); }
.id-toolbar { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); }
.id-print-record { margin-bottom: var(--care-space-s); }
.id-acc-item .id-toolbar { margin-bottom: var(--care-space-s); }
.id-note { white-space: pre-wrap; }
/* Phones, and tablets held upright (spec 002 "plus portrait orientation"): each row is a card of label and value. */
@media (max-width: 575.98px), ${PORTRAIT_TABLET} {
  .id-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .id-table, .id-table tbody, .id-table tr, .id-table td { display: block; }
  .id-table tr { padding: var(--care-space-xs) 0; border-bottom: 1px solid var(--care-color-border); }
  .id-nowrap { white-space: normal; }
  .id-table td { display: grid; grid-template-columns: 9rem minmax(0, 1fr); gap: var(--care-space-xs); border: 0; padding: 1px 0; }
  .id-table td::before { content: attr(data-label); color: var(--care-color-text-subtle); }
  .id-facts { grid-template-columns: minmax(0, 1fr); }
  .id-facts dd { margin-bottom: var(--care-space-xs); }
}
@media print {
  .id-show-more, .id-date-filter, .id-toolbar { display: none; }
  .id-accordion[data-printing] > .id-acc-item:not([data-print-item]) { display: none; }
}
`;

export function IdentityRecordStyles() {
  return <style>{css}</style>;
}
