/**
 * Outbound referral statuses (spec 001 "status (reference, outbound referral
 * type)"; the badge is success for Enrolled, danger for Declined, warning
 * otherwise). Pending comes first: it is what a new referral starts as.
 */
export const OUTBOUND_REFERRAL_STATUSES = ['Pending', 'Scheduled', 'Enrolled', 'Declined', 'Closed'] as const;

/**
 * What a patient is referred for (spec 001 "specialty (provider role)"): the
 * services care coordinators for children in care refer to most. The
 * mental-health ones make up the CIT face sheet's "top mental-health referrals".
 */
export const REFERRAL_SPECIALTIES: { label: string; mentalHealth: boolean }[] = [
  { label: 'Psychiatrist', mentalHealth: true },
  { label: 'Child and Adolescent Psychiatrist', mentalHealth: true },
  { label: 'Psychologist', mentalHealth: true },
  { label: 'Licensed Professional Clinical Counselor', mentalHealth: true },
  { label: 'Licensed Independent Social Worker', mentalHealth: true },
  { label: 'Marriage and Family Therapist', mentalHealth: true },
  { label: 'Substance Use Disorder Counselor', mentalHealth: true },
  { label: 'Trauma-Focused Therapist', mentalHealth: true },
  { label: 'Applied Behavior Analyst', mentalHealth: true },
  { label: 'Crisis Stabilization Unit', mentalHealth: true },
  { label: 'Pediatrician', mentalHealth: false },
  { label: 'Family Medicine Physician', mentalHealth: false },
  { label: 'Developmental-Behavioral Pediatrician', mentalHealth: false },
  { label: 'Pediatric Neurologist', mentalHealth: false },
  { label: 'Pediatric Endocrinologist', mentalHealth: false },
  { label: 'Pediatric Cardiologist', mentalHealth: false },
  { label: 'Allergist and Immunologist', mentalHealth: false },
  { label: 'Obstetrician-Gynecologist', mentalHealth: false },
  { label: 'Dentist', mentalHealth: false },
  { label: 'Optometrist', mentalHealth: false },
  { label: 'Audiologist', mentalHealth: false },
  { label: 'Speech-Language Pathologist', mentalHealth: false },
  { label: 'Occupational Therapist', mentalHealth: false },
  { label: 'Physical Therapist', mentalHealth: false },
  { label: 'Registered Dietitian', mentalHealth: false },
  { label: 'Early Intervention Specialist', mentalHealth: false },
  { label: 'Care Coordinator', mentalHealth: false },
];
