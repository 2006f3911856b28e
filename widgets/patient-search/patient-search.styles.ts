/** Styles of <care-patient-search>, inside its shadow root beside the shared widget styles. */
export const patientSearchCss = /* css */ `
.quick-search { position: relative; width: var(--care-quick-search-width, 18rem); }
.quick-search input[type='search'] { width: 100%; min-height: 2.25rem; }
.quick-search-panel {
  position: absolute; top: calc(100% + 2px); left: 0; right: 0; z-index: 1000; min-width: 18rem;
  background: var(--care-color-surface); border: 1px solid var(--care-color-border-input);
  border-radius: var(--care-radius-m); box-shadow: var(--sl-shadow-large); padding: var(--care-space-2xs) 0;
}
.quick-search-panel [role='listbox'] { list-style: none; margin: 0; padding: 0; max-height: 22rem; overflow-y: auto; }
.quick-search-panel [role='option'] { padding: var(--care-space-xs) var(--care-space-s); cursor: pointer; display: grid; gap: 0.1rem; }
.quick-search-panel [role='option'][aria-selected='true'] { background: var(--sl-color-primary-50); box-shadow: inset 3px 0 0 var(--care-color-primary); }
.quick-search-panel [role='option']:hover { background: var(--care-color-hover); }
.quick-search-panel .option-advanced { border-top: 1px solid var(--care-color-border); color: var(--care-color-link); font-weight: var(--care-font-weight-semibold); }
.quick-search-message { display: flex; align-items: center; gap: var(--care-space-xs); margin: 0; padding: var(--care-space-xs) var(--care-space-s); color: var(--care-color-text-muted); font-size: var(--care-font-size-s); }
.quick-search-message:empty { display: none; }
.result-name { font-weight: var(--care-font-weight-semibold); }
.result-meta { color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.result-tag { color: var(--care-color-danger); font-weight: var(--care-font-weight-semibold); }
.patient-facts { display: grid; grid-template-columns: max-content 1fr; gap: var(--care-space-2xs) var(--care-space-m); margin: 0 0 var(--care-space-m); }
.patient-facts dt { font-weight: var(--care-font-weight-semibold); color: var(--care-color-text-muted); }
.patient-facts dd { margin: 0; }
.patient-alerts { display: grid; gap: var(--care-space-xs); }
.dialog-actions { display: flex; gap: var(--care-space-xs); justify-content: flex-end; }
.advanced-search::part(panel) { width: min(44rem, 95vw); }
.advanced-fields { display: grid; align-items: end; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 0 var(--care-space-m); }
.advanced-options { display: flex; align-items: center; justify-content: space-between; gap: var(--care-space-m); margin-bottom: var(--care-space-m); }
.checkbox { display: inline-flex; align-items: center; gap: var(--care-space-xs); font-weight: var(--care-font-weight-normal); }
.advanced-results-bar { display: flex; align-items: center; gap: var(--care-space-xs); border-top: 1px solid var(--care-color-border); padding-top: var(--care-space-s); }
.advanced-results-bar [role='status'] { margin-right: auto; color: var(--care-color-text-muted); }
.result-list { list-style: none; margin: var(--care-space-xs) 0 0; padding: 0; }
.result-list li { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); align-items: baseline; padding: var(--care-space-xs) 0; border-bottom: 1px solid var(--care-color-hover); }
`;
