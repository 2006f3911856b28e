import { array, boolean, nullable, object, optional, refine, type Infer } from 'superstruct';
import { BIRTH_DATE_YEARS, MESSAGES, yearsBefore } from './add-patient';
import { isIsoDate } from './reminders';
import { boundedText, isEmail, MAX_LENGTH, NOT_LISTED, PHONE_DIGITS } from './strings';

/** Spec 002 "Medical event forms": who else the navigator met or spoke to. */
export const OTHER_CONTACT_TYPES = ['Spouse', 'Parent', 'Grandparent', 'Sibling', 'Extended Family', 'Friend', 'Neighbor', 'Attorney', 'Child', 'Other'].map((l) => ({ value: l, label: l }));
export const TELEPHONE_TYPES = ['Home', 'Mobile', 'Work'].map((l) => ({ value: l, label: l }));

/** Enough for a family meeting; a bound so a form never sends thousands. */
export const MAX_HUMAN_INTERACTIONS = 20;
/** Spec 002 section 5: the duplicate check asks only when both names are longer than this. */
export const DUPLICATE_NAME_MIN = 2;
/** Spec 002 section 5: the duplicate check waits this long after the last keystroke. */
export const DUPLICATE_DEBOUNCE_MS = 1000;

export const NAME_OR_STREET_NAME = 'Enter a first and last name or a street name';
export const EMAIL_FORMAT = 'Must be a valid email address';

const text = () => optional(nullable(boundedText(MAX_LENGTH.name)));
const code = () => optional(nullable(boundedText(MAX_LENGTH.code)));

/** One entry of `detailObject.humanInteractions`; '' is "not given" as in every form. */
export const HumanInteractionSchema = object({
  /** Given by the server when the entry is first saved. */
  id: code(),
  otherContactType: code(),
  firstName: text(),
  lastName: text(),
  /** A street or common name, for someone who gives no legal name. */
  fullName: text(),
  telephoneType: code(),
  telephoneNumber: code(),
  /** Make this person a patient of the caller's division when the event is saved. */
  createPatient: optional(boolean()),
  /** The patient this person is (linked from the duplicate check, or created on save). */
  patient: code(),
  email: optional(nullable(boundedText(MAX_LENGTH.email))),
  birthDate: code(),
  /** A reference-gender id. */
  gender: code(),
  /** A removed entry stays on a saved event, inactive, so a patient it created is still traceable. */
  isActive: optional(boolean()),
});
export type HumanInteraction = Infer<typeof HumanInteractionSchema>;

export const HumanInteractionsSchema = refine(array(HumanInteractionSchema), 'humanInteractions', (v) => v.length <= MAX_HUMAN_INTERACTIONS || `At most ${MAX_HUMAN_INTERACTIONS} people`);

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The rules of an entry, as [path within the entry, message]: a relationship,
 * a first and last name or a street name (both names to become a patient), a
 * telephone type with a number of 10 to 15 digits, an e-mail address and a
 * birth date that are what they say. Inactive entries are not checked again.
 */
export function humanInteractionFailures(entries: readonly HumanInteraction[], today: string): [(string | number)[], string][] {
  const out: [(string | number)[], string][] = [];
  entries.forEach((e, i) => {
    if (e.isActive === false) return;
    const at = (field: keyof HumanInteraction, message: string) => out.push([[i, field], message]);
    if (!filled(e.otherContactType)) at('otherContactType', 'Required');
    else if (!OTHER_CONTACT_TYPES.some((o) => o.value === e.otherContactType)) at('otherContactType', NOT_LISTED);
    const named = filled(e.firstName) && filled(e.lastName);
    if (e.createPatient && !filled(e.patient)) {
      if (!filled(e.firstName)) at('firstName', 'Required');
      if (!filled(e.lastName)) at('lastName', 'Required');
    } else if (!named && !filled(e.fullName)) at('firstName', NAME_OR_STREET_NAME);
    if (filled(e.telephoneNumber) && !/^\d{10,15}$/.test(e.telephoneNumber)) at('telephoneNumber', PHONE_DIGITS);
    if (filled(e.telephoneType) && !TELEPHONE_TYPES.some((o) => o.value === e.telephoneType)) at('telephoneType', NOT_LISTED);
    else if (filled(e.telephoneNumber) && !filled(e.telephoneType)) at('telephoneType', 'Required');
    if (filled(e.email) && !isEmail(e.email.trim())) at('email', EMAIL_FORMAT);
    if (filled(e.birthDate)) {
      if (!isIsoDate(e.birthDate)) at('birthDate', MESSAGES.date);
      else if (e.birthDate > today) at('birthDate', MESSAGES.notAfterToday);
      else if (e.birthDate < yearsBefore(today, BIRTH_DATE_YEARS)) at('birthDate', MESSAGES.birthTooOld);
    }
    if (filled(e.gender) && !UUID.test(e.gender)) at('gender', NOT_LISTED);
    if (filled(e.patient) && !UUID.test(e.patient)) at('patient', NOT_LISTED);
  });
  return out;
}

/** An entry as it is stored: trimmed, '' as null, a number's digits only. */
export function storedHumanInteraction(e: HumanInteraction): HumanInteraction {
  const clean = (v: string | null | undefined) => (filled(v) ? v.trim() : null);
  return {
    id: clean(e.id),
    otherContactType: clean(e.otherContactType),
    firstName: clean(e.firstName),
    lastName: clean(e.lastName),
    fullName: clean(e.fullName),
    telephoneType: clean(e.telephoneType),
    telephoneNumber: clean(e.telephoneNumber),
    createPatient: !!e.createPatient,
    patient: clean(e.patient),
    email: clean(e.email),
    birthDate: clean(e.birthDate),
    gender: clean(e.gender),
    isActive: e.isActive !== false,
  };
}

/**
 * Spec 002 section 5 "Duplicate check for human interaction": asked once both
 * names are longer than 2 characters, and in the community app only once the
 * gender and birth date are given too.
 */
export function duplicateQueryOf(e: Pick<HumanInteraction, 'firstName' | 'lastName' | 'gender' | 'birthDate'>, communityMode: boolean): { firstName: string; lastName: string; genderUid?: string; birthDate?: string } | null {
  const first = e.firstName?.trim() ?? '';
  const last = e.lastName?.trim() ?? '';
  if (first.length <= DUPLICATE_NAME_MIN || last.length <= DUPLICATE_NAME_MIN) return null;
  if (!communityMode) return { firstName: first, lastName: last };
  if (!filled(e.gender) || !filled(e.birthDate) || !isIsoDate(e.birthDate)) return null;
  return { firstName: first, lastName: last, genderUid: e.gender, birthDate: e.birthDate };
}
