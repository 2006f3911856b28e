import dayjs from 'dayjs';
import { array, boolean, define, literal, nullable, object, optional, refine, size, string, type Infer } from 'superstruct';
import { nowMs } from '../clock';
import { isIsoDate, uuid } from './reminders';
import { boundedText, MAX_LENGTH, phoneDigits as phone, requiredText } from './strings';

/** Spec 001 section 9: the demographics birth date window. */
export const BIRTH_DATE_YEARS = 100;
export const PREFERRED_PHONES = ['mobile', 'home', 'work'] as const;
export type PreferredPhone = (typeof PREFERRED_PHONES)[number];
/** More races than the reference list holds is not a person's answer. */
export const MAX_RACES = 20;

const isoToday = () => dayjs(nowMs()).format('YYYY-MM-DD');

/**
 * Spec 001 section 5 "Demographics": not older than 100 years, not later than
 * today, required outside community mode. `YYYY-MM-DD` strings compare as dates.
 */
export function birthDateProblem(value: string, required: boolean, now = isoToday()): string | null {
  if (value.trim() === '') return required ? 'Required' : null;
  if (!isIsoDate(value)) return 'Must be a date';
  if (value > now) return 'Must not be in the future';
  if (value < dayjs(now).subtract(BIRTH_DATE_YEARS, 'year').format('YYYY-MM-DD')) return `Must be within the last ${BIRTH_DATE_YEARS} years`;
  return null;
}

/** A select's value: '' is nothing chosen. */
const choice = (required: boolean) =>
  define<string>('choice', (v) => (typeof v === 'string' && v === '' ? !required || 'Required' : (typeof v === 'string' && uuid().is(v)) || 'Must be one of the choices'));

const demographicsFields = (communityMode: boolean) => ({
  firstName: requiredText(MAX_LENGTH.name),
  middleName: boundedText(MAX_LENGTH.name),
  lastName: requiredText(MAX_LENGTH.name),
  birthDate: refine(string(), 'birthDate', (v) => birthDateProblem(v, !communityMode) ?? true),
  genderUid: choice(true),
  genderIdentityUid: choice(false),
  raceUids: size(array(uuid()), 0, MAX_RACES),
  preferredPhone: define<PreferredPhone>('preferredPhone', (v) => (v === '' || v === undefined ? 'Required' : (PREFERRED_PHONES as readonly unknown[]).includes(v) || 'Must be mobile, home or work')),
  mobilePhone: phone(),
  homePhone: phone(),
  workPhone: phone(),
});

/**
 * Spec 001 section 5 "Demographics", for the form and `PUT /api/patients/{id}`
 * alike: first and last name and gender required, the birth date rule, the
 * preferred phone and its number required. Community mode leaves the birth
 * date optional.
 */
export function demographicsSchema(communityMode: boolean) {
  return refine(object(demographicsFields(communityMode)), 'preferredNumber', (values) => {
    const field = `${values.preferredPhone}Phone` as 'mobilePhone' | 'homePhone' | 'workPhone';
    return values[field] !== '' || { path: [field], message: 'Required' };
  });
}
export type DemographicsValues = Infer<ReturnType<typeof demographicsSchema>>;

/** The priority note (spec 001 "Patient header"): free text, bounded like every note; '' removes it. */
export const PriorityNoteSchema = object({ note: boundedText(MAX_LENGTH.note) });
export type PriorityNoteValues = Infer<typeof PriorityNoteSchema>;

const link = (type: string) => object({ data: nullable(object({ type: literal(type), id: uuid() })) });
const text = (max: number) => optional(nullable(boundedText(max)));

/**
 * `PUT /api/patients/{id}` (spec 001 section 7): the priority note alone
 * (`data: { id, note }`), or the demographics form with its gender, gender
 * identity and races as links. Shape only here; the route applies the
 * demographics rules to everything but the note.
 */
export const PatientUpdateSchema = object({
  data: object({
    type: optional(literal('patients')),
    id: optional(boundedText(MAX_LENGTH.code)),
    attributes: object({
      firstName: text(MAX_LENGTH.name),
      middleName: text(MAX_LENGTH.name),
      lastName: text(MAX_LENGTH.name),
      birthDate: text(MAX_LENGTH.code),
      preferredPhone: text(MAX_LENGTH.code),
      mobilePhone: text(MAX_LENGTH.phone),
      homePhone: text(MAX_LENGTH.phone),
      workPhone: text(MAX_LENGTH.phone),
      note: text(MAX_LENGTH.note),
    }),
    relationships: optional(
      object({
        gender: optional(link('reference-gender')),
        genderIdentity: optional(link('reference-gender-identity')),
        races: optional(object({ data: size(array(object({ type: literal('reference-race'), id: uuid() })), 0, MAX_RACES) })),
      }),
    ),
  }),
});
export type PatientUpdate = Infer<typeof PatientUpdateSchema>['data'];

/** The fields' names as the form labels them and the activity log lists what changed. */
export const DEMOGRAPHICS_LABELS: Record<keyof DemographicsValues, string> = {
  firstName: 'First Name',
  middleName: 'Middle Name',
  lastName: 'Last Name',
  birthDate: 'Date of Birth',
  genderUid: 'Sex',
  genderIdentityUid: 'Gender Identity',
  raceUids: 'Race',
  preferredPhone: 'Preferred Phone',
  mobilePhone: 'Mobile Phone',
  homePhone: 'Home Phone',
  workPhone: 'Work Phone',
};

/** Where each demographics field travels in `PUT /api/patients/{id}`, for mapping field errors both ways. */
export const DEMOGRAPHICS_WIRE_FIELDS: Record<keyof DemographicsValues, string> = {
  firstName: 'data.attributes.first_name',
  middleName: 'data.attributes.middle_name',
  lastName: 'data.attributes.last_name',
  birthDate: 'data.attributes.birth_date',
  genderUid: 'data.relationships.gender',
  genderIdentityUid: 'data.relationships.gender_identity',
  raceUids: 'data.relationships.races',
  preferredPhone: 'data.attributes.preferred_phone',
  mobilePhone: 'data.attributes.mobile_phone',
  homePhone: 'data.attributes.home_phone',
  workPhone: 'data.attributes.work_phone',
};

/** The form's values as `PUT /api/patients/{id}` takes them (the client snake-cases the keys). */
export function demographicsPayload(patientUid: string, values: DemographicsValues) {
  const nullIfBlank = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    data: {
      type: 'patients' as const,
      id: patientUid,
      attributes: {
        firstName: values.firstName.trim(),
        middleName: nullIfBlank(values.middleName),
        lastName: values.lastName.trim(),
        birthDate: nullIfBlank(values.birthDate),
        preferredPhone: values.preferredPhone,
        mobilePhone: nullIfBlank(values.mobilePhone),
        homePhone: nullIfBlank(values.homePhone),
        workPhone: nullIfBlank(values.workPhone),
      },
      relationships: {
        gender: { data: { type: 'reference-gender' as const, id: values.genderUid } },
        genderIdentity: { data: values.genderIdentityUid ? { type: 'reference-gender-identity' as const, id: values.genderIdentityUid } : null },
        races: { data: values.raceUids.map((id) => ({ type: 'reference-race' as const, id })) },
      },
    },
  };
}

/** `PUT /api/patient-episodes/{patientEpisodeUid}` (spec 001 section 7): the new status, a reference status of type Episode. */
export const EpisodeStatusSchema = object({ newStatus: choice(true) });
export type EpisodeStatusValues = Infer<typeof EpisodeStatusSchema>;
export const EpisodeUpdateSchema = object({
  data: object({ type: optional(literal('patient-episodes')), id: optional(boundedText(MAX_LENGTH.code)), attributes: EpisodeStatusSchema }),
});

/** Change Profile Picture: JPEG, PNG or WebP, at most 5 MB (checked by the file's signature on the server). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Base64 of the largest picture, so a larger one is refused by its length before it is decoded. */
export const AVATAR_MAX_BASE64 = Math.ceil(AVATAR_MAX_BYTES / 3) * 4;
export const AvatarUploadSchema = object({
  fileName: requiredText(MAX_LENGTH.address),
  fileType: optional(boundedText(MAX_LENGTH.code)),
  base64Data: refine(string(), 'base64Data', (v) => (v === '' ? 'Required' : /^[A-Za-z0-9+/]*={0,2}$/.test(v) || 'Must be base64')),
});
export type AvatarUpload = Infer<typeof AvatarUploadSchema>;
