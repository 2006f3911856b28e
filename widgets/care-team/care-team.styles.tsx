/** The Care Team page and its two forms. */
export const careTeamCss = /* css */ `
.care-team-section { display: flex; flex-direction: column; gap: var(--sl-spacing-x-small); }
.care-team-section h3 { margin: 0; font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-semibold); }
.care-team-section .card-header { align-items: center; flex-wrap: wrap; }
.care-team-section sl-tab-panel::part(base) { padding: var(--sl-spacing-small) 0 0; }
.care-team-table th { white-space: nowrap; }
.care-team-table td { vertical-align: top; }
.care-team-table .secondary { display: block; color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.care-team-flags { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-3x-small); }
.care-team-form .form-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr)); gap: 0 var(--sl-spacing-medium); }
.care-team-form input:not([type='checkbox']), .care-team-form select { min-height: 2.5rem; }
.care-team-form .choice-group { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); margin: 0 0 var(--sl-spacing-small); padding: var(--sl-spacing-x-small) var(--sl-spacing-small); display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr)); gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); }
.care-team-form .choice-group legend { padding: 0 var(--sl-spacing-2x-small); }
.care-team-form .choice-group label { display: flex; gap: var(--sl-spacing-x-small); align-items: center; }
.care-team-form .choice-group .field-error { grid-column: 1 / -1; }
`;
