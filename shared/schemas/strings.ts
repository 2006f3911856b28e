import { define, refine, string, trimmed } from 'superstruct';

/** A required text field: trimmed, not empty; the failure message is the spec's 'Required'. */
export const requiredText = () => refine(trimmed(string()), 'requiredText', (v) => v.length > 0 || 'Required');

export const email = () =>
  define<string>('email', (v) => (typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) || 'Must be a valid email address');
