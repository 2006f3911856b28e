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
.calendar-view { --fc-classic-primary: var(--care-color-primary); --fc-classic-button: var(--care-color-text-muted); --fc-classic-button-border: var(--care-color-text-muted);
  /* The theme's grey for other months' days and muted text is 2.5:1 on white; these stay readable (4.5:1). */
  --fc-classic-faint-foreground: var(--care-color-text-subtle); --fc-classic-muted-foreground: var(--care-color-text-subtle); }
.calendar-status .load-state { margin: 0 0 var(--care-space-xs); }
.calendar-view { position: relative; }
.calendar-loading { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; z-index: 10; pointer-events: none; }
.calendar-spinner { font-size: 2rem; }
/* Month cells (the card's and the full page's) wrap an event between words rather than cutting it mid-word (FullCalendar keeps it on one clipped line); the whole title is also its tooltip. */
.calendar-view.compact .care-event, .calendar-view.compact .care-event *,
.calendar-view.view-dayGridMonth .care-event, .calendar-view.view-dayGridMonth .care-event * { white-space: normal !important; overflow: visible !important; text-overflow: clip !important; }
.calendar-view.view-dayGridMonth .care-event { align-items: flex-start; }
.calendar-view.view-dayGridMonth .care-event > div:last-child { flex-wrap: wrap; min-width: 0; }
/* On the full page the time and the title run on as one text, so a title starts beside its time. */
.calendar-view.view-dayGridMonth:not(.compact) .care-event > div:last-child { display: block; }
.calendar-view.view-dayGridMonth:not(.compact) .care-event > div:last-child > div { display: inline; margin-right: 0.25em; }
/* A phone's month cell is a finger wide: there an event shows its colour only; its title stays its accessible name and tooltip, and a tap on the day opens the day view, where it reads whole. */
@media (max-width: 575.98px) {
  .calendar-view.view-dayGridMonth:not(.compact) .care-event > div:last-child > div:last-child:not(:first-child),
  .calendar-view.view-dayGridMonth:not(.compact) .care-event > div:last-child > div:only-child { position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden !important; clip-path: inset(50%); white-space: nowrap !important; }
  .calendar-view.view-dayGridMonth:not(.compact) .care-event { min-height: 0.75rem; }
  /* The toolbar's title (its only heading) keeps its one-line width in the toolbar, so a week's ("November 29 – December 5, 2026") widened the page: here it is smaller and breaks between words into two even lines. */
  .calendar-view [role='heading'] { font-size: var(--care-font-size-l); max-width: 15rem; white-space: normal; text-wrap: balance; text-align: center; }
}
/* The type's colour as a bar instead of a dot: the dot's width is what a long type ("Appendectomy") needs to stay whole. */
.calendar-view.compact .care-event { align-items: flex-start; border-left: 3px solid var(--fc-event-color); padding-left: 2px; }
.calendar-view.compact .care-event > div:first-child:not(:last-child) { display: none; }
/* A type too long to sit beside its time goes to the next line whole. */
.calendar-view.compact .care-event > div:last-child { flex-wrap: wrap; min-width: 0; }
/* Only a single word wider than the whole cell (a phone's narrow day) breaks, rather than running into the next day. */
.calendar-view.compact .care-event * { overflow-wrap: anywhere; }
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
