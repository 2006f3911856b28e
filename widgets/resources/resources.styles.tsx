/** What only the resource pages add to the section page. */
const css = /* css */ `
.resource-target { display: flex; flex-wrap: wrap; gap: var(--care-space-xs) var(--care-space-l); border: 0; padding: 0; margin: 0; }
.resource-target legend { font-weight: var(--care-font-weight-semibold); padding: 0; margin-bottom: var(--care-space-2xs); }
.resource-target label { display: inline-flex; align-items: center; gap: var(--care-space-2xs); }
.resource-site { overflow-wrap: anywhere; color: var(--care-color-text-muted); }
/* A File resource's title is a button (it asks for the signed link first); it reads as the links beside it. */
.link-button { text-align: start; }
.data-table th { white-space: nowrap; }
.resource-added { white-space: nowrap; }
.data-table.resource-rows table { min-width: 40rem; }
/* A phone shows each of the patient's resources as a small card, so Remove is in reach without scrolling sideways. */
@media (max-width: 575px) {
  .data-table.resource-rows table { min-width: 0; }
  .data-table.resource-rows thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .data-table.resource-rows tr { display: block; padding: var(--care-space-xs) 0; border-bottom: 1px solid var(--care-color-border); }
  .data-table.resource-rows td { display: flex; gap: var(--care-space-s); border: 0; padding: var(--care-space-3xs) var(--care-space-xs); }
  .data-table.resource-rows td[data-label]::before { content: attr(data-label); flex: 0 0 5rem; color: var(--care-color-text-subtle); }
  .data-table.resource-rows td.resource-actions { justify-content: flex-end; }
}
`;

export function ResourcesStyles() {
  return <style>{css}</style>;
}
