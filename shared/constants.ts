/**
 * Business constants and limits of the spec (000 section 9, 002 section 9).
 * One place so widgets, shell and server agree; tests import them rather
 * than repeating numbers.
 */

export const DATE_FORMAT = 'MM/DD/YYYY';
export const DATE_TIME_FORMAT = 'MM/DD/YYYY hh:mm a';
export const REPORT_TIME_FORMAT = 'hh:mm A';

export const TOAST_MS = 2500;
export const TOAST_SHORT_MS = 1500;
export const SUCCESS_MESSAGE_DELAY_MS = 2500;

export const SEARCH_DEBOUNCE_MS = 900;
export const TABLE_DEBOUNCE_MS = 750;
export const RESIZE_THROTTLE_MS = 200;
export const QUICK_SEARCH_MIN_CHARS = 2;

export const DEFAULT_PAGE_SIZE = 10;
export const QUEUE_CARD_PAGE_SIZE = 5;
export const REASSIGN_LIST_LIMIT = 9999;
export const NAVIGATOR_LIST_LIMIT = 9999;
export const REFERENCE_LIST_PAGE_SIZE = 1000;
export const REPORT_TABLE_PAGE_SIZE = 500;

export const CALENDAR_STATUSES = ['scheduled', 'requested', 'pending pre-auth', 'completed'] as const;
export const DEFAULT_CALENDAR_VIEW = 'month';
export const SNOOZE_CHOICES = ['Tomorrow', 'Next Week', 'Customize'] as const;

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
