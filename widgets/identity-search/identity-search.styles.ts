/** Styles of <care-identity-search> (the identity left panel and result cards), inside its shadow root beside the shared widget styles. */
export const identitySearchCss = /* css */ `
.identity-search { display: grid; grid-template-columns: minmax(16rem, 20rem) minmax(0, 1fr); gap: var(--care-space-l); align-items: start; }
.identity-left-panel { display: grid; gap: var(--care-space-l); }
.identity-left-panel h2, .identity-results h2 { margin: 0 0 var(--care-space-s); font-size: var(--care-font-size-l); }
.identity-search-form .field { margin-bottom: var(--care-space-s); }
.identity-search-form input:not([type='checkbox']), .identity-search-form select { width: 100%; }
.hospital-choices { border: 0; padding: 0; margin: 0 0 var(--care-space-s); }
.hospital-choices legend { font-weight: var(--care-font-weight-semibold); padding: 0; margin-bottom: var(--care-space-2xs); }
.hospital-options { display: grid; gap: var(--care-space-2xs); max-height: 10rem; overflow-y: auto; border: 1px solid var(--care-color-border-input); border-radius: var(--care-radius-m); padding: var(--care-space-xs); }
.hospital-options input { flex: none; width: auto; margin-top: 0.2rem; }
.hospital-options label { display: flex; gap: var(--care-space-xs); align-items: flex-start; font-weight: var(--care-font-weight-normal); }
.identity-search-form .form-buttons { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: var(--care-space-xs); }
/* Under the buttons, on a line of its own: the left panel is too narrow for it beside them. */
.search-problem { flex: 1 1 100%; margin: 0; }
.link-button { border: 0; background: none; padding: 0; font: inherit; color: var(--care-color-link); cursor: pointer; text-align: left; text-decoration: underline; }
.results-bar h2:focus { outline: none; }
.results-bar { display: flex; align-items: baseline; gap: var(--care-space-m); flex-wrap: wrap; }
.results-bar [role='status'] { color: var(--care-color-text-muted); }
.summary-cards { display: grid; gap: var(--care-space-m); }
.summary-card { display: flex; gap: var(--care-space-m); align-items: flex-start; background: var(--care-color-surface); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); padding: var(--care-space-m); }
.summary-avatar { flex: none; width: 66px; height: 66px; border-radius: 50%; overflow: hidden; display: grid; place-items: center; background: var(--sl-color-primary-100, #e0ecff); color: var(--care-color-link); font-size: 1.25rem; font-weight: var(--care-font-weight-semibold); }
.summary-avatar img { width: 66px; height: 66px; object-fit: cover; }
.summary-body { flex: 1; min-width: 0; }
.summary-title { margin: 0 0 var(--care-space-2xs); font-size: var(--care-font-size-m); overflow-wrap: anywhere; }
.summary-name, .summary-born { margin: 0 0 var(--care-space-2xs); }
.summary-full-name { font-weight: var(--care-font-weight-semibold); }
.summary-preferred { color: var(--care-color-text-muted); }
.summary-flags { list-style: none; display: flex; flex-wrap: wrap; gap: var(--care-space-2xs); margin: var(--care-space-xs) 0; padding: 0; }
.flag-pill { border: 1px solid var(--care-color-warning, #b45309); color: var(--care-color-warning-text, #7c2d12); background: var(--sl-color-warning-50, #fffbeb); border-radius: 999px; padding: 0.1rem 0.6rem; font: inherit; font-size: var(--care-font-size-s); cursor: pointer; }
.flag-panel { background: var(--care-color-surface); border: 1px solid var(--care-color-border-input); border-radius: var(--care-radius-m); box-shadow: var(--sl-shadow-large); padding: var(--care-space-s); max-width: 20rem; }
.flag-panel p { margin: var(--care-space-2xs) 0 0; }
.flag-via { color: var(--care-color-text-muted); font-size: var(--care-font-size-s); }
.summary-facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); gap: var(--care-space-xs) var(--care-space-m); margin: var(--care-space-xs) 0 0; }
.summary-fact dt { font-weight: var(--care-font-weight-semibold); color: var(--care-color-text-muted); font-size: var(--care-font-size-s); }
.summary-fact dd { margin: 0; overflow-wrap: anywhere; }
.summary-mrns { list-style: none; margin: 0; padding: 0; }
.mrn-source { color: var(--care-color-text-muted); }
.summary-no-mrn { color: var(--care-color-text-muted); }
.summary-under-review { display: block; color: var(--care-color-danger); font-weight: var(--care-font-weight-semibold); }
.results-pages { display: flex; align-items: center; justify-content: center; gap: var(--care-space-s); margin-top: var(--care-space-m); }
.under-review::part(panel) { width: min(32rem, 95vw); }
@media (max-width: 768px) {
  .identity-search { grid-template-columns: minmax(0, 1fr); }
  /* Before a search the welcome (how to search) comes first on a phone; results then follow the form. */
  .identity-search:not(.searched) .identity-results { order: -1; }
  .summary-card { flex-direction: column; }
  .summary-facts { grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); }
}
`;
