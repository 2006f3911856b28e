/** Styles of <care-patient-search>, inside its shadow root beside the shared widget styles. */
export const patientSearchCss = /* css */ `
.quick-search { position: relative; width: var(--care-quick-search-width, 18rem); }
.quick-search input[type='search'] { width: 100%; min-height: 2.25rem; }
.quick-search-panel {
  position: absolute; top: calc(100% + 2px); left: 0; right: 0; z-index: 1000; min-width: 18rem;
  background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-300);
  border-radius: var(--sl-border-radius-medium); box-shadow: var(--sl-shadow-large); padding: var(--sl-spacing-2x-small) 0;
}
.quick-search-panel [role='listbox'] { list-style: none; margin: 0; padding: 0; max-height: 22rem; overflow-y: auto; }
.quick-search-panel [role='option'] { padding: var(--sl-spacing-x-small) var(--sl-spacing-small); cursor: pointer; display: grid; gap: 0.1rem; }
.quick-search-panel [role='option'][aria-selected='true'] { background: var(--sl-color-primary-50); box-shadow: inset 3px 0 0 var(--care-color-primary); }
.quick-search-panel [role='option']:hover { background: var(--sl-color-neutral-100); }
.quick-search-panel .option-advanced { border-top: 1px solid var(--sl-color-neutral-200); color: var(--care-color-link); font-weight: var(--sl-font-weight-semibold); }
.quick-search-message { display: flex; align-items: center; gap: var(--sl-spacing-x-small); margin: 0; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); color: var(--sl-color-neutral-700); font-size: var(--sl-font-size-small); }
.quick-search-message:empty { display: none; }
.result-name { font-weight: var(--sl-font-weight-semibold); }
.result-meta { color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.result-tag { color: var(--sl-color-danger-700); font-weight: var(--sl-font-weight-semibold); }
.patient-facts { display: grid; grid-template-columns: max-content 1fr; gap: var(--sl-spacing-2x-small) var(--sl-spacing-medium); margin: 0 0 var(--sl-spacing-medium); }
.patient-facts dt { font-weight: var(--sl-font-weight-semibold); color: var(--sl-color-neutral-700); }
.patient-facts dd { margin: 0; }
.patient-alerts { display: grid; gap: var(--sl-spacing-x-small); }
.dialog-actions { display: flex; gap: var(--sl-spacing-x-small); justify-content: flex-end; }
.advanced-search::part(panel) { width: min(44rem, 95vw); }
.advanced-fields { display: grid; align-items: end; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 0 var(--sl-spacing-medium); }
.advanced-options { display: flex; align-items: center; justify-content: space-between; gap: var(--sl-spacing-medium); margin-bottom: var(--sl-spacing-medium); }
.checkbox { display: inline-flex; align-items: center; gap: var(--sl-spacing-x-small); font-weight: var(--sl-font-weight-normal); }
.advanced-results-bar { display: flex; align-items: center; gap: var(--sl-spacing-x-small); border-top: 1px solid var(--sl-color-neutral-200); padding-top: var(--sl-spacing-small); }
.advanced-results-bar [role='status'] { margin-right: auto; color: var(--sl-color-neutral-700); }
.result-list { list-style: none; margin: var(--sl-spacing-x-small) 0 0; padding: 0; }
.result-list li { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small); align-items: baseline; padding: var(--sl-spacing-x-small) 0; border-bottom: 1px solid var(--sl-color-neutral-100); }
`;
