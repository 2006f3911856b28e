/** What only the Diagnoses pages add to the section page. */
const css = /* css */ `
.check { display: flex; gap: var(--sl-spacing-x-small); align-items: center; }
.diagnosis-primary td { font-weight: var(--sl-font-weight-bold); }
.diagnosis-note { white-space: pre-wrap; overflow-wrap: anywhere; }
.diagnoses-table th { white-space: nowrap; }
`;

export function DiagnosesStyles() {
  return <style>{css}</style>;
}
