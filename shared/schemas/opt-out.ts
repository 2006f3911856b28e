import en from '../i18n/en.json';

/** Spec 002 "Engagement opt-out" and section 8: the page's texts, as the English catalogue says them. */
export const OPT_OUT_FAILED = en.translation.optOut.failed;
export const OPT_OUT_CANCELLED = en.translation.optOut.cancelled;
/** Not in the spec: what a patient sees after opting out, and when the link was used before. */
export const OPT_OUT_DONE = en.translation.optOut.done;
export const OPT_OUT_ALREADY_USED = en.translation.optOut.alreadyUsed;

/** Opt-out tokens are URL-safe random strings; anything else is not a token. */
export const OPT_OUT_TOKEN = /^[A-Za-z0-9_-]{8,128}$/;
