/** Spec 002 "Engagement opt-out" and section 8: the page's texts. */
export const OPT_OUT_FAILED = 'Something went wrong.';
export const OPT_OUT_CANCELLED = "You've cancelled this action.";
/** Not in the spec: what a patient sees after opting out, and when the link was used before. */
export const OPT_OUT_DONE = 'You have been opted out. You will not be contacted about this program again.';
export const OPT_OUT_ALREADY_USED = 'This link has already been used. You have already opted out.';

/** Opt-out tokens are URL-safe random strings; anything else is not a token. */
export const OPT_OUT_TOKEN = /^[A-Za-z0-9_-]{8,128}$/;
