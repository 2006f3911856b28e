/** Spec 002 "CIT option lists", section 9 defaults, and the dependent-field clearing rules (section 4). */
import type { CitSubmission } from './schemas/cit';

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

export const CIT_TEXT = {
  identitySuccess: 'Identity Success!',
  identityInvalid: 'Agency Identifier or Officer Name is invalid',
  /** Issue 39: no connection to check the identity. */
  identityOffline: 'No connection: your agency identifier will be checked when the sheet is sent. You can fill in the sheet now.',
  refusedLater: 'The sheet saved on this device was not accepted. Check the fields below, then save again.',
  saved: 'Form successfully saved!',
  emailSent: 'An email has been sent to the facility referring this client for follow-up.',
  emailFailedTitle: 'Failed to send email',
  emailFailed: (facility: string) => `Whoops - an email could not be sent to the ${facility} facility. Please contact your CIT.`,
  duplicateRunning: 'Running duplication check ...',
  matchesFound: 'Potential Matches Found',
  noMatches: 'No Matches Found',
  addressCompleted: 'address completed',
  noAddress: 'No Address Results Found',
  /** Spec 002 "Address autocomplete": the address lookup failed (not an empty answer, which is noAddress). */
  autocompleteFailed: 'Unable to autocomplete address',
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

/** The sheet's field labels, in the order the form, the staff view and the PDF show them. */
export const CIT_LABELS: Partial<Record<keyof CitSubmission, string>> = {
  code: 'Agency Identifier', officerName: 'Officer Name', firstName: 'First Name', lastName: 'Last Name', birthDate: 'Birth Date',
  genderUid: 'Gender', raceUid: 'Race', juvenile: 'Juvenile', veteranStatus: 'Veteran Status', phoneNumber: 'Phone Number', phoneType: 'Phone Type',
  addr1: 'Address', addr2: 'Address Line 2', city: 'City', stateUid: 'State', postCode: 'Zip Code', county: 'County', priorityNote: 'Priority Note',
  dateTime: 'Incident Date and Time', eventTimeZone: 'Time Zone', officer: 'Officer', officerCit: 'Officer CIT Trained', shiftUid: 'Shift',
  totalTimeOnCall: 'Total Time on Call', type: 'Location Type', locationAddr1: 'Incident Address', locationAddr2: 'Incident Address Line 2',
  locationCity: 'Incident City', locationStateUid: 'Incident State', locationPostCode: 'Incident Zip Code', locationCounty: 'Incident County',
  referralSourceUid: 'Referral Source', otherReporting: 'Other Reporting Source', crisis: 'Crisis Event', crisisOther: 'Other Crisis',
  weaponInvolved: 'Weapon Involved', response: 'Response', forceUsedIncidentResultedInInjury: 'Injured Parties', injuryResultedFromForce: 'Injury Resulted From Force',
  dispositionUid: 'Disposition', mhFollowUpRequested: 'Mental Health Follow-up Requested', facilityUid: 'Facility', transportBy: 'Transport By',
  destination: 'Destination', subjectTakenIntoCustodyForEvaluation: 'Subject Taken Into Custody for Evaluation', processInitiatedBy: 'Evaluation Initiated By',
  incidentHasRelatedCrime: 'Incident Has Related Crime', incidentHasRelatedCrimeYes: 'Crime Level', criminalChargesToBeFiled: 'Criminal Charges To Be Filed',
  incidentNote: 'Incident Note', officerUnit: 'Officer Unit', reportNumber: 'Report Number', supervisor: 'Supervisor', supervisorUnit: 'Supervisor Unit',
};
