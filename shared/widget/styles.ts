import lightTheme from '@shoelace-style/shoelace/dist/themes/light.styles.js';
import { BREAKPOINTS, PORTRAIT_TABLET } from '../constants';
import designTokens from '../design-tokens.css?inline';
import baseCss from './base.css?inline';
import cardRowsCss from './card-rows.css?inline';

/** The theme's tokens and ours: what the shell's own page needs too (shell/page-theme.ts). */
export const themeCss = lightTheme.cssText + designTokens;

/**
 * Everything a widget's shadow root needs: Shoelace's light theme tokens (its
 * selector includes `:host`, so they apply even when the host page never loads
 * Shoelace) and our base styles (base.css, minified by the build). Host page
 * CSS stops at the shadow boundary, and none of this leaks out of it.
 */
export const widgetCss = themeCss + baseCss + cardRows(cardRowsCss);

/**
 * The kit's lists become cards of label and value under 576 px of their own
 * width, and on a tablet held upright (PORTRAIT_TABLET) under 768 px: the spec's
 * breakpoints "plus portrait orientation" (docs/design-tokens.md "Breakpoints").
 */
function cardRows(rules: string): string {
  const under = (px: number) => `@container care-table (max-width: ${px - 0.02}px) {${rules}}`;
  return `${under(BREAKPOINTS.sm)}\n@media ${PORTRAIT_TABLET} {${under(BREAKPOINTS.md)}}\n`;
}

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
