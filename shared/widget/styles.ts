import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js';

/**
 * Everything a widget's shadow root needs: Shoelace's light theme tokens (its
 * selector includes `:host`, so they apply even when the host page never loads
 * Shoelace) and our base styles. Host page CSS stops at the shadow boundary,
 * and none of this leaks out of it.
 */
const baseCss = /* css */ `
:host { display: block; }
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: border-box; }
.care-root {
  /* Set here, not on :host: a host page's \`* { font-family: ... !important }\` beats any :host
     rule, but cannot reach inside the shadow root, and inherited text styles stop here. */
  font-family: var(--sl-font-sans);
  font-size: var(--sl-font-size-medium);
  font-style: normal;
  font-weight: var(--sl-font-weight-normal);
  color: var(--sl-color-neutral-900);
  line-height: var(--sl-line-height-normal);
  letter-spacing: normal;
  word-spacing: normal;
  text-transform: none;
  text-align: start;
  white-space: normal;
  --sl-color-primary-600: var(--care-color-primary);
  --sl-color-primary-500: var(--care-color-primary);
  --sl-color-primary-700: color-mix(in srgb, var(--care-color-primary) 85%, black);
  --sl-focus-ring-color: var(--care-color-primary);
  /* As in the shell: brand-coloured text a shade darker than the brand, for contrast on tinted panels. */
  --care-color-link: color-mix(in srgb, var(--care-color-primary) 75%, black);
}
a, .link-button {
  color: var(--care-color-link);
  cursor: pointer;
  background: none;
  border: 0;
  padding: 0;
  font: inherit;
  text-decoration: underline;
}
:focus-visible { outline: var(--sl-focus-ring-width) solid var(--sl-focus-ring-color); outline-offset: 2px; }
h1, h2, h3 { font-weight: var(--sl-font-weight-semibold); margin: 0 0 var(--sl-spacing-small); }
h1 { font-size: var(--sl-font-size-x-large); }
h2 { font-size: var(--sl-font-size-large); }
label { font-size: var(--sl-font-size-small); font-weight: var(--sl-font-weight-semibold); }
input, select, textarea {
  font: inherit;
  padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small);
  border: 1px solid var(--sl-color-neutral-300);
  border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-neutral-0);
  color: inherit;
}
input[aria-invalid='true'], select[aria-invalid='true'], textarea[aria-invalid='true'] { border-color: var(--sl-color-danger-600); }
button.care-button {
  font: inherit;
  padding: var(--sl-spacing-2x-small) var(--sl-spacing-small);
  border: 1px solid var(--sl-color-neutral-300);
  border-radius: var(--sl-border-radius-medium);
  background: var(--sl-color-neutral-0);
  cursor: pointer;
}
button.care-button:disabled { opacity: 0.5; cursor: not-allowed; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.card { border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); background: var(--sl-color-neutral-0); }
.field { display: flex; flex-direction: column; gap: var(--sl-spacing-3x-small); margin-bottom: var(--sl-spacing-small); }
.field-error { color: var(--sl-color-danger-700); font-size: var(--sl-font-size-small); }
.field-hint { color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.error-summary { border: 1px solid var(--sl-color-danger-300); background: var(--sl-color-danger-50); border-radius: var(--sl-border-radius-medium); padding: var(--sl-spacing-small); margin-bottom: var(--sl-spacing-medium); }
.error-summary ul { margin: 0; padding-left: var(--sl-spacing-large); }
/* Positioned, so the filters' visually hidden labels stay inside the scrolling box instead of widening the page. */
.data-table { overflow-x: auto; position: relative; }
.data-table table { width: 100%; border-collapse: collapse; }
.data-table th, .data-table td { text-align: left; padding: var(--sl-spacing-2x-small) var(--sl-spacing-x-small); border-bottom: 1px solid var(--sl-color-neutral-200); }
/* A header never breaks inside its phrase ("Date of Birth", not "Date of / Birth"); a narrow card scrolls the table sideways instead. Cells start at the top, so a wrapped cell does not push its row's other values off their line. */
.data-table thead th { white-space: nowrap; vertical-align: bottom; }
.data-table tbody td { vertical-align: top; }
.data-table .filters input { width: 100%; }
/* A header that wraps stays aligned with its column's cells, not centred like a button's label. */
.sort-button { font: inherit; font-weight: var(--sl-font-weight-semibold); background: none; border: 0; padding: 0; cursor: pointer; color: inherit; text-align: start; }
.data-table tr.clickable { cursor: pointer; }
.data-table tr.clickable:hover, .data-table tr.clickable:focus-visible { background: var(--sl-color-neutral-100); }
.pager { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-small); align-items: center; justify-content: flex-end; margin-top: var(--sl-spacing-x-small); }
.load-state { margin: var(--sl-spacing-small) 0; }
.skeleton-line { display: block; height: 1rem; margin-bottom: var(--sl-spacing-x-small); }
.toast-stack { position: fixed; top: var(--sl-spacing-medium); right: var(--sl-spacing-medium); z-index: var(--sl-z-index-toast); display: grid; gap: var(--sl-spacing-x-small); width: min(28rem, calc(100vw - 2rem)); }
.file-drop { border: 2px dashed var(--sl-color-neutral-300); border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-medium); display: grid; gap: var(--sl-spacing-x-small); }
.file-drop.over { border-color: var(--care-color-primary); background: var(--sl-color-neutral-50); }
.card-header { display: flex; justify-content: space-between; align-items: baseline; gap: var(--sl-spacing-small); }
/* Readable width; wide for the long two-column sheets (CIT, referral). */
.public-form { max-width: 44rem; margin: 0 auto; padding: var(--sl-spacing-large) var(--sl-spacing-medium); }
.public-form.wide { max-width: 64rem; }
.public-form-brand { display: flex; align-items: center; gap: var(--sl-spacing-small); padding-bottom: var(--sl-spacing-medium); margin-bottom: var(--sl-spacing-medium); border-bottom: 3px solid var(--care-color-primary); }
.public-form-brand img, .public-form-mark { flex: none; width: 48px; height: 48px; border-radius: var(--sl-border-radius-large); }
.public-form-mark { display: grid; place-items: center; background: var(--care-color-primary); color: #fff; font-size: var(--sl-font-size-x-large); font-weight: var(--sl-font-weight-bold); }
.public-form-name { margin: 0; font-size: var(--sl-font-size-large); font-weight: var(--sl-font-weight-semibold); }
.public-form-detail { margin: 0; color: var(--sl-color-neutral-700); }
.public-form-purpose { margin: 0 0 var(--sl-spacing-large); color: var(--sl-color-neutral-700); }
.public-form-body { background: var(--sl-color-neutral-0); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-large); padding: var(--sl-spacing-large); }
.public-form-footer { margin-top: var(--sl-spacing-large); padding-top: var(--sl-spacing-small); border-top: 1px solid var(--sl-color-neutral-200); color: var(--sl-color-neutral-700); font-size: var(--sl-font-size-small); text-align: center; }
@media (max-width: 575.98px) { .public-form { padding: var(--sl-spacing-small); } .public-form-body { padding: var(--sl-spacing-medium) var(--sl-spacing-small); } }
`;

export const widgetCss = lightTheme.cssText + baseCss;

let sheet: CSSStyleSheet | undefined;

/** One constructed sheet shared by every widget instance on the page. */
export function widgetStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(widgetCss);
  }
  return sheet;
}

/** Gives a shadow root our styles once, keeping any sheets it already has. */
export function adoptWidgetStyles(root: ShadowRoot): void {
  const shared = widgetStyleSheet();
  if (!root.adoptedStyleSheets.includes(shared)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, shared];
}
