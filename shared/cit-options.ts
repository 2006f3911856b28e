/** Spec 002 "CIT option lists", section 9 defaults, and the dependent-field clearing rules (section 4). */
import type { CitSubmission } from './schemas/cit';
import en from './i18n/en.json';

export const CIT_DEFAULT_STATE = 'oh';
export const LOCATION_TYPES = ['Personal Residence', 'Other Residence', 'Group Home', 'Business', 'Service Provider', 'Public Property'] as const;
export const CRISIS_EVENTS = [
  'Addiction Related', 'Anxiety Related', 'Autism Spectrum', 'Behavioral Concerns', 'Court Order', 'Dementia', 'Depression',
  'Depression/Hallucinations', 'Homeless', 'Intellectual Disability', 'Non-suicidal Self-injury', 'Trauma Related',
  'Suicide Thoughts', 'Suicide Threat', 'Suicide Attempt', 'Suicide Completed', 'Threat to Others', 'Other',
] as const;
export const RESPONSES = ['No Contact', 'Active Listening/De-escalation', 'Force Used'] as const;
export const WEAPONS = ['Firearm', 'Edged Weapon', 'Makeshift', 'Other'] as const;
export const TRANSPORT_BY = ['Law Enforcement', 'Ambulance', 'No Transport', 'Other'] as const;
export const EVALUATION_INITIATED_BY = ['Law Enforcement', 'Health Officer', 'Physician/Medical Professional', 'Other'] as const;
export const CRIME_LEVELS = ['Misdemeanor', 'Felony'] as const;
export const CHARGES = ['Yes', 'No', 'TBD'] as const;
export const INJURED_PARTIES = ['Subject Injured', 'Officer Injured', 'Other Injured', 'No Injury'] as const;
export const PHONE_TYPES = ['Mobile', 'Work', 'Home'] as const;
export const VETERAN_STATUSES = ['Veteran status unknown', 'US Military/Veteran', 'Not US Military/Veteran'] as const;
export const YES_NO = ['yes', 'no'] as const;
export const TIME_ZONES = [
  { label: 'Eastern', value: 'America/New_York' },
  { label: 'Central', value: 'America/Chicago' },
  { label: 'Mountain', value: 'America/Denver' },
  { label: 'Mountain Arizona', value: 'America/Phoenix' },
  { label: 'Pacific', value: 'America/Los_Angeles' },
  { label: 'Alaska', value: 'America/Anchorage' },
  { label: 'Hawaii', value: 'Pacific/Honolulu' },
] as const;

export const CIT_DEFAULTS = {
  eventTimeZone: 'America/New_York',
  phoneType: 'Mobile',
  veteranStatus: 'Veteran status unknown',
  approvalStatus: 'pending',
} as const;

export const CIT_IDENTITY_DEBOUNCE_MS = 750;
export const CIT_DUPLICATE_DEBOUNCE_MS = 1000;
export const CIT_ZIP_LENGTH = 5;
export const CIT_DUPLICATE_NAME_MIN = 3; // "longer than 2 characters"
/** The local treatment facility search asks once this many characters are typed, this long after the last keystroke. */
export const CIT_FACILITY_SEARCH_MIN = 2;
export const CIT_FACILITY_SEARCH_DEBOUNCE_MS = 300;

/** The texts the officer's sheet says, as the English catalogue says them (the form says them in the officer's language), and the staff side's own. */
export const CIT_TEXT = {
  ...en.translation.cit.text,
  /** Spec 001 section 8, spelled as the spec spells it: a sheet's facility that names no facility. */
  unknownFacility: 'Uknown Facility',
  incidentDate: 'Incident date cannot be on or before Birth Date',
  rejectTitle: 'Reject CIT Submission',
  rejectWarning: 'Rejecting this submission permanently deletes the contact sheet. No corrections are possible afterwards.',
} as const;

/** The referral source label that shows "other reporting". */
export const OTHER = 'Other';

/** Fields whose value only counts while another field has a certain value. */
export interface CitDependents {
  mhFollowUpRequested?: string | null;
  facilityUid?: string | null;
  incidentHasRelatedCrime?: string | null;
  incidentHasRelatedCrimeYes?: string | null;
  criminalChargesToBeFiled?: string | null;
  referralSourceUid?: string | null;
  otherReporting?: string | null;
  crisis?: string[] | null;
  crisisOther?: string | null;
  response?: string | null;
  forceUsedIncidentResultedInInjury?: string[] | null;
  injuryResultedFromForce?: string | null;
  subjectTakenIntoCustodyForEvaluation?: string | null;
  processInitiatedBy?: string | null;
}

export const hasRealInjury = (injuries: string[] | null | undefined) => (injuries ?? []).some((i) => i !== 'No Injury');

/**
 * Spec 002 "Dependent-field clearing (CIT)": which fields must be emptied for
 * these values. `otherReferralSourceUid` is the uid of the referral source "Other".
 * The form applies it as the user types; the server applies it before storing.
 */
export function dependentsToClear(v: CitDependents, otherReferralSourceUid: string | null): (keyof CitDependents)[] {
  const out: (keyof CitDependents)[] = [];
  if (v.mhFollowUpRequested !== 'yes') out.push('facilityUid');
  if (v.incidentHasRelatedCrime !== 'yes') out.push('incidentHasRelatedCrimeYes', 'criminalChargesToBeFiled');
  else if (!v.incidentHasRelatedCrimeYes) out.push('criminalChargesToBeFiled');
  if (!otherReferralSourceUid || v.referralSourceUid !== otherReferralSourceUid) out.push('otherReporting');
  if (!(v.crisis ?? []).includes(OTHER)) out.push('crisisOther');
  if (v.response !== 'Force Used') out.push('forceUsedIncidentResultedInInjury', 'injuryResultedFromForce');
  else if (!hasRealInjury(v.forceUsedIncidentResultedInInjury)) out.push('injuryResultedFromForce');
  if (v.subjectTakenIntoCustodyForEvaluation !== 'yes') out.push('processInitiatedBy');
  return out;
}

/** The sheet's field labels, in the order the form, the staff view and the PDF show them (the English catalogue's). */
export const CIT_LABELS: Partial<Record<keyof CitSubmission, string>> = en.translation.cit.fields;
