/** The admin pages' own styles, inside the widget's shadow root. */
const css = /* css */ `
.admin-page { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); }
.admin-nav ul { display: flex; flex-wrap: wrap; gap: 0 var(--sl-spacing-medium); list-style: none; margin: 0; padding: 0; border-bottom: 1px solid var(--sl-color-neutral-200); }
.admin-nav a { display: inline-block; padding: var(--sl-spacing-x-small) 0; text-decoration: none; color: inherit; }
.admin-nav a[aria-current='page'] { border-bottom: 3px solid var(--care-color-primary, var(--sl-color-primary-600)); font-weight: var(--sl-font-weight-semibold); }
.admin-user-form h3 { margin: var(--sl-spacing-medium) 0 0; font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-normal); }
.division-access { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.division-access > legend { font-weight: var(--sl-font-weight-semibold); padding: 0 var(--sl-spacing-2x-small); }
.flag-list { border: 0; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: var(--sl-spacing-x-small) var(--sl-spacing-medium); }
.flag-list > legend { font-weight: var(--sl-font-weight-semibold); margin-bottom: var(--sl-spacing-x-small); }
.flag { display: flex; gap: var(--sl-spacing-x-small); align-items: flex-start; }
.flag input { margin-top: 0.2em; }
.flag-label { display: block; }
.flag-opens { display: block; font-size: var(--sl-font-size-small); color: var(--sl-color-neutral-600); }
.user-commands { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-small); }
.user-commands p { margin: 0; flex-basis: 100%; }
.audit-json { margin: 0; font-size: var(--sl-font-size-x-small); max-width: 26rem; overflow-wrap: anywhere; }
.audit-json dt, .audit-json dd { display: inline; margin: 0; }
.audit-json dt { font-weight: var(--sl-font-weight-semibold); }
.audit-json dt::after { content: ':'; }
.division-list, .queue-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--sl-spacing-x-small); }
.division-list li { display: flex; align-items: center; gap: var(--sl-spacing-small); flex-wrap: wrap; }
.division-mark { display: inline-flex; align-items: center; justify-content: center; width: 2rem; height: 2rem; border-radius: var(--sl-border-radius-medium); color: #fff; font-weight: var(--sl-font-weight-bold); font-size: var(--sl-font-size-small); object-fit: contain; flex: none; }
.division-note { font-size: var(--sl-font-size-small); color: var(--sl-color-neutral-600); }
.logo-field { display: flex; align-items: center; gap: var(--sl-spacing-small); flex-wrap: wrap; }
.division-glass { display: flex; flex-direction: column; gap: var(--care-space-s, .75rem); margin: 0; padding: var(--care-space-s, .75rem) var(--care-space-m, 1rem); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m, 6px); min-width: 0; }
.division-glass legend { font-weight: var(--care-font-weight-semibold, 600); padding: 0 .25rem; }
.division-glass input[type="number"] { max-width: 8rem; }
.queue-list code, .rule-preview { overflow-wrap: anywhere; }
.rule-preview { margin: 0; font-weight: var(--sl-font-weight-semibold); }
.column-map { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.column-map > legend { font-weight: var(--sl-font-weight-semibold); padding: 0 var(--sl-spacing-2x-small); }
.column-row { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto; gap: var(--sl-spacing-x-small) var(--sl-spacing-small); align-items: end; padding-bottom: var(--sl-spacing-small); border-bottom: 1px solid var(--sl-color-neutral-100); }
.column-moves { grid-column: 1 / -1; display: flex; gap: var(--sl-spacing-x-small); }
.column-hidden { white-space: nowrap; padding-bottom: var(--sl-spacing-2x-small); }
.code-holders { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.code-holder { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: center; gap: var(--sl-spacing-x-small) var(--sl-spacing-medium); padding-bottom: var(--sl-spacing-x-small); border-bottom: 1px solid var(--sl-color-neutral-100); }
.code-status { margin-left: var(--sl-spacing-x-small); font-size: var(--sl-font-size-small); font-weight: var(--sl-font-weight-semibold); color: var(--sl-color-success-700); }
.code-status.revoked { color: var(--sl-color-danger-700); }
.new-code { border: 1px solid var(--sl-color-warning-300); background: var(--sl-color-warning-50); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); }
.new-code p { margin: 0 0 var(--sl-spacing-2x-small); }
.new-code code { white-space: nowrap; font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-bold); letter-spacing: 0.05em; }
.ext-link-main { display: flex; flex-direction: column; gap: var(--sl-spacing-2x-small); min-width: 0; flex: 1 1 24rem; }
/* A registration's name is typed by an administrator: one long word must wrap, not widen a phone's page. */
.ext-link-main strong { overflow-wrap: anywhere; }
.ext-link-address { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-x-small); }
.ext-link-address code, .ext-link-url { overflow-wrap: anywhere; font-size: var(--sl-font-size-small); }
.new-code code.ext-link-url { white-space: normal; letter-spacing: 0; font-size: var(--sl-font-size-medium); }
.ext-link-form .choices { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); }
.ext-link-form .choices > legend { font-weight: var(--sl-font-weight-semibold); padding: 0 var(--sl-spacing-2x-small); }
.ext-link-form .choices-options { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); }
.registration-form { display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.registration-form .field-hint { display: block; }
.group-roles .column-row { align-items: start; }
.password-sign-in { display: flex; flex-direction: column; gap: var(--sl-spacing-x-small); border-top: 1px solid var(--sl-color-neutral-200); padding-top: var(--sl-spacing-small); }
.password-sign-in h3 { margin: 0; font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-normal); }
.password-sign-in p { margin: 0; }
.registration-values .section-facts { align-items: center; }
.registration-values p { margin: 0 0 var(--sl-spacing-x-small); }
.registration-codes { display: flex; flex-wrap: wrap; align-items: center; gap: var(--sl-spacing-2x-small) var(--sl-spacing-x-small); }
.registration-codes code, .fhir-client-keys code { overflow-wrap: anywhere; }
.ehr-links { display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.ehr-links h3 { margin: 0; font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-normal); }
.section-page form.ehr-link-decision { flex: 1 1 18rem; max-width: 24rem; gap: var(--sl-spacing-x-small); }
.reference-index { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: var(--sl-spacing-medium); }
.reference-index li { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); }
.reference-index a { font-weight: var(--sl-font-weight-semibold); }
.reference-index p, .reference-back, .reference-description, .reference-shared { margin: 0; }
.reference-description, .reference-shared, .reference-index p { color: var(--sl-color-neutral-700); font-size: var(--sl-font-size-small); }
.reference-group h3 { margin: var(--sl-spacing-small) 0 var(--sl-spacing-x-small); font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-normal); }
.reference-table { width: 100%; border-collapse: collapse; table-layout: fixed; }
.reference-table .status-column { width: 6rem; }
.reference-table .commands-column { width: 8rem; }
.reference-table .commands-column.ordered { width: 20rem; }
.reference-table th, .reference-table td { text-align: left; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); border-bottom: 1px solid var(--sl-color-neutral-200); vertical-align: middle; overflow-wrap: anywhere; }
.reference-table th { font-weight: var(--sl-font-weight-semibold); background: var(--sl-color-neutral-50); }
.reference-table tr.inactive td { color: var(--sl-color-neutral-600); }
.reference-table tr.inactive td[data-label='Status'] { font-weight: var(--sl-font-weight-semibold); }
.reference-table .drag-column { width: 2rem; }
.reference-table td.drag-cell { padding-right: 0; }
.drag-handle { display: inline-block; padding: 0 var(--sl-spacing-2x-small); cursor: grab; color: var(--sl-color-neutral-500); font-size: var(--sl-font-size-large); line-height: 1; user-select: none; }
.drag-handle:hover { color: var(--sl-color-neutral-800); }
.reference-table tr[data-dragging] td { opacity: 0.45; }
.reference-table tr[data-drop='before'] td { box-shadow: inset 0 3px 0 var(--sl-color-primary-600); }
.reference-table tr[data-drop='after'] td { box-shadow: inset 0 -3px 0 var(--sl-color-primary-600); }
.reference-commands { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-2x-small); justify-content: flex-end; }
.swatch-value { display: inline-flex; align-items: center; gap: var(--sl-spacing-2x-small); }
.swatch { display: inline-block; width: 1rem; height: 1rem; border-radius: var(--sl-border-radius-small); border: 1px solid var(--sl-color-neutral-300); }
.child-rows { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small) var(--sl-spacing-medium); display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.child-rows > legend { font-weight: var(--sl-font-weight-semibold); padding: 0 var(--sl-spacing-2x-small); }
.child-rows .field-hint { margin: 0; }
.child-row { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: var(--sl-spacing-x-small) var(--sl-spacing-small); align-items: start; padding-bottom: var(--sl-spacing-small); border-bottom: 1px solid var(--sl-color-neutral-100); }
.child-row > sl-button { grid-column: 1 / -1; justify-self: start; }
.json-field { font-family: var(--sl-font-mono); font-size: var(--sl-font-size-small); }
@media (max-width: 575px) {
  .column-row { grid-template-columns: minmax(0, 1fr); }
  .reference-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .reference-table, .reference-table tbody, .reference-table tr, .reference-table td { display: block; width: 100%; box-sizing: border-box; }
  .reference-table tr { border-bottom: 1px solid var(--sl-color-neutral-300); padding: var(--sl-spacing-x-small) 0; }
  .reference-table td { border: 0; padding: var(--sl-spacing-3x-small) 0; display: grid; grid-template-columns: 7rem minmax(0, 1fr); gap: var(--sl-spacing-x-small); }
  .reference-table td::before { content: attr(data-label); color: var(--sl-color-neutral-600); }
  .reference-table td:last-child { display: block; padding-top: var(--sl-spacing-x-small); }
  .reference-table td:last-child::before { content: none; }
  .reference-table td.drag-cell { display: none; }
  .reference-commands { justify-content: flex-start; }
}
`;

export function AdminStyles() {
  return <style>{css}</style>;
}
