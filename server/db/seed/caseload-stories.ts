/**
 * What happened to the caseload's patients (caseload.ts), one story per kind
 * of patient the navigator works with; caseload-history.ts turns a story into
 * each of its patients' records.
 *
 * Days (`ago`) are days before today for a patient whose episode opened 180
 * days ago; each patient's are stretched to their own first referral, so a
 * story keeps its order and no two patients share dates. Negative: ahead.
 * `only` names the story's patients (0 = its first in CASELOAD, ...) that get
 * a row; without it every one does. Text may name the patient ({first}),
 * the care giver ({carer}) and use the patient's pronouns ({he} {He} {his}
 * {His} {him}).
 */
export type Story = 'opioid' | 'alcohol' | 'stimulant' | 'mood' | 'pain' | 'young';

type Only = { only?: number[] };
type Who = 'navigator' | 'community' | 'admin';

export interface StoryDiagnosis extends Only { code: string; status: 'Active' | 'Chronic' | 'In Remission' | 'Resolved' | 'Ruled Out' | 'Inactive'; ago: number; primary?: boolean; region?: string; note?: string }
export interface StoryAllergy { allergy: string; medication?: string; comments: string }
export interface StoryMedication extends Only {
  name: string; dosage: string; frequency: string; ago: number; finishedAgo?: number; primary?: boolean; rx: boolean; routes: string[];
  improvement?: 'Yes' | 'No'; rating?: 'Small' | 'Moderate' | 'Large' | 'None'; duration?: 'Short term' | 'Long term' | 'No relief'; comments?: string;
}
export interface StoryAdmission extends Only { ago: number; stay: number; facility: string; comments: string; note?: string }
export interface StoryEvent extends Only {
  type: 'drug_overdose' | 'survivor_interaction' | 'other_interaction' | 'treatment_referral';
  ago: number;
  time: string;
  /** The type's status label. */
  status: string;
  reason?: string;
  facility?: string;
  /** 'navigator' (Nora Navigator's provider record) or a provider's display name. */
  provider?: string;
  /** Answers as the form stores them; `type` and `outcome` as labels, `nextInteractionAgo`/`outcomeAgo` as days. */
  detail: Record<string, string | number>;
  location?: { locationName?: string; isHomeAddress?: boolean; addr1?: string; city?: string };
  note?: string;
}
export interface StoryReferral extends Only {
  ago: number;
  answeredAfter: number;
  specialty: string;
  to: { facility: string } | { provider: string };
  priority: 'routine' | 'urgent' | 'emergent';
  reason: string;
  notes?: string;
}
export interface StoryNote extends Only { ago: number; text: string; minutes?: number; author?: Who }
export interface StoryDocument extends Only { ago: number; title: string; description: string; link?: string; file?: { name: string; text: string } }
export interface StoryCareTeam { provider: string; location: number; pcp?: boolean; primary?: boolean; current?: boolean }
export interface StoryChat { ago: number; time: string; from: Who; text: string }
export interface StoryReminder extends Only { ago: number; time: number; note: string; to: 'me' | null; read?: boolean }
export interface StoryCrisis extends Only { ago: number; crisis: string[]; note: string; transport: 'Law Enforcement' | 'Ambulance' | 'No Transport'; facility?: string }

export interface StoryContent {
  diagnoses: StoryDiagnosis[];
  /** One set per patient of the story, in turn. */
  allergies: StoryAllergy[][];
  medications: StoryMedication[];
  admissions: StoryAdmission[];
  events: StoryEvent[];
  referrals: StoryReferral[];
  notes: StoryNote[];
  resources: { ago: number; title: string; only?: number[] }[];
  documents: StoryDocument[];
  badges: string[][];
  careTeam: StoryCareTeam[][];
  chat: StoryChat[][];
  reminders: StoryReminder[];
  crisis?: StoryCrisis[];
}

const OVERDOSE_REVIVED = {
  naloxoneAdministered: 'yes', naloxoneAdministeredBy: 'ems', routeOfNaloxoneAdministration: 'nasal', amountOfNaloxoneGiven: '8',
  wasOverdoseFatal: 'no', acceptedTreatment: 'accepted', wasTransportedToHospital: 'yes',
};
const FIRST_CONTACT = { contactAttemptType: 'Face-to-Face', contactPhase: 'First Contact', survivorContacted: 'yes', leftFlyer: 'no', kitsDistributed: '2', ftStripsDistributed: '10', doScheduleAnother: 'no' };
const NALOXONE_ONLY = { contactAttemptType: 'Face-to-Face', contactPhase: 'First Contact', survivorContacted: 'yes', leftFlyer: 'no', kitsDistributed: '1', doScheduleAnother: 'no' };
const PHONE_ATTEMPT = { contactAttemptType: 'Phone', contactPhase: 'Follow-up', survivorContacted: 'no', leftFlyer: 'no', doScheduleAnother: 'no' };
const SCHEDULED_VISIT = { contactAttemptType: 'Face-to-Face', contactPhase: 'Follow-up', survivorContacted: 'no', leftFlyer: 'no', doScheduleAnother: 'no' };
const PCP_TEAM = (pcp: string, counselor: string): StoryCareTeam[] => [
  { provider: pcp, location: 0, pcp: true },
  { provider: counselor, location: 0, primary: true },
];

export const STORIES: Record<Story, StoryContent> = {
  /** Opioid use disorder, found after a fentanyl overdose; buprenorphine-naloxone and counseling. */
  opioid: {
    diagnoses: [
      { code: 'F11.20', status: 'Active', ago: 170, primary: true, note: 'On buprenorphine-naloxone since the week after the overdose.' },
      { code: 'T40.411A', status: 'Resolved', ago: 181, note: 'Revived with naloxone by EMS; one night of observation.' },
      { code: 'B18.2', status: 'Chronic', ago: 120, only: [0, 2, 4], note: 'Antibody positive at intake; treatment planned with the primary care provider.' },
      { code: 'F41.1', status: 'Active', ago: 90 },
      { code: 'F17.210', status: 'Active', ago: 170, only: [1, 3] },
    ],
    allergies: [
      [{ allergy: 'Penicillins', comments: 'Rash and hives as a child.' }, { allergy: 'Latex', comments: 'Itching and redness with gloves.' }],
      [{ allergy: 'Sulfonamide antibiotics', comments: 'Hives.' }],
      [{ allergy: 'Shellfish', comments: 'Throat swelling in 2019; carries an epinephrine auto-injector.' }],
      [{ allergy: 'Medication', medication: 'Tramadol', comments: 'Seizure after a dose in 2021.' }],
      [{ allergy: 'Cat dander', comments: 'Sneezing and watery eyes.' }],
    ],
    medications: [
      { name: 'Buprenorphine and naloxone', dosage: '8 mg/2 mg film', frequency: 'Once a day', ago: 168, primary: true, rx: true, routes: ['Sublingual'], improvement: 'Yes', rating: 'Large', duration: 'Long term', comments: 'Weekly prescriptions from the primary care provider.' },
      { name: 'Naloxone', dosage: '4 mg nasal spray', frequency: 'As needed', ago: 180, rx: true, routes: ['Nasal'], comments: 'Two kits at home; {carer} knows where they are.' },
      { name: 'Clonidine', dosage: '0.1 mg', frequency: 'Twice a day', ago: 172, finishedAgo: 160, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Small', duration: 'Short term', comments: 'For withdrawal in the first two weeks.' },
      { name: 'Sertraline', dosage: '50 mg', frequency: 'Once a day', ago: 85, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term', only: [0, 1, 3] },
    ],
    admissions: [
      { ago: 181, stay: 1, facility: 'Riverside General Hospital', comments: 'Observation after a fentanyl overdose; discharged home with naloxone and a referral to the navigator.' },
      { ago: 62, stay: 4, facility: 'Crisis Stabilization Unit', comments: 'Short stay after a relapse; resumed buprenorphine before discharge.', only: [1, 3, 4] },
    ],
    events: [
      { type: 'drug_overdose', ago: 181, time: '23:40', status: 'Confirmed', facility: 'Riverside General Hospital', detail: OVERDOSE_REVIVED, location: { isHomeAddress: true } },
      { type: 'survivor_interaction', ago: 172, time: '10:30', status: 'Completed', reason: 'Post-Overdose Follow-up', provider: 'navigator', detail: FIRST_CONTACT, location: { isHomeAddress: true }, note: 'Met {first} and {carer} at home two days after discharge; left two naloxone kits.' },
      { type: 'treatment_referral', ago: 171, time: '09:00', status: 'Connected', reason: 'Medication for Opioid Use Disorder', facility: 'Harbor Walk-in Center', provider: 'navigator', detail: { outcome: 'Started Medication (MOUD)', outcomeAgo: 168 } },
      { type: 'survivor_interaction', ago: 140, time: '14:15', status: 'Attempted', reason: 'Wellness Check', provider: 'navigator', detail: PHONE_ATTEMPT },
      { type: 'other_interaction', ago: 120, time: '16:00', status: 'Completed', reason: 'Family Support', provider: 'navigator', detail: { type: 'Family Member', method: 'Phone', otherContactName: '{carer}' } },
      { type: 'drug_overdose', ago: 64, time: '02:10', status: 'Reported', facility: 'Riverside General Hospital', detail: OVERDOSE_REVIVED, only: [1, 3, 4] },
      { type: 'treatment_referral', ago: 60, time: '11:00', status: 'Enrolled', reason: 'Substance Use Disorder', facility: 'Summit Behavioral Health', provider: 'navigator', detail: {}, only: [1, 3, 4] },
      { type: 'survivor_interaction', ago: -6, time: '13:00', status: 'Scheduled', reason: 'Harm Reduction', provider: 'navigator', detail: SCHEDULED_VISIT },
    ],
    referrals: [
      { ago: 150, answeredAfter: 6, specialty: 'Substance Use Disorder Counselor', to: { provider: 'Tanya Brooks, LPC' }, priority: 'urgent', reason: 'Weekly counseling alongside buprenorphine.' },
      { ago: 45, answeredAfter: 10, specialty: 'Family Medicine Physician', to: { provider: 'Dr. Elena Ortiz' }, priority: 'routine', reason: 'Hepatitis C treatment and a primary care visit.' },
    ],
    notes: [
      { ago: 179, text: 'Referral from the ED after a fentanyl overdose. Called {first}; {he} agreed to a home visit.', minutes: 15 },
      { ago: 172, text: 'Home visit with {first} and {carer}. Went through the overdose signs and how to give naloxone; {he} wants to start buprenorphine.', minutes: 60 },
      { ago: 168, text: 'First buprenorphine-naloxone dose at Harbor Walk-in Center. No precipitated withdrawal.', minutes: 30 },
      { ago: 130, text: '{He} missed the counseling intake; rescheduled for next week and arranged a bus pass.', minutes: 10 },
      { ago: 95, text: 'Four weeks without use by {his} own account; urine screen matched. Talked about going back to work part time.', minutes: 30 },
      { ago: 63, text: 'Relapse after a family funeral. Back on the film since discharge; counseling moved to twice a week.', minutes: 45, only: [1, 3, 4] },
      { ago: 30, text: 'Medicaid renewal submitted together on Ohio Benefits.', minutes: 25 },
      { ago: 9, text: 'Met at the clinic; {he} asked for help with transportation to appointments.', minutes: 20 },
      { ago: 2, text: 'Pharmacy confirmed the refill was picked up on time.', minutes: 5 },
    ],
    resources: [
      { ago: 172, title: 'Ohio Naloxone: Free Naloxone and Project DAWN Sites' },
      { ago: 172, title: 'Handout: How to Give Naloxone Nasal Spray' },
      { ago: 130, title: 'Narcotics Anonymous Meeting Search' },
      { ago: 120, title: 'Nar-Anon Family Groups', only: [0, 2, 4] },
      { ago: 30, title: 'Ohio Benefits: Apply for Medicaid, SNAP and Cash Assistance' },
    ],
    documents: [
      { ago: 171, title: 'Overdose safety plan', description: 'Written with {first} at the first home visit.', file: { name: 'overdose-safety-plan.txt', text: 'Overdose safety plan for {name}\n\nNaloxone: two kits, kitchen drawer and car. {carer} is trained.\nNever use alone: call the Never Use Alone line 800-484-3731.\nWarning signs: missing a dose, money trouble, seeing old friends.\nPeople to call: {carer}, the navigator, 988.\n' } },
      { ago: 30, title: 'Ohio Benefits renewal', description: 'Medicaid renewal submitted online.', link: 'https://benefits.ohio.gov/' },
    ],
    badges: [['risk-level/high', 'engagement/engaged', 'care-needs/behavioral-health'], ['risk-level/medium', 'engagement/engaged', 'social-needs/transportation'], ['risk-level/medium', 'engagement/hard-to-reach'], ['risk-level/high', 'social-needs/housing'], ['risk-level/low', 'engagement/engaged']],
    careTeam: [
      [...PCP_TEAM('Dr. Elena Ortiz', 'Tanya Brooks, LPC'), { provider: 'Marcus Bell, LPCC', location: 0, current: false }],
      PCP_TEAM('Dr. James Hsu', 'Marcus Bell, LPCC'),
      PCP_TEAM('Dr. Elena Ortiz', 'Marcus Bell, LPCC'),
      PCP_TEAM('Dr. James Hsu', 'Tanya Brooks, LPC'),
      PCP_TEAM('Dr. Elena Ortiz', 'Tanya Brooks, LPC'),
    ],
    chat: [
      [
        { ago: 9, time: '09:12', from: 'community', text: '{first} came to the Tuesday recovery group and asked about a ride to {his} clinic visit.' },
        { ago: 9, time: '09:40', from: 'navigator', text: 'Thanks, Cory. I will set up transportation; the visit is Thursday at 10.' },
        { ago: 2, time: '16:05', from: 'community', text: 'Saw {him} again today. Doing well, asked if the group can meet at the library instead.' },
      ],
      [
        { ago: 63, time: '08:30', from: 'navigator', text: '{first} was admitted overnight after a relapse. I will visit once {he} is discharged.' },
        { ago: 62, time: '11:02', from: 'community', text: 'Thanks for letting me know. I can bring a naloxone kit to the family this week.' },
      ],
    ],
    reminders: [
      { ago: -8, time: 9, note: 'Check the buprenorphine refill before the weekend', to: 'me' },
      { ago: 40, time: 10, note: 'Call after the first counseling session', to: 'me', read: true },
    ],
  },

  /** Alcohol dependence with withdrawal admissions, depression, high blood pressure. */
  alcohol: {
    diagnoses: [
      { code: 'F10.20', status: 'Active', ago: 170, primary: true, note: 'Daily drinking for ten years; naltrexone since the spring.' },
      { code: 'F10.239', status: 'Resolved', ago: 183, note: 'Withdrawal managed in hospital.' },
      { code: 'F32.1', status: 'Active', ago: 150 },
      { code: 'I10', status: 'Chronic', ago: 160, note: 'Blood pressure better since cutting down.' },
      { code: 'K21.9', status: 'Active', ago: 100, only: [1, 3] },
    ],
    allergies: [
      [{ allergy: 'ACE inhibitors', comments: 'Cough with lisinopril; switched to amlodipine.' }],
      [{ allergy: 'Peanut', comments: 'Hives and lip swelling.' }, { allergy: 'Medication', medication: 'Sulfamethoxazole and trimethoprim', comments: 'Hives.' }],
      [{ allergy: 'Opioids', comments: 'Nausea and vomiting with codeine after dental work.' }],
      [{ allergy: 'Bee sting', comments: 'Large local swelling.' }],
      [{ allergy: 'Iodinated contrast media', comments: 'Hives after a CT scan in 2020.' }],
    ],
    medications: [
      { name: 'Naltrexone', dosage: '50 mg', frequency: 'Once a day', ago: 150, primary: true, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term', comments: 'Fewer cravings in the evening.' },
      { name: 'Thiamine', dosage: '100 mg', frequency: 'Once a day', ago: 179, rx: false, routes: ['Oral'] },
      { name: 'Amlodipine', dosage: '5 mg', frequency: 'Once a day', ago: 160, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term' },
      { name: 'Escitalopram', dosage: '10 mg', frequency: 'Once a day', ago: 140, rx: true, routes: ['Oral'], improvement: 'No', rating: 'Small', duration: 'Short term', comments: 'Little change so far; the prescriber may raise the dose.' },
      { name: 'Chlordiazepoxide', dosage: '25 mg', frequency: 'Every 6 hours', ago: 183, finishedAgo: 179, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Large', duration: 'Short term', comments: 'Withdrawal taper in hospital.' },
    ],
    admissions: [
      { ago: 183, stay: 4, facility: 'Riverside General Hospital', comments: 'Alcohol withdrawal with a seizure at home; medical detox.', note: 'Discharged to the navigator program with a thiamine prescription.' },
      { ago: 70, stay: 5, facility: 'Summit Behavioral Health', comments: 'Planned residential detox before starting outpatient treatment.', only: [0, 2, 3] },
    ],
    events: [
      { type: 'other_interaction', ago: 169, time: '11:00', status: 'Completed', reason: 'Care Coordination', provider: 'navigator', detail: { type: 'Healthcare Provider', method: 'Phone', otherContactName: 'Riverside General social work' } },
      { type: 'treatment_referral', ago: 150, time: '09:30', status: 'Connected', reason: 'Substance Use Disorder', facility: 'Summit Behavioral Health', provider: 'navigator', detail: { outcome: 'Started Outpatient Treatment', outcomeAgo: 140 } },
      { type: 'survivor_interaction', ago: 120, time: '15:00', status: 'Completed', reason: 'Wellness Check', provider: 'navigator', detail: { ...FIRST_CONTACT, contactPhase: 'Follow-up', kitsDistributed: '1', ftStripsDistributed: '5' } },
      { type: 'drug_overdose', ago: 95, time: '21:20', status: 'Reported', facility: 'Riverside General Hospital', detail: { naloxoneAdministered: 'no', wasOverdoseFatal: 'no', acceptedTreatment: 'accepted', wasTransportedToHospital: 'yes' }, note: 'Alcohol and a friend\'s sleeping pills; no opioids on the screen.' },
      { type: 'treatment_referral', ago: 72, time: '10:00', status: 'Enrolled', reason: 'Detox', facility: 'Summit Behavioral Health', provider: 'navigator', detail: {}, only: [0, 2, 3] },
      { type: 'other_interaction', ago: 40, time: '13:30', status: 'Completed', reason: 'Family Support', provider: 'navigator', detail: { type: 'Family Member', method: 'Face-to-face', otherContactName: '{carer}' } },
      { type: 'survivor_interaction', ago: -9, time: '10:00', status: 'Scheduled', reason: 'Wellness Check', provider: 'navigator', detail: SCHEDULED_VISIT },
    ],
    referrals: [
      { ago: 155, answeredAfter: 7, specialty: 'Licensed Independent Social Worker', to: { facility: 'Summit Behavioral Health' }, priority: 'routine', reason: 'Outpatient alcohol treatment after detox.' },
      { ago: 100, answeredAfter: 14, specialty: 'Psychiatrist', to: { provider: 'Dr. James Hsu' }, priority: 'routine', reason: 'Depression not improving on escitalopram.' },
      { ago: 25, answeredAfter: 5, specialty: 'Registered Dietitian', to: { facility: 'Riverside General Hospital' }, priority: 'routine', reason: 'Nutrition after years of heavy drinking.', only: [1, 4] },
    ],
    notes: [
      { ago: 181, text: 'Met {first} on the ward before discharge. {He} wants to stop drinking and is worried about another seizure.', minutes: 40 },
      { ago: 165, text: 'Home visit. {carer} removed the alcohol from the house; we made a plan for the evenings.', minutes: 50 },
      { ago: 150, text: 'Started naltrexone; intake at Summit Behavioral Health booked.', minutes: 20 },
      { ago: 110, text: '{He} is going to three groups a week and says the evenings are easier.', minutes: 15 },
      { ago: 95, text: 'ED visit after drinking with sleeping pills at a friend\'s house. Safety plan reviewed with {carer}.', minutes: 45 },
      { ago: 72, text: 'Agreed to a planned detox stay before restarting outpatient treatment.', minutes: 30, only: [0, 2, 3] },
      { ago: 40, text: 'Family meeting with {carer}: who to call when {he} drinks, and what {he} wants them to do.', minutes: 60 },
      { ago: 12, text: 'Blood pressure log looks good. {He} asked about returning to {his} old job.', minutes: 15 },
      { ago: 3, text: 'Left a message about the transportation for the next appointment.', minutes: 5 },
    ],
    resources: [
      { ago: 165, title: 'SAMHSA National Helpline (1-800-662-4357)' },
      { ago: 150, title: 'FindTreatment.gov: Substance Use and Mental Health Treatment Locator' },
      { ago: 40, title: 'Nar-Anon Family Groups' },
      { ago: 20, title: 'Ohio 211 (dial 211)', only: [1, 3] },
    ],
    documents: [
      { ago: 179, title: 'Discharge summary, Riverside General', description: 'Alcohol withdrawal admission.', file: { name: 'riverside-discharge-summary.txt', text: 'Riverside General Hospital - discharge summary\nPatient: {name}\n\nAdmitted for alcohol withdrawal with one seizure at home. Treated with a chlordiazepoxide taper and thiamine.\nDischarge plan: outpatient treatment, navigator follow-up within 72 hours, blood pressure check in two weeks.\n' } },
      { ago: 150, title: 'Summit Behavioral Health intake', description: 'Appointment letter and directions.', link: 'https://www.summitbh.example/intake' },
    ],
    badges: [['risk-level/medium', 'engagement/engaged'], ['risk-level/high', 'social-needs/interpreter'], ['risk-level/medium', 'care-needs/fall-risk'], ['risk-level/low', 'engagement/engaged', 'care-needs/diabetic'], ['risk-level/medium', 'social-needs/food']],
    careTeam: [
      // The demo's one former Dr. James Hsu (tests/browser/care-team-server.test.tsx finds the patient by him).
      [...PCP_TEAM('Dr. Elena Ortiz', 'Marcus Bell, LPCC'), { provider: 'Dr. James Hsu', location: 0, current: false }],
      [...PCP_TEAM('Dr. Elena Ortiz', 'Marcus Bell, LPCC'), { provider: 'Tanya Brooks, LPC', location: 0, current: false }],
      PCP_TEAM('Dr. James Hsu', 'Tanya Brooks, LPC'),
      PCP_TEAM('Dr. Elena Ortiz', 'Tanya Brooks, LPC'),
      PCP_TEAM('Dr. James Hsu', 'Marcus Bell, LPCC'),
    ],
    chat: [
      [
        { ago: 12, time: '10:20', from: 'navigator', text: 'Cory, could your team check on {first} on Saturday? Weekends are the hardest for {him}.' },
        { ago: 12, time: '11:45', from: 'community', text: 'Yes, our peer mentor will stop by around noon.' },
        { ago: 1, time: '17:30', from: 'community', text: 'Weekend visits went well. {He} asked about an AA meeting near {his} home.' },
      ],
      [
        { ago: 95, time: '07:50', from: 'navigator', text: 'ED visit last night for {first}. Discharged home; I will call {carer} this morning.' },
        { ago: 95, time: '08:15', from: 'admin', text: 'Thanks, Nora. I added the ED visit to the weekly review.' },
      ],
    ],
    reminders: [
      { ago: -12, time: 11, note: 'Ask the prescriber about the escitalopram dose', to: 'me' },
      { ago: 60, time: 9, note: 'Confirm the detox bed date', to: 'me', read: true, only: [0, 2, 3] },
    ],
  },

  /** Methamphetamine use, unsheltered homelessness, a psychotic episode the police answered. */
  stimulant: {
    diagnoses: [
      { code: 'F15.20', status: 'Active', ago: 165, primary: true, note: 'Daily methamphetamine use; wants to cut down first.' },
      { code: 'Z59.02', status: 'Active', ago: 165, note: 'Sleeping in a car or outside since the eviction.' },
      { code: 'F29', status: 'Resolved', ago: 150, note: 'Paranoia and voices during heavy use; cleared within a week.' },
      { code: 'F43.10', status: 'Active', ago: 100, only: [0, 2, 4] },
      { code: 'Z59.41', status: 'Active', ago: 160, only: [1, 3] },
      { code: 'L03.90', status: 'Resolved', ago: 45, region: 'Left Upper Limb', only: [1, 3], note: 'Injection-site cellulitis; IV antibiotics in hospital.' },
    ],
    allergies: [
      [{ allergy: 'Penicillins', comments: 'Swelling of the face in 2015.' }],
      [{ allergy: 'Antipsychotics', comments: 'Severe muscle stiffness with haloperidol.' }],
      [{ allergy: 'Nickel', comments: 'Rash from jewelry.' }],
      [{ allergy: 'Egg', comments: 'Stomach cramps.' }],
      [{ allergy: 'Adhesive tape', comments: 'Blisters under bandages.' }],
    ],
    medications: [
      { name: 'Mirtazapine', dosage: '15 mg', frequency: 'At bedtime', ago: 140, primary: true, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term', comments: 'Helps with sleep and appetite.' },
      { name: 'Olanzapine', dosage: '5 mg', frequency: 'At bedtime', ago: 150, finishedAgo: 120, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Large', duration: 'Short term', comments: 'Stopped once the paranoia cleared.' },
      { name: 'Naloxone', dosage: '4 mg nasal spray', frequency: 'As needed', ago: 140, rx: true, routes: ['Nasal'], comments: 'Fentanyl in the supply; carries a kit.' },
      { name: 'Prazosin', dosage: '2 mg', frequency: 'At bedtime', ago: 90, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Small', duration: 'Long term', only: [0, 2, 4] },
    ],
    admissions: [
      { ago: 152, stay: 6, facility: 'Crisis Stabilization Unit', comments: 'Brought in by police with paranoia after several days without sleep.', note: 'Stable at discharge; shelter bed arranged.' },
      { ago: 45, stay: 2, facility: 'Riverside General Hospital', comments: 'Cellulitis of the forearm treated with IV antibiotics.', only: [1, 3] },
    ],
    events: [
      { type: 'other_interaction', ago: 160, time: '12:30', status: 'Completed', reason: 'Harm Reduction', provider: 'navigator', detail: { type: 'Social Services', method: 'Face-to-face', otherContactName: 'Street outreach team' }, location: { locationName: 'Schiller Park' } },
      { type: 'treatment_referral', ago: 145, time: '10:00', status: 'Declined', reason: 'Substance Use Disorder', facility: 'Harbor Walk-in Center', provider: 'navigator', detail: {}, note: 'Not ready for treatment; wants housing first.' },
      { type: 'survivor_interaction', ago: 110, time: '14:00', status: 'Completed', reason: 'Harm Reduction', provider: 'navigator', detail: { ...FIRST_CONTACT, kitsDistributed: '3', ftStripsDistributed: '20', xyStripsDistributed: '10' }, location: { locationName: 'Drop-in center on Parsons Ave' } },
      { type: 'drug_overdose', ago: 80, time: '04:15', status: 'Confirmed', facility: 'Riverside General Hospital', detail: { ...OVERDOSE_REVIVED, naloxoneAdministeredBy: 'other_individual', amountOfNaloxoneGiven: '4' }, note: 'Fentanyl in what was sold as methamphetamine; a friend gave naloxone.' },
      { type: 'treatment_referral', ago: 75, time: '09:00', status: 'Connected', reason: 'Co-occurring Disorders', facility: 'Summit Behavioral Health', provider: 'navigator', detail: { outcome: 'Entered Recovery Housing', outcomeAgo: 60 } },
      { type: 'survivor_interaction', ago: 35, time: '15:30', status: 'Attempted', reason: 'Post-Overdose Follow-up', provider: 'navigator', detail: PHONE_ATTEMPT },
      { type: 'other_interaction', ago: -4, time: '11:00', status: 'Scheduled', reason: 'Care Coordination', provider: 'navigator', detail: { type: 'Social Services', method: 'Face-to-face', otherContactName: 'Community Shelter Board' } },
    ],
    referrals: [
      { ago: 158, answeredAfter: 20, specialty: 'Care Coordinator', to: { facility: 'Harbor Walk-in Center' }, priority: 'urgent', reason: 'Coordinated entry for housing.' },
      { ago: 120, answeredAfter: 9, specialty: 'Trauma-Focused Therapist', to: { provider: 'Tanya Brooks, LPC' }, priority: 'routine', reason: 'Nightmares and startle since an assault last year.' },
      { ago: 50, answeredAfter: 3, specialty: 'Dentist', to: { facility: 'Riverside General Hospital' }, priority: 'routine', reason: 'Tooth pain; no dentist since 2020.', only: [0, 1, 3] },
    ],
    notes: [
      { ago: 162, text: 'Met {first} with the street outreach team at Schiller Park. Gave water, naloxone and fentanyl test strips.', minutes: 30 },
      { ago: 150, text: 'Visited at the Crisis Stabilization Unit. {He} is sleeping again and agreed to a shelter bed.', minutes: 35 },
      { ago: 145, text: 'Declined the treatment referral for now; {he} wants to find housing first. We will keep meeting weekly.', minutes: 20 },
      { ago: 120, text: 'Coordinated entry assessment done. {He} is on the list for rapid rehousing.', minutes: 60 },
      { ago: 80, text: 'Overdose at a friend\'s apartment; naloxone given by the friend. {He} says it scared {him}.', minutes: 25 },
      { ago: 60, text: 'Moved into recovery housing on the east side. First week went well.', minutes: 40 },
      { ago: 35, text: 'No answer by phone; left a message with {carer}.', minutes: 5 },
      { ago: 14, text: 'Met at the house. {He} has a job interview at a warehouse next week.', minutes: 30 },
      { ago: 4, text: 'Shelter Board called: a one-bedroom apartment may open next month.', minutes: 10 },
    ],
    resources: [
      { ago: 160, title: 'Ohio Naloxone: Free Naloxone and Project DAWN Sites' },
      { ago: 150, title: 'Ohio 211 (dial 211)' },
      { ago: 120, title: 'HUD Rental Assistance' },
      { ago: 120, title: 'Feeding America: Find Your Local Food Bank', only: [1, 3] },
      { ago: 60, title: 'Lifeline: Discounted Phone and Internet Service' },
    ],
    documents: [
      { ago: 120, title: 'Coordinated entry assessment', description: 'Community Shelter Board housing assessment.', file: { name: 'coordinated-entry-assessment.txt', text: 'Coordinated entry assessment\nName: {name}\n\nHousing history: evicted 2024, since then car, shelter and outside.\nIncome: none; SNAP active.\nPriority: high (overdose in the last 6 months, no shelter on most nights).\nNext step: rapid rehousing waitlist.\n' } },
      { ago: 60, title: 'Recovery house agreement', description: 'House rules signed on move-in.', link: 'https://www.ohiorecoveryhousing.example/rules' },
    ],
    badges: [['risk-level/high', 'social-needs/housing', 'social-needs/food'], ['risk-level/high', 'engagement/hard-to-reach', 'social-needs/housing'], ['risk-level/medium', 'social-needs/housing', 'social-needs/transportation'], ['risk-level/high', 'engagement/hard-to-reach'], ['risk-level/medium', 'social-needs/housing', 'engagement/declined']],
    careTeam: [
      PCP_TEAM('Dr. James Hsu', 'Tanya Brooks, LPC'),
      PCP_TEAM('Dr. Elena Ortiz', 'Tanya Brooks, LPC'),
      [...PCP_TEAM('Dr. James Hsu', 'Marcus Bell, LPCC'), { provider: 'Dr. Elena Ortiz', location: 0, current: false }],
      PCP_TEAM('Dr. Elena Ortiz', 'Marcus Bell, LPCC'),
      PCP_TEAM('Dr. James Hsu', 'Tanya Brooks, LPC'),
    ],
    chat: [
      [
        { ago: 14, time: '08:55', from: 'community', text: 'Our outreach van saw {first} at the drop-in center. {He} asked about the apartment list.' },
        { ago: 14, time: '09:30', from: 'navigator', text: 'Thanks! {He} is on the rapid rehousing list; I will tell {him} where things stand this afternoon.' },
        { ago: 4, time: '15:10', from: 'navigator', text: 'Good news: the Shelter Board may have a one-bedroom next month.' },
        { ago: 4, time: '15:45', from: 'community', text: 'Great. We can help with furniture from the donation center.' },
      ],
      [
        { ago: 80, time: '08:00', from: 'community', text: 'Heard {first} overdosed last night and a friend used naloxone. Is {he} OK?' },
        { ago: 80, time: '08:20', from: 'navigator', text: '{He} was discharged this morning. I am visiting at 2.' },
      ],
    ],
    reminders: [
      { ago: -10, time: 14, note: 'Walk through the apartment with the Shelter Board', to: 'me' },
      { ago: 100, time: 10, note: 'Bring ID documents to the coordinated entry appointment', to: 'me', read: true },
    ],
    crisis: [{ ago: 152, crisis: ['Depression/Hallucinations', 'Homeless'], note: 'Caller reported {first} shouting at cars near a bus stop; calm after talking with officers, taken for evaluation.', transport: 'Law Enforcement', facility: 'Crisis Stabilization Unit' }],
  },

  /** Bipolar disorder with a suicidal crisis the police answered; lithium, therapy, a safety plan. */
  mood: {
    diagnoses: [
      { code: 'F31.81', status: 'Active', ago: 177, primary: true, note: 'Diagnosed at the Crisis Stabilization Unit; on lithium.' },
      { code: 'R45.851', status: 'Resolved', ago: 182, note: 'Suicidal thoughts at the time of the crisis; safety plan in place.' },
      { code: 'Z91.51', status: 'Active', ago: 182 },
      { code: 'F12.20', status: 'In Remission', ago: 150, only: [0, 1, 3], note: 'No cannabis since the hospital stay.' },
      { code: 'F41.1', status: 'Active', ago: 90, only: [2, 4] },
    ],
    allergies: [
      [{ allergy: 'Anticonvulsants', comments: 'Rash with lamotrigine; stopped.' }],
      [{ allergy: 'Tree nuts', comments: 'Mouth itching.' }],
      [{ allergy: 'Penicillins', comments: 'Hives.' }],
      [{ allergy: 'Ragweed pollen', comments: 'Seasonal congestion.' }],
      [{ allergy: 'Sulfonamide antibiotics', comments: 'Fever and rash.' }],
    ],
    medications: [
      { name: 'Lithium', dosage: '600 mg', frequency: 'Twice a day', ago: 177, primary: true, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Large', duration: 'Long term', comments: 'Blood levels every three months.' },
      { name: 'Quetiapine', dosage: '100 mg', frequency: 'At bedtime', ago: 177, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term' },
      { name: 'Lamotrigine', dosage: '25 mg', frequency: 'Once a day', ago: 200, finishedAgo: 190, rx: true, routes: ['Oral'], improvement: 'No', rating: 'None', duration: 'No relief', comments: 'Stopped because of a rash.', only: [0] },
      { name: 'Hydroxyzine', dosage: '25 mg', frequency: 'As needed', ago: 90, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Small', duration: 'Short term', only: [2, 4] },
    ],
    admissions: [{ ago: 182, stay: 7, facility: 'Crisis Stabilization Unit', comments: 'Voluntary stay after the crisis call; started on lithium.', note: 'Safety plan written with the unit social worker.' }],
    events: [
      { type: 'other_interaction', ago: 177, time: '14:00', status: 'Completed', reason: 'Care Coordination', provider: 'navigator', detail: { type: 'Healthcare Provider', method: 'Face-to-face', otherContactName: 'Crisis Stabilization Unit social worker' } },
      { type: 'treatment_referral', ago: 160, time: '10:00', status: 'Connected', reason: 'Mental Health', facility: 'Summit Behavioral Health', provider: 'navigator', detail: { outcome: 'Started Outpatient Treatment', outcomeAgo: 150 } },
      { type: 'survivor_interaction', ago: 130, time: '11:30', status: 'Completed', reason: 'Wellness Check', provider: 'navigator', detail: { ...FIRST_CONTACT, contactPhase: 'Follow-up', kitsDistributed: '1', ftStripsDistributed: '2' } },
      { type: 'drug_overdose', ago: 100, time: '22:45', status: 'Reported', facility: 'Riverside General Hospital', detail: { naloxoneAdministered: 'unknown', wasOverdoseFatal: 'no', acceptedTreatment: 'refused', wasTransportedToHospital: 'yes' }, note: 'Took extra quetiapine after an argument; said it was to sleep.' },
      { type: 'other_interaction', ago: 70, time: '16:30', status: 'Completed', reason: 'Family Support', provider: 'navigator', detail: { type: 'Family Member', method: 'Phone', otherContactName: '{carer}' } },
      { type: 'survivor_interaction', ago: 20, time: '10:15', status: 'Declined', reason: 'Wellness Check', provider: 'navigator', detail: { contactAttemptType: 'Phone', contactPhase: 'Follow-up', survivorContacted: 'yes', leftFlyer: 'no', doScheduleAnother: 'no' }, only: [2, 4] },
      { type: 'treatment_referral', ago: 18, time: '09:00', status: 'Referred', reason: 'Co-occurring Disorders', facility: 'Summit Behavioral Health', provider: 'navigator', detail: {}, only: [0, 1, 3] },
      { type: 'other_interaction', ago: -3, time: '15:00', status: 'Scheduled', reason: 'Care Coordination', provider: 'navigator', detail: { type: 'Healthcare Provider', method: 'Phone', otherContactName: 'Summit Behavioral Health' } },
    ],
    referrals: [
      { ago: 162, answeredAfter: 4, specialty: 'Psychiatrist', to: { facility: 'Summit Behavioral Health' }, priority: 'urgent', reason: 'Medication management after the crisis stay.' },
      { ago: 110, answeredAfter: 12, specialty: 'Licensed Professional Clinical Counselor', to: { provider: 'Marcus Bell, LPCC' }, priority: 'routine', reason: 'Weekly therapy.' },
      { ago: 15, answeredAfter: 2, specialty: 'Crisis Stabilization Unit', to: { facility: 'Crisis Stabilization Unit' }, priority: 'emergent', reason: 'Worsening mood; a bed if needed.', only: [2, 4] },
    ],
    notes: [
      { ago: 181, text: 'Police CIT officers brought {first} to the Crisis Stabilization Unit. Visited; {he} agreed to stay voluntarily.', minutes: 45 },
      { ago: 176, text: 'Discharge planning with the unit: lithium, psychiatry at Summit Behavioral Health, weekly check-ins with me.', minutes: 40 },
      { ago: 150, text: 'Lithium level in range. {He} is sleeping eight hours and back at {his} part-time job.', minutes: 20 },
      { ago: 120, text: 'Reviewed the safety plan together; {carer} has a copy.', minutes: 30 },
      { ago: 100, text: 'Took extra quetiapine after an argument. Discharged from the ED the next morning; safety plan updated.', minutes: 45 },
      { ago: 70, text: 'Call with {carer}: worried about {his} spending over the weekend. Shared the early warning signs from the plan.', minutes: 25 },
      { ago: 20, text: '{He} did not want a visit this week; agreed to a call on Friday instead.', minutes: 10 },
      { ago: 8, text: 'Good week. {He} joined a peer support group at the library.', minutes: 20 },
      { ago: 1, text: 'Reminded {him} about the lithium blood test on Monday.', minutes: 5 },
    ],
    resources: [
      // Not the 988 handout: tests/server/resources.test.ts needs one handout no patient holds.
      { ago: 176, title: '988 Suicide & Crisis Lifeline (call or text 988)' },
      { ago: 120, title: 'Crisis Text Line (text HOME to 741741)' },
      { ago: 60, title: 'Ohio 211 (dial 211)', only: [2, 4] },
    ],
    documents: [
      { ago: 175, title: 'Safety plan', description: 'Stanley-Brown safety plan from the Crisis Stabilization Unit.', file: { name: 'safety-plan.txt', text: 'Safety plan for {name}\n\n1. Warning signs: not sleeping, racing thoughts, spending sprees.\n2. Things I can do: walk, music, call {carer}.\n3. People and places: the library, the peer group.\n4. Professionals: Summit Behavioral Health, the navigator, 988.\n5. Making my home safe: medicines kept by {carer}, one week at a time.\n' } },
      { ago: 150, title: 'Lithium blood level results', description: 'Lab portal link.', link: 'https://mychart.riversidegeneral.example/results' },
    ],
    badges: [['risk-level/high', 'care-needs/behavioral-health', 'engagement/engaged'], ['risk-level/medium', 'care-needs/behavioral-health'], ['risk-level/high', 'engagement/hard-to-reach', 'care-needs/behavioral-health'], ['risk-level/medium', 'care-needs/behavioral-health', 'social-needs/transportation'], ['risk-level/low', 'care-needs/behavioral-health', 'engagement/engaged']],
    careTeam: [
      [...PCP_TEAM('Dr. Elena Ortiz', 'Marcus Bell, LPCC'), { provider: 'Tanya Brooks, LPC', location: 0 }],
      PCP_TEAM('Dr. James Hsu', 'Marcus Bell, LPCC'),
      PCP_TEAM('Dr. Elena Ortiz', 'Tanya Brooks, LPC'),
      [...PCP_TEAM('Dr. James Hsu', 'Marcus Bell, LPCC'), { provider: 'Dr. Elena Ortiz', location: 0, current: false }],
      PCP_TEAM('Dr. Elena Ortiz', 'Marcus Bell, LPCC'),
    ],
    chat: [
      [
        { ago: 8, time: '13:05', from: 'community', text: '{first} joined our peer support group at the library today and stayed for the whole session.' },
        { ago: 8, time: '13:40', from: 'navigator', text: 'That is great to hear. {His} lithium test is on Monday; could you remind {him} at Thursday\'s group?' },
        { ago: 1, time: '18:20', from: 'community', text: 'Reminded {him}. {He} says {he} will go before work.' },
      ],
      [
        { ago: 20, time: '09:30', from: 'navigator', text: '{first} declined a visit this week. Could your peer mentor call {him} on Friday?' },
        { ago: 19, time: '10:10', from: 'community', text: 'Will do. I will let you know how it goes.' },
        { ago: 16, time: '16:45', from: 'community', text: 'Talked for twenty minutes. {He} sounded tired but OK and wants to meet next week.' },
      ],
    ],
    reminders: [
      { ago: -4, time: 9, note: 'Lithium blood test: confirm the lab appointment', to: 'me' },
      { ago: 120, time: 15, note: 'Give {carer} a copy of the safety plan', to: 'me', read: true },
    ],
    crisis: [{ ago: 182, crisis: ['Depression', 'Suicide Thoughts'], note: 'Family called about {first} talking about ending {his} life; de-escalated at home and {he} agreed to go to the crisis unit.', transport: 'Law Enforcement', facility: 'Crisis Stabilization Unit' }],
  },

  /** Older adult with chronic back pain on prescribed opioids, an accidental overdose, now tapering. */
  pain: {
    diagnoses: [
      { code: 'M54.50', status: 'Chronic', ago: 175, primary: true, note: 'Since a fall at work in 2014.' },
      { code: 'F11.10', status: 'Active', ago: 181, note: 'Taking more oxycodone than prescribed before the overdose.' },
      { code: 'I10', status: 'Chronic', ago: 175 },
      { code: 'E11.9', status: 'Chronic', ago: 175, only: [0, 2, 4], note: 'A1c 7.2 in the spring.' },
      { code: 'F32.A', status: 'Active', ago: 100, only: [1, 3] },
    ],
    allergies: [
      [{ allergy: 'Nonsteroidal anti-inflammatory drugs (NSAIDs)', comments: 'Stomach bleeding with ibuprofen in 2018.' }],
      [{ allergy: 'Statins', comments: 'Muscle pain with atorvastatin.' }],
      [{ allergy: 'Aspirin and salicylates', comments: 'Wheezing.' }],
      [{ allergy: 'Medication', medication: 'Morphine', comments: 'Severe itching and nausea.' }],
      [{ allergy: 'Penicillins', comments: 'Rash.' }, { allergy: 'Latex', comments: 'Hives.' }],
    ],
    medications: [
      { name: 'Oxycodone', dosage: '10 mg', frequency: 'Every 8 hours', ago: 400, primary: true, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Short term', comments: 'Tapering by 10 % a month with the primary care provider.' },
      { name: 'Naloxone', dosage: '4 mg nasal spray', frequency: 'As needed', ago: 178, rx: true, routes: ['Nasal'], comments: 'Kept by the bedside; {carer} is trained.' },
      { name: 'Duloxetine', dosage: '60 mg', frequency: 'Once a day', ago: 150, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term', comments: 'For pain and mood.' },
      { name: 'Lisinopril', dosage: '20 mg', frequency: 'Once a day', ago: 900, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Large', duration: 'Long term' },
      { name: 'Metformin', dosage: '500 mg', frequency: 'Twice a day', ago: 700, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term', only: [0, 2, 4] },
      { name: 'Gabapentin', dosage: '300 mg', frequency: 'Three times a day', ago: 300, finishedAgo: 160, rx: true, routes: ['Oral'], improvement: 'No', rating: 'Small', duration: 'No relief', comments: 'Stopped: drowsy with the oxycodone.' },
    ],
    admissions: [
      { ago: 181, stay: 3, facility: 'Riverside General Hospital', comments: 'Accidental oxycodone overdose with gabapentin; naloxone by EMS.', note: 'Pain team reviewed the prescriptions before discharge.' },
      { ago: 50, stay: 2, facility: 'Riverside General Hospital', comments: 'Fall at home; no fracture.', only: [1, 3] },
    ],
    events: [
      { type: 'drug_overdose', ago: 181, time: '06:30', status: 'Confirmed', facility: 'Riverside General Hospital', detail: OVERDOSE_REVIVED, location: { isHomeAddress: true }, note: '{carer} found {him} hard to wake and called 911.' },
      { type: 'survivor_interaction', ago: 168, time: '13:00', status: 'Completed', reason: 'Post-Overdose Follow-up', provider: 'navigator', detail: NALOXONE_ONLY },
      { type: 'other_interaction', ago: 160, time: '10:30', status: 'Completed', reason: 'Care Coordination', provider: 'navigator', detail: { type: 'Healthcare Provider', method: 'Phone', otherContactName: 'Primary care office' } },
      { type: 'treatment_referral', ago: 155, time: '09:00', status: 'Connected', reason: 'Substance Use Disorder', facility: 'Summit Behavioral Health', provider: 'navigator', detail: { outcome: 'Started Outpatient Treatment', outcomeAgo: 140 } },
      { type: 'survivor_interaction', ago: 90, time: '11:00', status: 'Completed', reason: 'Wellness Check', provider: 'navigator', detail: { ...NALOXONE_ONLY, contactPhase: 'Follow-up' } },
      { type: 'other_interaction', ago: 30, time: '14:30', status: 'Completed', reason: 'Information Request', provider: 'navigator', detail: { type: 'Caregiver', method: 'Phone', otherContactName: '{carer}' } },
      { type: 'survivor_interaction', ago: -7, time: '10:00', status: 'Scheduled', reason: 'Wellness Check', provider: 'navigator', detail: SCHEDULED_VISIT },
    ],
    referrals: [
      { ago: 165, answeredAfter: 15, specialty: 'Physical Therapist', to: { facility: 'Riverside General Hospital' }, priority: 'routine', reason: 'Back pain program instead of more opioids.' },
      { ago: 140, answeredAfter: 8, specialty: 'Substance Use Disorder Counselor', to: { provider: 'Marcus Bell, LPCC' }, priority: 'routine', reason: 'Support while tapering oxycodone.' },
      { ago: 60, answeredAfter: 20, specialty: 'Registered Dietitian', to: { facility: 'Riverside General Hospital' }, priority: 'routine', reason: 'Diabetes and weight.', only: [0, 2, 4] },
    ],
    notes: [
      { ago: 179, text: 'Visited on the ward. {He} did not know gabapentin and oxycodone together could stop {his} breathing.', minutes: 35 },
      { ago: 168, text: 'Home visit with {carer}: naloxone training, a pill organizer, and the old bottles taken to the pharmacy drop box.', minutes: 60 },
      { ago: 150, text: 'Primary care agreed to a slow oxycodone taper and physical therapy.', minutes: 15 },
      { ago: 120, text: 'Physical therapy twice a week. Pain about the same, sleeping better.', minutes: 20 },
      { ago: 90, text: 'Down to three tablets a day. {He} is proud of it.', minutes: 20 },
      { ago: 50, text: 'Fell at home reaching for a shelf; no fracture. Occupational therapy asked for a grab bar.', minutes: 30, only: [1, 3] },
      { ago: 30, text: '{carer} asked how to tell tiredness from sedation. Went through the signs again.', minutes: 15 },
      { ago: 10, text: 'Blood sugar and blood pressure logs brought to the visit; both in range.', minutes: 20 },
      { ago: 3, text: 'Pharmacy called: the taper prescription is ready.', minutes: 5 },
    ],
    resources: [
      { ago: 170, title: 'Handout: How to Give Naloxone Nasal Spray' },
      { ago: 168, title: 'Poison Control (1-800-222-1222)' },
      { ago: 150, title: 'Medicaid', only: [1, 3] },
      { ago: 40, title: 'LIHEAP: Help With Heating and Cooling Bills' },
    ],
    documents: [
      { ago: 150, title: 'Opioid taper plan', description: 'Agreed with the primary care provider.', file: { name: 'opioid-taper-plan.txt', text: 'Oxycodone taper plan for {name}\n\nStart: 10 mg every 6 hours. Reduce by one tablet a day every four weeks.\nNaloxone at the bedside; {carer} trained.\nCall the primary care office for withdrawal symptoms or pain that stops sleep.\n' } },
      { ago: 165, title: 'Physical therapy schedule', description: 'Riverside General outpatient therapy.', link: 'https://www.riversidegeneral.example/rehab/schedule' },
    ],
    badges: [['risk-level/medium', 'care-needs/fall-risk', 'care-needs/diabetic'], ['risk-level/medium', 'care-needs/fall-risk'], ['risk-level/high', 'care-needs/diabetic', 'social-needs/transportation'], ['risk-level/medium', 'care-needs/wheelchair'], ['risk-level/low', 'care-needs/diabetic']],
    careTeam: [
      [...PCP_TEAM('Dr. James Hsu', 'Marcus Bell, LPCC')],
      PCP_TEAM('Dr. Elena Ortiz', 'Marcus Bell, LPCC'),
      [...PCP_TEAM('Dr. James Hsu', 'Tanya Brooks, LPC'), { provider: 'Dr. Elena Ortiz', location: 0, current: false }],
      PCP_TEAM('Dr. Elena Ortiz', 'Tanya Brooks, LPC'),
      PCP_TEAM('Dr. James Hsu', 'Marcus Bell, LPCC'),
    ],
    chat: [
      [
        { ago: 10, time: '11:15', from: 'navigator', text: '{first} has physical therapy on Tuesdays. Can your volunteer drivers take {him} next week?' },
        { ago: 10, time: '14:00', from: 'community', text: 'Yes, pickup at 9:15 on Tuesday.' },
      ],
      [
        { ago: 30, time: '10:00', from: 'community', text: '{carer} called our line asking about sedation signs. I told {carer} you would call back.' },
        { ago: 30, time: '10:25', from: 'navigator', text: 'Thanks, calling now.' },
      ],
    ],
    reminders: [
      { ago: -14, time: 10, note: 'Next taper step: confirm the new prescription', to: 'me' },
      { ago: 150, time: 9, note: 'Take old prescription bottles to the drop box', to: 'me', read: true },
    ],
  },

  /** Young adult: anxiety and PTSD, cannabis and pills bought online, a near-fatal counterfeit pill. */
  young: {
    diagnoses: [
      { code: 'F43.10', status: 'Active', ago: 150, primary: true, note: 'After a car crash at 19.' },
      { code: 'F41.0', status: 'Active', ago: 140 },
      { code: 'F12.20', status: 'Active', ago: 150, note: 'Daily use to sleep; wants to cut down.' },
      { code: 'F13.10', status: 'In Remission', ago: 120, only: [0, 2, 4], note: 'Counterfeit alprazolam bought online; none since the overdose.' },
      { code: 'J45.30', status: 'Chronic', ago: 170, only: [1, 3] },
    ],
    allergies: [
      [{ allergy: 'Tree nuts', comments: 'Anaphylaxis; carries an epinephrine auto-injector.' }],
      [{ allergy: 'Penicillins', comments: 'Rash as a child.' }, { allergy: 'Dust mites', comments: 'Asthma gets worse.' }],
      [{ allergy: 'Sesame', comments: 'Hives.' }],
      [{ allergy: 'Grass pollen', comments: 'Itchy eyes in May and June.' }],
      [{ allergy: 'Macrolides', comments: 'Vomiting with azithromycin.' }],
    ],
    medications: [
      { name: 'Sertraline', dosage: '100 mg', frequency: 'Once a day', ago: 135, primary: true, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Moderate', duration: 'Long term' },
      { name: 'Prazosin', dosage: '1 mg', frequency: 'At bedtime', ago: 110, rx: true, routes: ['Oral'], improvement: 'Yes', rating: 'Large', duration: 'Long term', comments: 'Fewer nightmares.' },
      { name: 'Hydroxyzine', dosage: '25 mg', frequency: 'As needed', ago: 135, finishedAgo: 60, rx: true, routes: ['Oral'], improvement: 'No', rating: 'Small', duration: 'Short term' },
      { name: 'Albuterol', dosage: '90 mcg, 2 puffs', frequency: 'Every 4 hours as needed', ago: 900, rx: true, routes: ['Inhaled'], improvement: 'Yes', rating: 'Large', duration: 'Short term', only: [1, 3] },
      { name: 'Naloxone', dosage: '4 mg nasal spray', frequency: 'As needed', ago: 120, rx: false, routes: ['Nasal'], comments: 'Free kit from Project DAWN.', only: [0, 2, 4] },
    ],
    admissions: [{ ago: 122, stay: 2, facility: 'Riverside General Hospital', comments: 'Counterfeit pill overdose (fentanyl); intubated overnight.', only: [0, 2, 4] }, { ago: 80, stay: 1, facility: 'Riverside General Hospital', comments: 'Asthma attack; nebulizers and steroids.', only: [1, 3] }],
    events: [
      { type: 'other_interaction', ago: 148, time: '15:00', status: 'Completed', reason: 'Information Request', provider: 'navigator', detail: { type: 'Friend', method: 'SMS', otherContactName: '{carer}' } },
      { type: 'treatment_referral', ago: 140, time: '10:00', status: 'Connected', reason: 'Mental Health', facility: 'Summit Behavioral Health', provider: 'navigator', detail: { outcome: 'Started Outpatient Treatment', outcomeAgo: 130 } },
      { type: 'drug_overdose', ago: 122, time: '01:30', status: 'Confirmed', facility: 'Riverside General Hospital', detail: { ...OVERDOSE_REVIVED, naloxoneAdministeredBy: 'other_individual' }, note: 'Pressed "Xanax" bought online; roommate gave naloxone and called 911.', only: [0, 2, 4] },
      { type: 'survivor_interaction', ago: 118, time: '16:00', status: 'Completed', reason: 'Post-Overdose Follow-up', provider: 'navigator', detail: { ...FIRST_CONTACT, contactAttemptType: 'SMS' }, only: [0, 2, 4] },
      { type: 'drug_overdose', ago: 104, time: '00:50', status: 'Reported', facility: 'Riverside General Hospital', detail: { naloxoneAdministered: 'no', wasOverdoseFatal: 'no', acceptedTreatment: 'refused', wasTransportedToHospital: 'yes' }, note: 'Cannabis edibles and alcohol at a party; friends called 911. Sent home from the ED the same night.', only: [1, 3] },
      { type: 'survivor_interaction', ago: 100, time: '12:00', status: 'Completed', reason: 'Harm Reduction', provider: 'navigator', detail: { ...FIRST_CONTACT, contactPhase: 'Follow-up', kitsDistributed: '2', ftStripsDistributed: '10' }, only: [1, 3] },
      { type: 'treatment_referral', ago: 60, time: '09:00', status: 'Declined', reason: 'Substance Use Disorder', facility: 'Harbor Walk-in Center', provider: 'navigator', detail: {}, note: 'Prefers to work on cannabis with {his} therapist.' },
      { type: 'survivor_interaction', ago: -2, time: '17:00', status: 'Scheduled', reason: 'Wellness Check', provider: 'navigator', detail: { ...SCHEDULED_VISIT, contactAttemptType: 'Phone' } },
    ],
    referrals: [
      { ago: 145, answeredAfter: 10, specialty: 'Trauma-Focused Therapist', to: { provider: 'Tanya Brooks, LPC' }, priority: 'routine', reason: 'PTSD after the crash; nightmares most nights.' },
      { ago: 70, answeredAfter: 6, specialty: 'Psychologist', to: { facility: 'Summit Behavioral Health' }, priority: 'routine', reason: 'Assessment of panic attacks and sleep before a medication change.' },
    ],
    notes: [
      { ago: 150, text: '{first} called the program after reading about it at {his} college counseling center.', minutes: 20 },
      { ago: 140, text: 'Intake by video. {He} is in school part time and works evenings; prefers texts.', minutes: 45 },
      { ago: 122, text: 'Overdose on a pill bought online that was fentanyl. {carer} gave naloxone. Visited at Riverside General.', minutes: 40, only: [0, 2, 4] },
      { ago: 100, text: 'Talked about fentanyl test strips and never using alone. {He} took two kits for friends.', minutes: 25 },
      { ago: 80, text: 'Therapy every week with Tanya Brooks; nightmares down to once a week.', minutes: 15 },
      { ago: 60, text: 'Declined the substance use program for now; will keep working on cannabis in therapy.', minutes: 20 },
      { ago: 25, text: 'Finals are stressful. Reviewed grounding exercises and the crisis text line.', minutes: 20 },
      { ago: 5, text: 'Texted: {he} passed {his} classes and is taking the summer off.', minutes: 5 },
    ],
    resources: [
      { ago: 140, title: 'Crisis Text Line (text HOME to 741741)' },
      { ago: 100, title: 'Ohio Naloxone: Free Naloxone and Project DAWN Sites' },
      { ago: 100, title: 'FindTreatment.gov: Substance Use and Mental Health Treatment Locator' },
      { ago: 25, title: 'HealthCare.gov: Health Insurance Marketplace', only: [1, 3, 4] },
    ],
    documents: [
      { ago: 140, title: 'Release of information', description: 'Signed for Summit Behavioral Health and the college counseling center.', file: { name: 'release-of-information.txt', text: 'Authorization to release information\nPatient: {name}\n\nI allow Careweave Demo Health to share my treatment plan and appointment dates with Summit Behavioral Health and my college counseling center.\nValid for one year. I may withdraw it at any time in writing.\n' } },
      { ago: 100, title: 'Fentanyl test strip instructions', description: 'Ohio Department of Health page.', link: 'https://odh.ohio.gov/know-our-programs/violence-injury-prevention-program/fentanyl-test-strips' },
    ],
    badges: [['risk-level/medium', 'engagement/engaged', 'care-needs/behavioral-health'], ['risk-level/low', 'engagement/engaged'], ['risk-level/high', 'care-needs/behavioral-health'], ['risk-level/low', 'engagement/hard-to-reach'], ['risk-level/medium', 'care-needs/behavioral-health', 'social-needs/food']],
    careTeam: [
      PCP_TEAM('Dr. Elena Ortiz', 'Tanya Brooks, LPC'),
      PCP_TEAM('Dr. James Hsu', 'Tanya Brooks, LPC'),
      [...PCP_TEAM('Dr. Elena Ortiz', 'Tanya Brooks, LPC'), { provider: 'Marcus Bell, LPCC', location: 0, current: false }],
      PCP_TEAM('Dr. James Hsu', 'Tanya Brooks, LPC'),
      PCP_TEAM('Dr. Elena Ortiz', 'Marcus Bell, LPCC'),
    ],
    chat: [
      [
        { ago: 25, time: '19:10', from: 'community', text: '{first} stopped by the campus table and asked for more test strips for friends.' },
        { ago: 24, time: '08:45', from: 'navigator', text: 'Thanks, Cory. Glad {he} is sharing them. I will check in after finals.' },
      ],
      [
        { ago: 5, time: '12:00', from: 'navigator', text: '{first} finished the semester. Can the summer peer group take one more?' },
        { ago: 5, time: '12:30', from: 'community', text: 'Yes, Wednesdays at 6. I will send {him} the details.' },
      ],
    ],
    reminders: [
      { ago: -2, time: 17, note: 'Text about the summer peer group', to: 'me' },
      { ago: 60, time: 16, note: 'Ask whether the therapist can add cannabis goals', to: 'me', read: true },
    ],
  },
};
