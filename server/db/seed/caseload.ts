import { sql } from 'kysely';
import type { Db } from '../connect';
import type { Story } from './caseload-stories';

/**
 * The navigator's caseload: the 30 adults of Franklin County Care the
 * navigator's home shows first (docs/decisions.md, demo caseload). Each has a
 * story (caseload-stories.ts) that caseload-history.ts turns into months of
 * record: notes, diagnoses, medications, events, referrals, chat.
 *
 * Where a patient sits on the home is decided here, so it does not depend on
 * random draws: the generated patients' referrals are a week old or more and
 * their records a day old (patients.ts), so
 * - "new referrals" opens on the five re-referred patients (a New referral 0–4 days ago, episode Pending),
 * - "Pending Intake" on the same five (updated within the last day),
 * - "Active Patients" (by name) on the five whose names sort before any generated one (Abbott … Albright),
 * - "Active from the Emergency Department" on the five the ED referred 1–6 days ago,
 * - the reminders card on `today` below, and the calendar on these 30 alone (calendar.ts).
 */
export interface CaseloadPatient {
  first: string;
  middle?: string;
  last: string;
  sex: 'female' | 'male';
  birth: string;
  story: Story;
  episode: 'Active' | 'Pending' | 'Closed';
  race: string;
  ethnicity: 'Hispanic or Latino' | 'Not Hispanic or Latino';
  address: { addr1: string; addr2?: string; city: string; postCode: string };
  /** Inbound referrals, oldest first: the first opened the episode months ago; the last is what the queues show. */
  referrals: { ago: number; source: string; reason: string; status: 'New' | 'Accepted' }[];
  /** Hours since the record last changed (the Pending Intake queue's order). */
  updatedHoursAgo: number;
  /** The person who helps most: a care giver (relationship per the care team form). */
  carer: { first: string; last?: string; relationship: string; roles: string; phone: string; consents?: boolean };
  /** Other care givers: another who helps now, or one who used to and no longer does (`current: false`). */
  moreCarers?: { first: string; last: string; relationship: string; roles: string; otherRoles?: string; phone: string; comment?: string; current?: false }[];
  /** Today's reminder on the navigator's home card: hours after midnight (negative or past 24: other days). */
  today?: { at: number; note: string; to: 'me' | 'colleague' | null; read?: boolean };
  /** Days since a still-open admission began. */
  admittedAgo?: number;
  /** Why the navigator referred them to Summit County Care yesterday (a division referral waiting there to be linked). */
  movesToSummit?: string;
}

const ED = 'Emergency Department';

export const CASELOAD: CaseloadPatient[] = [
  // Active Patients queue, first page by name.
  {
    first: 'Tamara', middle: 'Lynn', last: 'Abbott', sex: 'female', birth: '1987-05-14', story: 'opioid', episode: 'Active', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '1187 Lockbourne Rd', city: 'Columbus', postCode: '43207' },
    referrals: [{ ago: 168, source: ED, reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 30,
    carer: { first: 'Linda', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin,Transportation', phone: '6145550301', consents: true },
    today: { at: 15.75, note: 'Ask the family about the school meeting', to: null },
  },
  {
    first: 'Luis', middle: 'Alberto', last: 'Acevedo', sex: 'male', birth: '1976-09-02', story: 'alcohol', episode: 'Active', race: 'White', ethnicity: 'Hispanic or Latino',
    address: { addr1: '455 Sullivant Ave', addr2: 'Apt 3', city: 'Columbus', postCode: '43215' },
    referrals: [{ ago: 150, source: 'Hospital', reason: 'Substance Use', status: 'Accepted' }], updatedHoursAgo: 52,
    carer: { first: 'Marisol', relationship: 'Spouse', roles: 'Emergency Contact,Next of Kin,Interpreter', phone: '6145550302', consents: true },
    moreCarers: [
      { first: 'Sofía', last: 'Acevedo', relationship: 'Child', roles: 'Transportation,Pick up meds', phone: '6145550387' },
      { first: 'Harold', last: 'Walker', relationship: 'Relative', roles: 'Meals,Other', otherRoles: 'Yard work, Grocery runs', phone: '6145550388', comment: 'Moved to Dayton in the spring.', current: false },
    ],
    today: { at: 24 + 10, note: 'Bring the insurance paperwork to the clinic', to: 'me' },
  },
  {
    first: 'Chidi', last: 'Adeyemi', sex: 'male', birth: '1991-01-23', story: 'mood', episode: 'Active', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '2260 Cleveland Ave', city: 'Columbus', postCode: '43211' },
    referrals: [{ ago: 132, source: 'Law Enforcement', reason: 'Mental Health', status: 'Accepted' }], updatedHoursAgo: 40,
    carer: { first: 'Ngozi', relationship: 'Sibling', roles: 'Emergency Contact,Pick up meds', phone: '6145550303', consents: true },
    today: { at: 11, note: 'Check that the prescription was picked up', to: 'me' },
  },
  {
    first: 'Rosa', middle: 'María', last: 'Aguilar', sex: 'female', birth: '1966-11-30', story: 'pain', episode: 'Active', race: 'White', ethnicity: 'Hispanic or Latino',
    address: { addr1: '3410 Refugee Rd', city: 'Columbus', postCode: '43232' },
    referrals: [{ ago: 190, source: 'Hospital', reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 75,
    carer: { first: 'Daniel', relationship: 'Child', roles: 'Transportation,Pick up meds,Next of Kin', phone: '6145550304', consents: true },
    today: { at: 14.25, note: 'Schedule a follow-up visit with the primary care provider', to: 'me' },
  },
  {
    first: 'Kyle', last: 'Albright', sex: 'male', birth: '1998-07-08', story: 'young', episode: 'Active', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '88 W Lane Ave', addr2: 'Unit 12', city: 'Columbus', postCode: '43201' },
    referrals: [{ ago: 110, source: 'Self', reason: 'Substance Use', status: 'Accepted' }], updatedHoursAgo: 60,
    carer: { first: 'Jenna', last: 'Morales', relationship: 'Partner', roles: 'Emergency Contact', phone: '6145550305' },
    today: { at: 10, note: 'Send the release of information form', to: 'me', read: true },
  },
  // Active from the Emergency Department: referred by the ED in the last six days.
  {
    first: 'Marcus', middle: 'James', last: 'Ellery', sex: 'male', birth: '1984-02-17', story: 'opioid', episode: 'Active', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '712 S Ohio Ave', city: 'Columbus', postCode: '43205' },
    referrals: [{ ago: 175, source: 'Law Enforcement', reason: 'Overdose', status: 'Accepted' }, { ago: 1, source: ED, reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 26,
    carer: { first: 'Carol', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin', phone: '6145550306', consents: true },
    today: { at: 8.5, note: 'Review the discharge summary from Riverside General', to: null },
  },
  {
    first: 'Jasmine', last: 'Carter', sex: 'female', birth: '1993-06-25', story: 'stimulant', episode: 'Active', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '595 E Broad St', addr2: 'YWCA Family Center', city: 'Columbus', postCode: '43215' },
    referrals: [{ ago: 140, source: 'Other', reason: 'Housing', status: 'Accepted' }, { ago: 2, source: ED, reason: 'Substance Use', status: 'Accepted' }], updatedHoursAgo: 28,
    carer: { first: 'Tonya', relationship: 'Friend', roles: 'Emergency Contact,Authorized Contact', phone: '6145550307' },
    today: { at: 9.5, note: 'Follow up on the housing referral', to: 'me' },
  },
  {
    first: 'Deborah', middle: 'Ann', last: 'Kowalski', sex: 'female', birth: '1962-03-09', story: 'alcohol', episode: 'Active', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '1540 Parsons Ave', city: 'Columbus', postCode: '43207' },
    referrals: [{ ago: 160, source: 'Family', reason: 'Substance Use', status: 'Accepted' }, { ago: 3, source: ED, reason: 'Substance Use', status: 'Accepted' }], updatedHoursAgo: 34,
    carer: { first: 'Angela', last: 'Novak', relationship: 'Child', roles: 'Transportation,Next of Kin,Emergency Contact', phone: '6145550308', consents: true },
    today: { at: 12, note: 'Confirm transportation for Thursday', to: null },
  },
  {
    first: 'Terrence', last: 'Holloway', sex: 'male', birth: '1979-12-01', story: 'stimulant', episode: 'Active', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '1001 Mt Vernon Ave', city: 'Columbus', postCode: '43203' },
    referrals: [{ ago: 120, source: 'Law Enforcement', reason: 'Mental Health', status: 'Accepted' }, { ago: 4, source: ED, reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 32,
    carer: { first: 'Bernice', relationship: 'Sibling', roles: 'Emergency Contact,Meals', phone: '6145550309' },
    today: { at: -20, note: 'Check in after the emergency department visit', to: 'me' },
  },
  {
    first: 'Megan', middle: 'Rose', last: "O'Connell", sex: 'female', birth: '2001-10-19', story: 'young', episode: 'Active', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '2130 N High St', addr2: 'Apt 2B', city: 'Columbus', postCode: '43201' },
    referrals: [{ ago: 98, source: 'Self', reason: 'Mental Health', status: 'Accepted' }, { ago: 6, source: ED, reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 44,
    carer: { first: 'Patrick', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin', phone: '6145550310', consents: true },
    today: { at: 13, note: 'Update the care plan after the home visit', to: 'colleague' },
  },
  // Re-referred this week: New referrals, episodes pending a new intake.
  {
    first: 'Darnell', last: 'Price', sex: 'male', birth: '1964-04-04', story: 'pain', episode: 'Pending', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '3177 E Livingston Ave', city: 'Columbus', postCode: '43227' },
    referrals: [{ ago: 180, source: 'Hospital', reason: 'Overdose', status: 'Accepted' }, { ago: 0, source: ED, reason: 'Overdose', status: 'New' }], updatedHoursAgo: 2,
    carer: { first: 'Loretta', relationship: 'Spouse', roles: 'Emergency Contact,Next of Kin,Pick up meds', phone: '6145550311', consents: true },
    today: { at: 9, note: 'Return the voicemail from the care giver', to: null, read: true },
  },
  {
    first: 'Crystal', middle: 'Dawn', last: 'Fletcher', sex: 'female', birth: '1985-08-21', story: 'opioid', episode: 'Pending', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '640 Wedgewood Dr', city: 'Columbus', postCode: '43228' },
    referrals: [{ ago: 200, source: ED, reason: 'Overdose', status: 'Accepted' }, { ago: 1, source: 'Law Enforcement', reason: 'Overdose', status: 'New' }], updatedHoursAgo: 4,
    carer: { first: 'Shawn', relationship: 'Partner', roles: 'Emergency Contact', phone: '6145550312' },
    today: { at: 8, note: 'Call to confirm the intake appointment', to: 'me' },
  },
  {
    first: 'Andre', last: 'Baptiste', sex: 'male', birth: '1995-02-11', story: 'mood', episode: 'Pending', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '4250 Karl Rd', addr2: 'Apt 104', city: 'Columbus', postCode: '43224' },
    referrals: [{ ago: 145, source: 'Family', reason: 'Mental Health', status: 'Accepted' }, { ago: 2, source: 'Law Enforcement', reason: 'Mental Health', status: 'New' }], updatedHoursAgo: 7,
    carer: { first: 'Yvette', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin,Transportation', phone: '6145550313', consents: true },
    today: { at: 3 * 24 + 9, note: 'Remind about the peer support group start', to: null },
  },
  {
    first: 'Hannah', last: 'Lindqvist', sex: 'female', birth: '1999-05-30', story: 'young', episode: 'Pending', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '77 E Weber Rd', city: 'Columbus', postCode: '43202' },
    referrals: [{ ago: 126, source: 'Self', reason: 'Substance Use', status: 'Accepted' }, { ago: 3, source: 'Family', reason: 'Substance Use', status: 'New' }], updatedHoursAgo: 11,
    carer: { first: 'Karin', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin', phone: '6145550314', consents: true },
  },
  {
    first: 'Wayne', middle: 'Edward', last: 'Stoll', sex: 'male', birth: '1958-01-15', story: 'pain', episode: 'Pending', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '5120 Sunbury Rd', city: 'Columbus', postCode: '43230' },
    referrals: [{ ago: 210, source: 'Hospital', reason: 'Overdose', status: 'Accepted' }, { ago: 4, source: 'Hospital', reason: 'Overdose', status: 'New' }], updatedHoursAgo: 16,
    carer: { first: 'Judith', relationship: 'Spouse', roles: 'Transportation,Pick up meds,Next of Kin', phone: '6145550315', consents: true },
  },
  // The rest of the caseload.
  {
    first: 'Nicole', last: 'Reyes', sex: 'female', birth: '1990-03-03', story: 'mood', episode: 'Active', race: 'Other', ethnicity: 'Hispanic or Latino',
    address: { addr1: '1960 W Broad St', city: 'Columbus', postCode: '43223' },
    referrals: [{ ago: 115, source: 'Self', reason: 'Mental Health', status: 'Accepted' }], updatedHoursAgo: 90,
    carer: { first: 'Elena', relationship: 'Parent', roles: 'Emergency Contact,Interpreter', phone: '6145550316', consents: true },
  },
  {
    first: 'Gregory', last: 'Pham', sex: 'male', birth: '1981-07-27', story: 'stimulant', episode: 'Active', race: 'Asian', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '3355 Cleveland Ave', city: 'Columbus', postCode: '43224' },
    referrals: [{ ago: 135, source: 'Law Enforcement', reason: 'Substance Use', status: 'Accepted' }], updatedHoursAgo: 120,
    carer: { first: 'Lan', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin', phone: '6145550317' },
  },
  {
    first: 'Patricia', middle: 'Gail', last: 'Sutton', sex: 'female', birth: '1956-10-10', story: 'pain', episode: 'Active', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '925 Hamlet St', city: 'Columbus', postCode: '43201' },
    referrals: [{ ago: 185, source: 'Hospital', reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 100,
    carer: { first: 'Ronald', relationship: 'Spouse', roles: 'Transportation,Monitor vitals,Next of Kin', phone: '6145550318', consents: true },
  },
  {
    first: 'Jamal', last: 'Okonkwo', sex: 'male', birth: '1988-08-14', story: 'alcohol', episode: 'Active', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '1475 Oak St', city: 'Columbus', postCode: '43205' },
    referrals: [{ ago: 128, source: ED, reason: 'Substance Use', status: 'Accepted' }], updatedHoursAgo: 80,
    carer: { first: 'Adaeze', relationship: 'Spouse', roles: 'Emergency Contact,Next of Kin', phone: '6145550319', consents: true },
    moreCarers: [{ first: 'Chinedu', last: 'Okonkwo', relationship: 'Sibling', roles: 'Transportation', phone: '6145550389', comment: 'Drove him to appointments until moving to Houston.', current: false }],
  },
  {
    first: 'Samantha', last: 'Cho', sex: 'female', birth: '1996-12-12', story: 'young', episode: 'Active', race: 'Asian', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '300 W Spring St', addr2: 'Apt 905', city: 'Columbus', postCode: '43215' },
    referrals: [{ ago: 105, source: 'Self', reason: 'Mental Health', status: 'Accepted' }], updatedHoursAgo: 70,
    carer: { first: 'Grace', last: 'Kim', relationship: 'Friend', roles: 'Emergency Contact', phone: '6145550320' },
  },
  {
    first: 'Ricardo', last: 'Fuentes', sex: 'male', birth: '1983-05-05', story: 'opioid', episode: 'Active', race: 'White', ethnicity: 'Hispanic or Latino',
    address: { addr1: '2890 Sullivant Ave', city: 'Columbus', postCode: '43204' },
    referrals: [{ ago: 172, source: 'Law Enforcement', reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 110,
    carer: { first: 'Ana', relationship: 'Spouse', roles: 'Emergency Contact,Next of Kin,Interpreter', phone: '6145550321', consents: true },
  },
  {
    first: 'Lakeisha', last: 'Monroe', sex: 'female', birth: '1978-08-14', story: 'stimulant', episode: 'Active', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '1270 E Long St', city: 'Columbus', postCode: '43203' },
    referrals: [{ ago: 138, source: ED, reason: 'Housing', status: 'Accepted' }], updatedHoursAgo: 130,
    carer: { first: 'Dorothy', relationship: 'Parent', roles: 'Emergency Contact,Meals', phone: '6145550322' },
  },
  {
    first: 'Dylan', middle: 'Matthew', last: 'Brandt', sex: 'male', birth: '2000-02-29', story: 'mood', episode: 'Active', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '4680 Kenny Rd', city: 'Columbus', postCode: '43220' },
    referrals: [{ ago: 122, source: 'Family', reason: 'Mental Health', status: 'Accepted' }], updatedHoursAgo: 95,
    carer: { first: 'Susan', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin,Transportation', phone: '6145550323', consents: true },
  },
  {
    first: 'Ellen', last: 'Marsh', sex: 'female', birth: '1968-06-06', story: 'alcohol', episode: 'Active', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '1822 Northwest Blvd', city: 'Columbus', postCode: '43212' },
    referrals: [{ ago: 155, source: 'Hospital', reason: 'Substance Use', status: 'Accepted' }], updatedHoursAgo: 140,
    carer: { first: 'Claire', relationship: 'Sibling', roles: 'Emergency Contact,Next of Kin', phone: '6145550324', consents: true },
  },
  {
    first: 'Tyrone', last: 'Gaines', sex: 'male', birth: '1975-11-11', story: 'opioid', episode: 'Active', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '560 Linwood Ave', city: 'Columbus', postCode: '43205' },
    referrals: [{ ago: 165, source: ED, reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 150,
    carer: { first: 'Regina', relationship: 'Partner', roles: 'Emergency Contact', phone: '6145550325' },
    admittedAgo: 3,
  },
  {
    first: 'Brianna', last: 'Sokol', sex: 'female', birth: '1994-09-09', story: 'stimulant', episode: 'Pending', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '210 Greenlawn Ave', city: 'Columbus', postCode: '43223' },
    referrals: [{ ago: 90, source: 'Other', reason: 'Housing', status: 'Accepted' }], updatedHoursAgo: 200,
    carer: { first: 'Megan', last: 'Frye', relationship: 'Friend', roles: 'Emergency Contact', phone: '6145550326' },
  },
  {
    first: 'Howard', middle: 'Lee', last: 'Finch', sex: 'male', birth: '1951-04-20', story: 'pain', episode: 'Closed', race: 'White', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '6100 Emerald Pkwy', city: 'Dublin', postCode: '43016' },
    referrals: [{ ago: 230, source: 'Hospital', reason: 'Overdose', status: 'Accepted' }], updatedHoursAgo: 300,
    carer: { first: 'Martha', relationship: 'Spouse', roles: 'Transportation,Monitor vitals,Next of Kin', phone: '6145550327', consents: true },
  },
  {
    first: 'Vanessa', last: 'Ortega', sex: 'female', birth: '1989-01-31', story: 'alcohol', episode: 'Closed', race: 'White', ethnicity: 'Hispanic or Latino',
    address: { addr1: '3800 Main St', city: 'Hilliard', postCode: '43026' },
    referrals: [{ ago: 220, source: 'Self', reason: 'Substance Use', status: 'Accepted' }], updatedHoursAgo: 260,
    carer: { first: 'Miguel', relationship: 'Sibling', roles: 'Emergency Contact', phone: '6145550328' },
  },
  {
    first: 'Isaiah', last: 'Dunn', sex: 'male', birth: '1992-08-08', story: 'mood', episode: 'Active', race: 'Black or African American', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '1610 Hawthorne Ave', city: 'Columbus', postCode: '43203' },
    referrals: [{ ago: 118, source: 'Law Enforcement', reason: 'Mental Health', status: 'Accepted' }], updatedHoursAgo: 85,
    carer: { first: 'Gloria', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin', phone: '6145550329', consents: true },
    movesToSummit: 'Medication review after a move to Akron: lithium needs a prescriber there.',
  },
  {
    first: 'Sierra', last: 'Nakamura', sex: 'female', birth: '2002-04-17', story: 'young', episode: 'Active', race: 'Asian', ethnicity: 'Not Hispanic or Latino',
    address: { addr1: '155 W 10th Ave', city: 'Columbus', postCode: '43201' },
    referrals: [{ ago: 100, source: 'Other', reason: 'Mental Health', status: 'Accepted' }], updatedHoursAgo: 65,
    carer: { first: 'Kenji', relationship: 'Parent', roles: 'Emergency Contact,Next of Kin', phone: '6145550330', consents: true },
  },
];

/** The n-th patient of a story (0 for its first in CASELOAD, and so on): varies what the story gives each of its patients. */
export const storyIndex = (i: number) => CASELOAD.slice(0, i).filter((p) => p.story === CASELOAD[i].story).length;

/** A patient's phone: 614-555-02xx, in the range set aside for fiction. */
export const phoneOf = (i: number) => `61455502${String(i + 10).padStart(2, '0')}`;

/** The reference rows the caseload's demographics name, by model and label. */
async function labels(db: Db) {
  const rows = await db
    .selectFrom('reference_data')
    .select(['uid', 'model', 'label', 'name', 'ref_data_type'])
    .where('model', 'in', ['reference-gender', 'reference-gender-identity', 'reference-race', 'reference-ethnicity', 'reference-referral-source', 'reference-reason', 'reference-status', 'reference-address-type', 'reference-country-division'])
    .execute();
  return (model: string, label: string, type?: string) => {
    const found = rows.find((r) => r.model === model && (r.label === label || r.name === label) && (type === undefined || r.ref_data_type === type));
    if (!found) throw new Error(`${model} has no '${label}'`);
    return found.uid;
  };
}

/**
 * Adds the caseload to the division: patients (a trigger gives each its
 * episode), their races, addresses, e-mail addresses and inbound referrals. Returns their ids in
 * CASELOAD order. Dates are days before the transaction's `current_date`.
 */
export async function seedCaseloadPatients(db: Db, divisionUid: string): Promise<string[]> {
  const uid = await labels(db);
  const created = await db
    .insertInto('patient')
    .values(
      CASELOAD.map((p, i) => ({
        division_uid: divisionUid,
        first_name: p.first,
        middle_name: p.middle ?? null,
        last_name: p.last,
        birth_date: p.birth,
        gender_uid: uid('reference-gender', p.sex),
        gender_identity_uid: uid('reference-gender-identity', p.sex === 'female' ? 'Woman' : 'Man'),
        race_uid: uid('reference-race', p.race),
        ethnicity_uid: uid('reference-ethnicity', p.ethnicity),
        episode_status_uid: uid('reference-status', p.episode, 'Episode'),
        mobile_phone: phoneOf(i),
        preferred_phone: 'mobile',
        preferred_engagement: 'No Preference',
        created_at: sql<Date>`now() - make_interval(days => ${p.referrals[0].ago})` as unknown as Date,
        updated_at: sql<Date>`now() - make_interval(hours => ${p.updatedHoursAgo})` as unknown as Date,
      })),
    )
    .returning(['patient_uid', 'mobile_phone'])
    .execute();
  const ids = CASELOAD.map((_, i) => created.find((r) => r.mobile_phone === phoneOf(i))!.patient_uid);
  const ohio = await db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-country-division').where('name', '=', 'OH').executeTakeFirst();
  await db.insertInto('patient_race').values(CASELOAD.map((p, i) => ({ patient_uid: ids[i], race_uid: uid('reference-race', p.race) }))).execute();
  await db
    .insertInto('patient_address')
    .values(
      CASELOAD.map((p, i) => ({
        patient_uid: ids[i],
        address_type_uid: uid('reference-address-type', p.address.addr2?.includes('Center') ? 'Temporary' : 'Primary residence'),
        addr1: p.address.addr1,
        addr2: p.address.addr2 ?? null,
        city: p.address.city,
        post_code: p.address.postCode,
        country_division_uid: ohio?.uid ?? null,
        county: 'Franklin',
        is_primary: true,
      })),
    )
    .execute();
  await db
    .insertInto('patient_email_address')
    .values(CASELOAD.map((p, i) => ({ patient_uid: ids[i], email_address: `${p.first}.${p.last}`.toLowerCase().normalize('NFD').replace(/[^a-z.]/g, '') + '@example.test', is_primary: true })))
    .execute();
  await db
    .insertInto('inbound_referral')
    .values(
      CASELOAD.flatMap((p, i) =>
        p.referrals.map((r) => ({
          patient_uid: ids[i],
          referral_date: sql<string>`current_date - ${r.ago}::int` as unknown as string,
          referral_source_uid: uid('reference-referral-source', r.source),
          reason_uid: uid('reference-reason', r.reason, 'inbound referral'),
          requested_by: r.source === 'Self' || r.source === 'Family' ? 'Patient' : 'Provider',
          referred_to: 'Program',
          referral_method: r.source === ED || r.source === 'Hospital' ? 'Fax' : 'Phone',
          status: r.status,
          created_at: sql<Date>`now() - make_interval(days => ${r.ago})` as unknown as Date,
        })),
      ),
    )
    .execute();
  return ids;
}
