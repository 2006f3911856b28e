import { define, nullable, optional, refine, string, Struct, trimmed } from 'superstruct';

/**
 * Longest value each kind of text field takes. Every free-text field has a
 * bound, so nothing a form sends can outgrow a database index or fill a row
 * with megabytes; the message shows under the field.
 */
export const MAX_LENGTH = {
  /** A person's, school's, agency's or facility's name. */
  name: 100,
  /** A display name: first and last name with a space between. */
  fullName: 201,
  /** RFC 5321's longest forward path. */
  email: 254,
  /** Digits with spaces, dashes, brackets or an extension. */
  phone: 30,
  /** Codes, identifiers, user names, action names, routes. */
  code: 100,
  password: 200,
  /** One address line, a city, a county. */
  address: 200,
  /** A dose or how often it is taken ('500 mg', 'twice a day at bedtime'). */
  dose: 100,
  /** Notes and comments. */
  note: 5000,
} as const;

export const tooLong = (max: number) => `Must be at most ${max} characters`;

/**
 * A value that arrives as text (a query parameter, an extract's column),
 * converted before `struct` checks it: superstruct's `coerce(struct, string(),
 * f)` without its condition, which it tests by validating, building a
 * StructError with its stack for every value that is not text, such as each
 * absent parameter (profile of the identity search: 2.4 % of the server's time).
 */
export function fromText<T, S>(struct: Struct<T, S>, convert: (value: string) => unknown): Struct<T, S> {
  return new Struct({ ...struct, coercer: (value, ctx) => struct.coercer(typeof value === 'string' ? convert(value) : value, ctx) });
}

/** Text of at most `max` characters; '' allowed. */
export const boundedText = (max: number) => refine(string(), 'boundedText', (v) => v.length <= max || tooLong(max));

/** Text that may also be left out or null. */
export const optionalText = (max: number) => optional(nullable(boundedText(max)));

/** An optional text field as stored: trimmed, '' as none. */
export const noneIfBlank = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v.trim());

/** A required text field: trimmed, not empty (the spec's 'Required'), at most `max` characters. */
export const requiredText = (max: number) =>
  refine(trimmed(string()), 'requiredText', (v) => {
    const length = v.trim().length;
    return length === 0 ? 'Required' : length <= max || tooLong(max);
  });

/** Length first: the pattern backtracks on long input. */
export const isEmail = (v: string) => v.length <= MAX_LENGTH.email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

export const email = () =>
  define<string>('email', (v) => {
    if (typeof v === 'string' && v.length > MAX_LENGTH.email) return tooLong(MAX_LENGTH.email);
    return (typeof v === 'string' && isEmail(v)) || 'Must be a valid email address';
  });

export const PHONE_DIGITS = 'Must be a 10-digit phone number';

/**
 * A phone number as forms send it: digits only (spec 001 section 5), 10 of
 * them and perhaps an extension; '' is none.
 */
export const phoneDigits = () => refine(string(), 'phone', (v) => v === '' || /^\d{10,15}$/.test(v) || PHONE_DIGITS);

/** A choice (an id) that is not on the list it must come from: forged, stale or of another list. */
export const NOT_LISTED = 'Must be one of the listed options';
