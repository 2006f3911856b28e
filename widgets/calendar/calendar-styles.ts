import skeletonCss from '@fullcalendar/react/skeleton.css?inline';
import themeCss from '@fullcalendar/react/themes/classic/theme.css?inline';
import paletteCss from '@fullcalendar/react/themes/classic/palette.css?inline';

/**
 * FullCalendar's styles for a shadow root. Its CSS puts variables on `:root`,
 * which matches nothing inside a shadow root, so they go on `:host` too; the
 * theme's primary colour follows the widget's.
 */
const css =
  [skeletonCss, themeCss, paletteCss].join('\n').replace(/:root\b/g, ':root, :host') +
  /* css */ `
.calendar-view { --fc-classic-primary: var(--care-color-primary); --fc-classic-button: var(--sl-color-neutral-700); --fc-classic-button-border: var(--sl-color-neutral-700); }
.calendar-status .load-state { margin: 0 0 var(--sl-spacing-x-small); }
`;

let sheet: CSSStyleSheet | undefined;

/** Adds the sheet once per root (a shadow root, or the document when rendered without one). */
export function adoptCalendarStyles(root: Document | ShadowRoot): void {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
