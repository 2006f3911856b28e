/**
 * Business constants and limits of the spec (000 section 9, 002 section 9).
 * One place so widgets, shell and server agree; tests import them rather
 * than repeating numbers.
 */

export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm a';
/** Spec 002 section 9: a report's time column (reports' `time` cells, shared/format.ts formatReportTime). */
export const REPORT_TIME_FORMAT = 'hh:mm A';

/** Every toast closes after 2500 ms (spec 000 section 9); spec 002's other choice, 1500 ms, is said of no toast (docs/decisions.md, spec sweep). */
export const TOAST_MS = 2500;
export const SUCCESS_MESSAGE_DELAY_MS = 2500;

export const SEARCH_DEBOUNCE_MS = 900;
/** Spec 000 section 9: a table's filters are fetched 750 ms after the last key (widgets/kit/data-table.tsx). No resize is throttled: layouts follow CSS media queries (docs/decisions.md). */
export const TABLE_DEBOUNCE_MS = 750;
/** Spec 002 section 9 "default debounce 750 ms": a search with no debounce of its own in the spec (the address search, widgets/kit/address-search.tsx). */
export const DEFAULT_DEBOUNCE_MS = 750;
/** Spec 002 section 9 "provider search 200 ms (leading)": the first key asks at once, then at most once per 200 ms with the last text (widgets/kit/use-providers.ts useProviderSearch). */
export const PROVIDER_SEARCH_DEBOUNCE_MS = 200;
/** Spec 002 section 9 "reference-data search 500 ms": a reference list searched by label as the user types (widgets/kit/use-reference-list.ts useReferenceSearch). */
export const REFERENCE_SEARCH_DEBOUNCE_MS = 500;
export const QUICK_SEARCH_MIN_CHARS = 2;

/** Spec 000 section 9: a table's page size until the user picks one (DataTable, the data views' `page-size` default, the patient search). */
export const DEFAULT_PAGE_SIZE = 10;
export const QUEUE_CARD_PAGE_SIZE = 5;
/** Spec 002's navigator list limit, which is also spec 000's reassign list limit: Reassign lists the same navigators (`providers/mv`). */
export const NAVIGATOR_LIST_LIMIT = 9999;
export const REFERENCE_LIST_PAGE_SIZE = 1000;
export const REPORT_TABLE_PAGE_SIZE = 500;

export const CALENDAR_STATUSES = ['scheduled', 'requested', 'pending pre-auth', 'completed'] as const;
export const DEFAULT_CALENDAR_VIEW = 'month';
export const SNOOZE_CHOICES = ['Tomorrow', 'Next Week', 'Customize'] as const;

/** Spec 000 section 9, the external referral pages: the delay after register and register-confirm, the referral method and the address type a referral is stored with. */
export const REGISTRATION_REDIRECT_MS = 1500;
export const DEFAULT_REFERRAL_METHOD = 'Online';
export const DEFAULT_ADDRESS_TYPE = 'Primary residence';

/** Spec 001 section 8: the empty text of every list of notes (the record's, the face sheet's, an event's or an admission's). */
export const NOTES_EMPTY = 'No notes found!';

export const DEFAULT_PRIMARY_COLOR = '#0d6efd';
export { DEFAULT_LANG } from './i18n-defaults';

/** Spec 002 "Session": warning at 50 minutes of inactivity, expiry at 60, checked every second. */
export const SESSION_WARNING_MS = 50 * 60 * 1000;
export const SESSION_TIMEOUT_MS = 60 * 60 * 1000;
export const SESSION_CHECK_MS = 1000;

export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
/**
 * Spec 002 section 9, "plus portrait orientation": a screen narrower than the
 * lg breakpoint held upright, a tablet, lays its lists out as cards the way a
 * phone does; held sideways (and a phone on its side, from 576 px) it keeps
 * the table (docs/design-tokens.md "Breakpoints").
 */
export const PORTRAIT_TABLET = `(orientation: portrait) and (max-width: ${BREAKPOINTS.lg - 0.02}px)`;

/** Spec 001 section 8, spelt as the spec spells it: a facility reference that cannot be resolved (`GET data/public/facility/{id}`'s 404; the record forms' choice). */
export const UNKNOWN_FACILITY = 'Uknown Facility';
/** Spec 001 section 8, "Agency lookup": what `GET data/public/tbl-source-agency/{id}` answers (404) for an agency the division's extract does not have. */
export const agencyNotFound = (agencyId: string) => `No data found for agency_id: ${agencyId}`;
