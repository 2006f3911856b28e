import { REPORT_GRID_COLUMNS, REPORT_ROW_HEIGHT } from '../../shared/schemas/reports';

/** The Reports area's styles, inside the widget's shadow root. */
const css = /* css */ `
.reports-page { display: grid; grid-template-columns: 14rem minmax(0, 1fr); gap: var(--care-space-l, 1.5rem); align-items: start; }
.reports-menu h2 { margin: 0 0 var(--care-space-s, .5rem); font-size: var(--care-font-size-l, 1.25rem); font-weight: var(--care-font-weight-normal, 400); }
.reports-menu ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; }
.reports-menu a { display: block; padding: var(--care-space-xs, .25rem) var(--care-space-s, .5rem); border-radius: 4px; color: inherit; text-decoration: none; }
.reports-menu a:hover { background: var(--sl-color-neutral-100); }
.reports-menu a[aria-current='page'] { background: var(--sl-color-primary-50, #eef4ff); color: var(--care-color-link); border-left: 3px solid var(--care-color-link); font-weight: var(--sl-font-weight-semibold); }
.reports-pick { color: var(--care-color-text-subtle, #555); }
.report { display: flex; flex-direction: column; gap: var(--care-space-m, 1rem); min-width: 0; }
.report-head { display: flex; justify-content: space-between; align-items: flex-start; gap: var(--care-space-m, 1rem); flex-wrap: wrap; }
.report-head h2 { margin: 0; font-size: var(--care-font-size-xl, 1.5rem); font-weight: var(--care-font-weight-normal, 400); }
.report-description { margin: 0; color: var(--care-color-text-subtle, #555); }
fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
legend, .report-filter > label { font-weight: var(--sl-font-weight-semibold); margin-bottom: var(--care-space-2xs, .125rem); padding: 0; }
.report-divisions { display: flex; flex-wrap: wrap; gap: var(--care-space-xs, .25rem) var(--care-space-m, 1rem); }
.choice { display: inline-flex; align-items: center; gap: var(--care-space-2xs, .25rem); margin-right: var(--care-space-m, 1rem); }
.report-filters { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium, 4px); padding: var(--care-space-s, .5rem) var(--care-space-m, 1rem); display: flex; flex-direction: column; gap: var(--care-space-s, .5rem); }
.filters-toggle { align-self: flex-start; background: none; border: 0; padding: 0; color: var(--care-color-link); cursor: pointer; font: inherit; }
.report-filter { display: flex; flex-direction: column; gap: var(--care-space-2xs, .25rem); }
.report-filter input[type='date'], .report-filter input[type='number'], .report-filter input[type='search'], .report-filter select { font: inherit; padding: .3rem .4rem; border: 1px solid var(--sl-color-neutral-400); border-radius: 4px; max-width: 100%; }
.date-range { display: flex; flex-wrap: wrap; gap: var(--care-space-s, .5rem); }
.date-range label { display: flex; flex-direction: column; font-size: var(--sl-font-size-small); }
.badge-filter { gap: var(--care-space-2xs, .125rem); }
.badge-group { display: flex; flex-wrap: wrap; align-items: center; gap: 0 var(--care-space-s, .5rem); }
.badge-group-name, .filter-name { font-weight: var(--sl-font-weight-semibold); font-size: var(--sl-font-size-small); color: var(--care-color-text-muted, #444); margin: var(--care-space-2xs, .125rem) var(--care-space-s, .5rem) 0 0; }
.filter-hint { font-weight: normal; color: var(--care-color-text-subtle, #555); }
.report-commands { display: flex; flex-wrap: wrap; gap: var(--care-space-s, .5rem); }
.report-grid { display: grid; grid-template-columns: repeat(${REPORT_GRID_COLUMNS}, minmax(0, 1fr)); gap: var(--care-space-m, 1rem); }
.filter-grid { grid-auto-rows: auto; }
.filter-grid .report-item { grid-column: var(--col); }
.visual-grid { grid-auto-rows: ${REPORT_ROW_HEIGHT - 16}px; }
.visual-grid .report-item { grid-column: var(--col); grid-row: var(--row); min-width: 0; overflow: auto; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium, 4px); padding: var(--care-space-s, .5rem); }
.visual-grid .table-item { align-self: start; max-height: calc(var(--h) * ${REPORT_ROW_HEIGHT}px); }
/* A chart fits its box (Chart.js resizes it): never a scroll region, which a keyboard could not reach, even while it resizes. */
.visual-grid .chart-item { overflow: hidden; }
.report-chart { margin: 0; height: 100%; display: flex; flex-direction: column; }
.report-chart figcaption, .report-item-title { font-size: inherit; font-weight: var(--sl-font-weight-semibold); margin: 0 0 var(--care-space-xs, .25rem); }
.chart-canvas { position: relative; flex: 1; min-height: 0; }
.single-report { grid-template-columns: minmax(0, 1fr); }
.fixed-height { overflow: auto; }
.fixed-height thead th { position: sticky; top: 0; background: var(--care-color-surface, #fff); z-index: 1; }
.reports-menu .all-reports { display: none; }
@media (max-width: 767px) {
  .reports-page { grid-template-columns: minmax(0, 1fr); }
  /* Thirteen report names would push the open report below the fold: keep the current one, and All Reports for the rest. */
  .report-open .reports-menu li:not(:has([aria-current])) { display: none; }
  .report-open .reports-menu .all-reports { display: inline-block; margin-bottom: var(--care-space-xs, .25rem); padding: 0; color: var(--care-color-link); text-decoration: underline; }
  .report-grid { grid-template-columns: minmax(0, 1fr); }
  .filter-grid .report-item, .visual-grid .report-item { grid-column: 1; grid-row: auto; }
  .visual-grid { grid-auto-rows: auto; }
  .visual-grid .chart-item { height: calc(var(--h) * ${REPORT_ROW_HEIGHT}px); }
  .visual-grid .table-item { max-height: calc(var(--h) * ${REPORT_ROW_HEIGHT}px); }
}
`;

export function ReportsStyles() {
  return <style>{css}</style>;
}
