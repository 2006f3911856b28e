import { QUICK_SEARCH_MIN_CHARS } from './constants';

/** Spec 000 "Quick search" texts. */
export const MIN_CHARS_MESSAGE = `Please enter at least ${QUICK_SEARCH_MIN_CHARS} characters.`;
export const NO_RESULTS_MESSAGE = 'No results found.';
