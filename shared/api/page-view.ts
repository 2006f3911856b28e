/**
 * A patient page sends one id with every call it makes, new on each page
 * load: the server writes the "viewed patient" audit entry once per page view
 * instead of once per call.
 */
export const PAGE_VIEW_HEADER = 'x-page-view';

export const newPageViewId = (): string => crypto.randomUUID();
