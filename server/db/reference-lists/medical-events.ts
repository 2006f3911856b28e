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

/** `reference-status` per type (`ref_data_type` medical_event__{name}); cit dispositions are the Episode statuses. */
export const MEDICAL_EVENT_STATUSES: Record<string, string[]> = {
  drug_overdose: ['Reported', 'Confirmed'],
  survivor_interaction: ['Scheduled', 'Attempted', 'Completed', 'Declined'],
  other_interaction: ['Scheduled', 'Attempted', 'Completed'],
  treatment_referral: ['Referred', 'Connected', 'Enrolled', 'Declined'],
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
