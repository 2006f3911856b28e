import type { PropertyRules } from '../../../shared/schemas/medical-events';

const rule = (show: boolean, required = false) => ({ show, required });

/**
 * The four form types' definitions (spec 002 "Medical event type definition")
 * and the crisis interventions approved CIT sheets become. Why each rule is
 * what it is: docs/decisions.md "Medical event property rules".
 */
export const MEDICAL_EVENT_TYPES: { name: string; plural: string; rules: PropertyRules }[] = [
  {
    name: 'drug_overdose',
    plural: 'Drug Overdoses',
    rules: { status: rule(true, true), reason: rule(false), eventTime: rule(true), eventTimeZone: rule(true, true), provider: rule(false), facility: rule(true), location: rule(true) },
  },
  {
    name: 'survivor_interaction',
    plural: 'Survivor Interactions',
    rules: { status: rule(true, true), reason: rule(true), eventTime: rule(true), eventTimeZone: rule(true, true), provider: rule(true), facility: rule(false), location: rule(true) },
  },
  {
    name: 'other_interaction',
    plural: 'Other Interactions',
    rules: { status: rule(true, true), reason: rule(true), eventTime: rule(true), eventTimeZone: rule(true, true), provider: rule(true), facility: rule(false), location: rule(true) },
  },
  {
    name: 'treatment_referral',
    plural: 'Treatment Referrals',
    rules: { status: rule(true, true), reason: rule(true, true), eventTime: rule(false), eventTimeZone: rule(true, true), provider: rule(true), facility: rule(true, true), location: rule(false) },
  },
  {
    name: 'cit',
    plural: 'Crisis Interventions',
    rules: { status: rule(true, true), reason: rule(false), eventTime: rule(true, true), eventTimeZone: rule(true, true), provider: rule(false), facility: rule(true), location: rule(true) },
  },
];

/**
 * `reference-status` per type (`ref_data_type` medical_event__{name}); cit dispositions are the Episode statuses.
 * `calendar` is the calendar status each counts as (spec 000: scheduled, requested, pending pre-auth, completed);
 * a declined contact or referral is not on the calendar.
 */
type Calendar = 'scheduled' | 'requested' | 'completed' | null;
const s = (label: string, calendar: Calendar) => ({ label, calendar });
export const MEDICAL_EVENT_STATUSES: Record<string, { label: string; calendar: Calendar }[]> = {
  drug_overdose: [s('Reported', 'completed'), s('Confirmed', 'completed')],
  survivor_interaction: [s('Scheduled', 'scheduled'), s('Attempted', 'completed'), s('Completed', 'completed'), s('Declined', null)],
  other_interaction: [s('Scheduled', 'scheduled'), s('Attempted', 'completed'), s('Completed', 'completed')],
  treatment_referral: [s('Referred', 'requested'), s('Connected', 'completed'), s('Enrolled', 'completed'), s('Declined', null)],
};

/** `reference-reason` per type (same `ref_data_type`). */
export const MEDICAL_EVENT_REASONS: Record<string, string[]> = {
  survivor_interaction: ['Post-Overdose Follow-up', 'Harm Reduction', 'Family Request', 'Wellness Check'],
  other_interaction: ['Family Support', 'Care Coordination', 'Harm Reduction', 'Information Request'],
  treatment_referral: ['Substance Use Disorder', 'Mental Health', 'Co-occurring Disorders', 'Medication for Opioid Use Disorder', 'Detox'],
};

/** `reference-medical-event-interaction`: who an other interaction was with. */
export const INTERACTION_TYPES = ['Family Member', 'Friend', 'Caregiver', 'Healthcare Provider', 'Law Enforcement', 'Social Services', 'Other'];

/** `reference-medical-event-outcome`: what a connected treatment referral led to. */
export const REFERRAL_OUTCOMES = ['Admitted to Inpatient Treatment', 'Started Outpatient Treatment', 'Started Medication (MOUD)', 'Entered Recovery Housing', 'Did Not Attend'];
