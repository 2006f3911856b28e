const sheets = new Map<string, CSSStyleSheet>();

/**
 * Gives the shadow root (or page) that `node` is drawn in the rules of a kit
 * piece only some pages draw, once, however many of the piece it holds:
 * base.css is in every widget's first load, so it carries only what those
 * draw. Use as a ref: `ref={(el) => adoptCss(el, css)}`.
 */
export function adoptCss(node: Element | null, css: string): void {
  const root = node?.getRootNode();
  if (!(root instanceof ShadowRoot || root instanceof Document)) return;
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
