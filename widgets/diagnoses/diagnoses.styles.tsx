/** What only the Diagnoses pages add to the section page. */
const css = /* css */ `
.check { display: flex; gap: var(--care-space-xs); align-items: center; }
.diagnosis-primary td { font-weight: var(--care-font-weight-bold); }
.diagnosis-note { white-space: pre-wrap; overflow-wrap: anywhere; }
.diagnoses-table table { min-width: 40rem; }
.diagnoses-table th { white-space: nowrap; }
/* On a phone each diagnosis is a block of labelled lines rather than a table to scroll sideways. */
@media (max-width: 575px) {
  .data-table.diagnoses-table table { min-width: 0; }
  .data-table.diagnoses-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .data-table.diagnoses-table tr { display: block; padding: var(--care-space-xs) 0; border-bottom: 1px solid var(--care-color-border); }
  .data-table.diagnoses-table td { display: grid; grid-template-columns: 6.5rem minmax(0, 1fr); gap: var(--care-space-xs); border: 0; }
  .data-table.diagnoses-table td::before { content: attr(data-label); color: var(--care-color-text-subtle); font-weight: var(--care-font-weight-normal); }
  .data-table.diagnoses-table td:empty { display: none; }
}
`;

export function DiagnosesStyles() {
  return <style>{css}</style>;
}
