/** The Care Team page and its two forms. */
export const careTeamCss = /* css */ `
.care-team-section { display: flex; flex-direction: column; gap: var(--care-space-xs); }
.care-team-section h3 { margin: 0; font-size: var(--care-font-size-l); font-weight: var(--care-font-weight-semibold); }
.care-team-section .card-header { align-items: center; flex-wrap: wrap; }
.care-team-section sl-tab-panel::part(base) { padding: var(--care-space-s) 0 0; }
.care-team-section .secondary { display: block; color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.care-team-flags { display: flex; flex-wrap: wrap; gap: var(--care-space-3xs); }
.care-team-form .form-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 14rem), 1fr)); gap: 0 var(--care-space-m); }
.care-team-form input:not([type='checkbox']), .care-team-form select { min-height: 2.5rem; }
.care-team-form .choice-group { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); margin: 0 0 var(--care-space-s); padding: var(--care-space-xs) var(--care-space-s); display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 12rem), 1fr)); gap: var(--care-space-2xs) var(--care-space-m); }
.care-team-form .choice-group legend { padding: 0 var(--care-space-2xs); }
.care-team-form .choice-group label { display: flex; gap: var(--care-space-xs); align-items: center; }
.care-team-form .choice-group .field-error { grid-column: 1 / -1; }
`;
