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
@media (max-width: 575px) { .column-row { grid-template-columns: minmax(0, 1fr); } }
`;

export function AdminStyles() {
  return <style>{css}</style>;
}
