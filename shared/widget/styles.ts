import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js';
import designTokens from '../design-tokens.css?inline';

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
  font-family: var(--care-font-family);
  font-size: var(--care-font-size-m);
  font-style: normal;
  font-weight: var(--care-font-weight-normal);
  color: var(--care-color-text);
  line-height: var(--care-line-height);
  letter-spacing: normal;
  word-spacing: normal;
  text-transform: none;
  text-align: start;
  white-space: normal;
  --sl-color-primary-600: var(--care-color-primary);
  --sl-color-primary-500: var(--care-color-primary);
  --sl-color-primary-700: color-mix(in srgb, var(--care-color-primary) 85%, black);
  --sl-focus-ring-color: var(--care-color-primary);
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
h1, h2, h3 { font-weight: var(--care-font-weight-semibold); margin: 0 0 var(--care-space-s); }
h1 { font-size: var(--care-font-size-xl); }
h2 { font-size: var(--care-font-size-l); }
label { font-size: var(--care-font-size-s); font-weight: var(--care-font-weight-semibold); }
input, select, textarea {
  font: inherit;
  padding: var(--care-space-2xs) var(--care-space-xs);
  border: 1px solid var(--care-color-border-input);
  border-radius: var(--care-radius-m);
  background: var(--care-color-surface);
  color: inherit;
}
input[aria-invalid='true'], select[aria-invalid='true'], textarea[aria-invalid='true'] { border-color: var(--sl-color-danger-600); }
button.care-button {
  font: inherit;
  padding: var(--care-space-2xs) var(--care-space-s);
  border: 1px solid var(--care-color-border-input);
  border-radius: var(--care-radius-m);
  background: var(--care-color-surface);
  cursor: pointer;
}
button.care-button:disabled { opacity: 0.5; cursor: not-allowed; }
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.card { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); padding: var(--care-space-m); background: var(--care-color-surface); }
.field { display: flex; flex-direction: column; gap: var(--care-space-3xs); margin-bottom: var(--care-space-s); }
.choices { border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); padding: var(--care-space-xs) var(--care-space-s); margin-inline: 0; }
.choices legend { padding: 0 var(--care-space-2xs); }
.choices-options { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs) var(--care-space-m); }
.choices-options label { white-space: nowrap; }
.field-error { color: var(--care-color-danger); font-size: var(--care-font-size-s); }
.field-hint { color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.error-summary { border: 1px solid var(--sl-color-danger-300); background: var(--sl-color-danger-50); border-radius: var(--care-radius-m); padding: var(--care-space-s); margin-bottom: var(--care-space-m); }
.error-summary ul { margin: 0; padding-left: var(--care-space-l); }
/* Positioned, so the filters' visually hidden labels stay inside the scrolling box instead of widening the page. */
.data-table { overflow-x: auto; position: relative; }
.data-table table { width: 100%; border-collapse: collapse; }
.data-table th, .data-table td { text-align: left; padding: var(--care-space-2xs) var(--care-space-xs); border-bottom: 1px solid var(--care-color-border); }
/* A header never breaks inside its phrase ("Date of Birth", not "Date of / Birth"); a narrow card scrolls the table sideways instead. Cells start at the top, so a wrapped cell does not push its row's other values off their line. */
.data-table thead th { white-space: nowrap; vertical-align: bottom; }
.data-table tbody td { vertical-align: top; }
.data-table .group-row th { background: var(--care-color-canvas); font-weight: var(--sl-font-weight-semibold, 600); padding-top: var(--care-space-xs); }
.data-table .filters input { width: 100%; }
/* A header that wraps stays aligned with its column's cells, not centred like a button's label. */
.sort-button { font: inherit; font-weight: var(--care-font-weight-semibold); background: none; border: 0; padding: 0; cursor: pointer; color: inherit; text-align: start; }
.data-table tr.clickable { cursor: pointer; }
.data-table tr.clickable:hover, .data-table tr.clickable:focus-visible { background: var(--care-color-hover); }
.pager { display: flex; flex-wrap: wrap; gap: var(--care-space-s); align-items: center; justify-content: flex-end; margin-top: var(--care-space-xs); }
.load-state { margin: var(--care-space-s) 0; }
.skeleton-line { display: block; height: 1rem; margin-bottom: var(--care-space-xs); }
.toast-stack { position: fixed; top: var(--care-space-m); right: var(--care-space-m); z-index: var(--sl-z-index-toast); display: grid; gap: var(--care-space-xs); width: min(28rem, calc(100vw - 2rem)); }
.file-drop { border: 2px dashed var(--care-color-border-input); border-radius: var(--care-radius-l); padding: var(--care-space-m); display: grid; gap: var(--care-space-xs); }
.file-drop.over { border-color: var(--care-color-primary); background: var(--care-color-canvas); }
.card-header { display: flex; justify-content: space-between; align-items: baseline; gap: var(--care-space-s); }
/* The kit's StatusBadge: a status as a coloured pill. */
.status-badge { display: inline-block; padding: 0.1em 0.6em; border-radius: var(--sl-border-radius-pill); font-size: var(--care-font-size-s); font-weight: var(--care-font-weight-semibold); white-space: nowrap; border: 1px solid; }
.status-badge.success { background: var(--sl-color-success-50); color: var(--sl-color-success-800); border-color: var(--sl-color-success-300); }
.status-badge.danger { background: var(--sl-color-danger-50); color: var(--sl-color-danger-800); border-color: var(--sl-color-danger-300); }
.status-badge.warning { background: var(--sl-color-warning-50); color: var(--sl-color-warning-800); border-color: var(--sl-color-warning-300); }
`;

export const widgetCss = lightTheme.cssText + designTokens + baseCss;

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
