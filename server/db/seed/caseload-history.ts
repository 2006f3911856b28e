import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { MAX_DOCUMENT_BYTES } from '../../../shared/schemas/documents';
import type { FileStore } from '../../files/file-store';
import { lockFile } from '../../files/upload';
import type { Db } from '../connect';
import { CASELOAD, phoneOf, storyIndex, type CaseloadPatient } from './caseload';
import { STORIES, type StoryContent, type StoryCrisis, type StoryEvent } from './caseload-stories';
import { citRefs, citSheet, DEMO_CIT_AGENCY } from './cit';
import type { DemoIds } from './demo';

/**
 * The caseload's records, from its stories: one table-driven piece for every
 * record section (SECTIONS below: each turns a patient's story into rows of one
 * table, with the activity-log line the application would have written).
 * All rows of a table go in one statement. Dates count back from the
 * transaction's `current_date`; times are Ohio wall-clock times.
 */

/** A patient whose episode closed: nothing in the last three weeks or ahead. */
const CLOSED_QUIET_DAYS = 21;
/** Outbound referrals take these answers in turn, so the caseload holds every status. */
const REFERRAL_ANSWERS = ['Enrolled', 'Scheduled', 'Declined', 'Closed', 'Pending'];
const ZONE = 'America/New_York';

type Row = Record<string, unknown>;
type Who = 'navigator' | 'community' | 'admin' | 'cit-supervisor';

/** What every section may look up. */
interface Context {
  ids: DemoIds;
  today: string;
  /** YYYY-MM-DD `ago` days before today. */
  day(ago: number): string;
  /** That day at an Ohio wall-clock time, as a timestamp (today's never later than now). */
  at(ago: number, time: string): Date;
  ref(model: string, label: string, type?: string): string;
  user: Record<Who, { uid: string; name: string }>;
  navigatorProvider: string;
  provider(name: string): string;
  location(provider: string, index: number): string | null;
  facility(name: string): string;
  resource(title: string): string;
  badge(key: string): { badge_uid: string; badge_group_uid: string; label: string };
}

/** One caseload patient as the sections see them. */
interface Patient {
  i: number;
  uid: string;
  p: CaseloadPatient;
  /** Which of its story's patients this is. */
  k: number;
  story: StoryContent;
  /** The story's day stretched to this patient's episode (the story's episode opened 180 days ago). */
  ago(storyAgo: number): number;
  /** Whether a story row is this patient's (its `only`, and nothing recent once the episode closed). */
  has(row: { only?: number[]; ago: number }): boolean;
  /** The story's text for this patient: names and pronouns. */
  say(text: string): string;
}

interface Audit {
  action: string;
  did: string;
  targetType: string;
  /** The row's own id column. */
  id: string;
  /** When the row was written (a column of the row). */
  when: string;
  by?: (row: Row) => string;
}

interface Section {
  table: string;
  rows(pt: Patient, c: Context): Row[];
  audit?: Audit;
  /** Rows of other tables that hang on these (routes of a medication, notes of an event). */
  children?: (rows: Row[], c: Context) => { table: string; rows: Row[] }[];
}

const pronouns = (sex: 'female' | 'male') =>
  sex === 'female' ? { he: 'she', He: 'She', his: 'her', His: 'Her', him: 'her' } : { he: 'he', He: 'He', his: 'his', His: 'His', him: 'him' };

const typeLabels: Record<StoryEvent['type'], string> = {
  drug_overdose: 'Drug Overdose',
  survivor_interaction: 'Survivor Interaction',
  other_interaction: 'Other Interaction',
  treatment_referral: 'Treatment Referral',
};

/** A medical event row of a type, with the answers its form stores. */
function eventRow(pt: Patient, c: Context, e: StoryEvent, ago: number): Row {
  const detail: Record<string, string> = {};
  for (const [key, value] of Object.entries(e.detail)) {
    if (key === 'outcomeAgo') detail.outcomeDate = c.day(pt.ago(Number(value)));
    else if (key === 'nextInteractionAgo') detail.nextInteractionDate = c.day(pt.ago(Number(value)));
    else if (key === 'type') detail.type = c.ref('reference-medical-event-interaction', String(value));
    else if (key === 'outcome') detail.outcome = c.ref('reference-medical-event-outcome', String(value));
    else detail[key] = pt.say(String(value));
  }
  if (detail.otherContactName && e.detail.otherContactName === '{carer}') detail.otherContactPhone = pt.p.carer.phone;
  const timed = e.type !== 'treatment_referral';
  return {
    medical_event_uid: randomUUID(),
    patient_uid: pt.uid,
    medical_event_type_uid: c.ref('reference-medical-event', e.type),
    event_date: timed ? c.at(ago, e.time) : c.at(ago, '00:00'),
    event_time_zone: ZONE,
    all_day: !timed,
    status_uid: c.ref('reference-status', e.status, `medical_event__${e.type}`),
    reason_uid: e.reason ? c.ref('reference-reason', e.reason, `medical_event__${e.type}`) : null,
    provider_uid: e.provider === 'navigator' ? c.navigatorProvider : e.provider ? c.provider(e.provider) : null,
    facility_uid: e.facility ? c.facility(e.facility) : null,
    location: e.location ? JSON.stringify(e.location) : null,
    detail: JSON.stringify(detail),
    created_by: c.user.navigator.uid,
    // A scheduled contact was planned five days ago; what happened was recorded the next morning.
    created_at: ago < 0 ? c.at(5, '16:00') : c.at(Math.max(ago - 1, 0), '09:15'),
    note: e.note ? pt.say(e.note) : null,
    label: typeLabels[e.type],
  };
}

/**
 * The facts of the week a patient of the home's queues came back: the ED or
 * the police referred them in the last days (caseload.ts), so their record
 * says why: the overdose or the crisis, and the navigator's note.
 */
function recentReferral(pt: Patient): { event?: StoryEvent; admission?: { ago: number; stay: number; facility: string; comments: string }; note: string } | null {
  const last = pt.p.referrals[pt.p.referrals.length - 1];
  if (pt.p.referrals.length < 2 || last.ago > 7) return null;
  const from = last.source === 'Emergency Department' ? 'the Emergency Department' : last.source === 'Law Enforcement' ? 'the police' : last.source === 'Hospital' ? 'Riverside General' : 'the family';
  const episode = pt.p.episode === 'Pending' ? ' The episode is pending until a new intake.' : '';
  if (last.reason === 'Overdose') {
    return {
      event: { type: 'drug_overdose', ago: last.ago, time: '03:20', status: 'Reported', facility: 'Riverside General Hospital', detail: { naloxoneAdministered: 'yes', naloxoneAdministeredBy: 'ems', routeOfNaloxoneAdministration: 'nasal', amountOfNaloxoneGiven: '4', wasOverdoseFatal: 'no', acceptedTreatment: 'accepted', wasTransportedToHospital: 'yes' } },
      admission: { ago: last.ago, stay: 1, facility: 'Riverside General Hospital', comments: 'Observation after an overdose; naloxone given by EMS.' },
      note: `Referral from ${from} after another overdose. {He} was revived with naloxone and kept overnight.${episode}`,
    };
  }
  // The police answered a crisis call and calmed things at home (the sheet waits for the CIT supervisor: seedCrisisSheets).
  if (last.source === 'Law Enforcement') return { note: `Referral from the police after a crisis call; officers calmed things at home. Called {him} the same day.${episode}` };
  return {
    admission: { ago: last.ago, stay: 1, facility: 'Riverside General Hospital', comments: 'Seen in the ED after heavy use; discharged with a referral back to the navigator.' },
    note: `Referral from ${from} (${last.reason.toLowerCase()}). Called {him} the same day.${episode}`,
  };
}

const SECTIONS: Section[] = [
  {
    table: 'patient_note',
    audit: { action: 'AddedNote', did: 'added a note', targetType: 'notes', id: 'note_uid', when: 'created_at', by: (r) => r.author_uid as string },
    rows: (pt, c) => {
      const recent = recentReferral(pt);
      const notes = pt.story.notes.filter(pt.has).map((n) => ({ ago: pt.ago(n.ago), text: pt.say(n.text), minutes: n.minutes ?? null, author: c.user[n.author ?? 'navigator'].uid }));
      if (recent) notes.push({ ago: pt.p.referrals[pt.p.referrals.length - 1].ago, text: pt.say(recent.note), minutes: 15, author: c.user.navigator.uid });
      if (pt.p.episode === 'Closed') notes.push({ ago: CLOSED_QUIET_DAYS, text: pt.say('Closing the episode: {he} has finished the program and has a counselor and a primary care provider. {He} knows how to reach us.'), minutes: 30, author: c.user.navigator.uid });
      return notes.map((n, j) => ({
        note_uid: randomUUID(),
        patient_uid: pt.uid,
        note: n.text,
        activity_date: c.day(n.ago),
        session_duration_minutes: n.minutes,
        author_uid: n.author,
        created_at: c.at(n.ago, `${String(9 + (j % 8)).padStart(2, '0')}:30`),
      }));
    },
  },
  {
    table: 'patient_diagnosis',
    audit: { action: 'AddedDiagnosis', did: 'added a diagnosis', targetType: 'diagnoses', id: 'diagnosis_uid', when: 'created_at' },
    rows: (pt, c) => {
      const pcp = pt.story.careTeam[pt.k % pt.story.careTeam.length].find((m) => m.pcp)!.provider;
      return pt.story.diagnoses.filter((d) => !d.only || d.only.includes(pt.k)).map((d) => ({
        diagnosis_uid: randomUUID(),
        patient_uid: pt.uid,
        ref_diagnosis_uid: c.ref('reference-diagnosis', d.code),
        status_uid: c.ref('reference-status', d.status, 'Diagnosis'),
        region_uid: d.region ? c.ref('reference-region', d.region, 'Diagnosis') : null,
        provider_uid: c.provider(pcp),
        onset_date: c.day(pt.ago(d.ago)),
        is_primary_diagnosis: d.primary ?? false,
        note: d.note ? pt.say(d.note) : null,
        created_at: c.at(Math.min(pt.ago(d.ago), pt.ago(175)), '12:00'),
      }));
    },
  },
  {
    table: 'patient_allergy',
    audit: { action: 'AddedAllergy', did: 'added the allergy', targetType: 'patient-allergy', id: 'patient_allergy_uid', when: 'created_at' },
    rows: (pt, c) =>
      pt.story.allergies[pt.k % pt.story.allergies.length].map((a) => ({
        patient_allergy_uid: randomUUID(),
        patient_uid: pt.uid,
        allergy_uid: c.ref('reference-allergy', a.allergy),
        medication_uid: a.medication ? c.ref('reference-medication', a.medication) : null,
        comments: a.comments,
        created_at: c.at(pt.ago(178), '11:00'),
        updated_at: c.at(pt.ago(178), '11:00'),
        label: a.medication ?? a.allergy,
      })),
  },
  {
    table: 'patient_medication',
    audit: { action: 'AddedMedication', did: 'added the medication', targetType: 'patient-medication', id: 'patient_medication_uid', when: 'created_at' },
    rows: (pt, c) =>
      pt.story.medications.filter((m) => !m.only || m.only.includes(pt.k)).map((m) => ({
        patient_medication_uid: randomUUID(),
        patient_uid: pt.uid,
        medication_uid: c.ref('reference-medication', m.name),
        dosage: m.dosage,
        frequency: m.frequency,
        started_date: c.day(pt.ago(m.ago)),
        finished_date: m.finishedAgo === undefined ? null : c.day(pt.ago(m.finishedAgo)),
        is_primary: m.primary ?? false,
        is_prescription: m.rx,
        is_still_taking: m.finishedAgo === undefined,
        patient_reported_improvement: m.improvement ?? null,
        relief_rating: m.rating ?? null,
        relief_duration: m.duration ?? null,
        comments: m.comments ? pt.say(m.comments) : null,
        // Medications older than the episode were recorded at intake.
        created_at: c.at(Math.min(pt.ago(m.ago), pt.ago(178)), '11:15'),
        updated_at: c.at(m.finishedAgo === undefined ? Math.min(pt.ago(m.ago), pt.ago(178)) : pt.ago(m.finishedAgo), '11:15'),
        label: m.name,
        routes: m.routes,
      })),
    children: (rows, c) => [
      { table: 'patient_medication_route', rows: rows.flatMap((r) => (r.routes as string[]).map((route) => ({ patient_medication_uid: r.patient_medication_uid, route_uid: c.ref('reference-medication-route', route) }))) },
    ],
  },
  {
    table: 'admission',
    audit: { action: 'AddedAdmission', did: 'added an admission', targetType: 'admissions', id: 'admission_uid', when: 'created_at' },
    rows: (pt, c) => {
      const stays = pt.story.admissions.filter(pt.has).map((a) => ({ ago: pt.ago(a.ago), stay: a.stay as number | null, facility: a.facility, comments: a.comments, note: a.note ?? null }));
      const recent = recentReferral(pt)?.admission;
      if (recent) stays.push({ ...recent, stay: Math.min(recent.stay, recent.ago) || null, note: null });
      if (pt.p.admittedAgo !== undefined) stays.push({ ago: pt.p.admittedAgo, stay: null, facility: 'Summit Behavioral Health', comments: 'Admitted for withdrawal management after missed doses.', note: null });
      return stays.map((a) => ({
        admission_uid: randomUUID(),
        patient_uid: pt.uid,
        event_date: c.day(a.ago),
        discharge_date: a.stay === null ? null : c.day(a.ago - a.stay),
        status_uid: c.ref('reference-status', a.stay === null ? 'Admitted' : 'Discharged', 'Admission'),
        facility_uid: c.facility(a.facility),
        comments: pt.say(a.comments),
        note: a.note ? pt.say(a.note) : null,
        created_at: c.at(Math.max(a.ago - (a.stay ?? 0), 0), '16:00'),
      }));
    },
  },
  {
    table: 'medical_event',
    audit: { action: 'AddedMedicalEvent', did: 'added a', targetType: 'medical-events', id: 'medical_event_uid', when: 'created_at' },
    rows: (pt, c) => {
      const events = pt.story.events.filter(pt.has).map((e) => eventRow(pt, c, e, e.ago < 0 ? e.ago : pt.ago(e.ago)));
      const recent = recentReferral(pt)?.event;
      if (recent) events.push(eventRow(pt, c, recent, recent.ago));
      return events;
    },
    children: (rows) => [
      {
        table: 'medical_event_note',
        rows: rows.filter((r) => r.note).map((r) => ({ medical_event_uid: r.medical_event_uid, note: r.note, author_uid: r.created_by, created_at: r.created_at })),
      },
    ],
  },
  {
    table: 'outbound_referral',
    audit: { action: 'AddedOutboundReferral', did: 'added an outbound referral', targetType: 'outbound-referrals', id: 'outbound_referral_uid', when: 'created_at' },
    rows: (pt, c) => [
      ...pt.story.referrals.filter(pt.has).map((r, j) => {
        const ago = pt.ago(r.ago);
        const answeredAgo = ago - r.answeredAfter;
        // Not answered yet when the answer would be in the future.
        const status = answeredAgo < 0 ? 'Pending' : REFERRAL_ANSWERS[(pt.i + j) % REFERRAL_ANSWERS.length];
        return {
          outbound_referral_uid: randomUUID(),
          patient_uid: pt.uid,
          specialty_uid: c.ref('reference-provider-role', r.specialty, 'Specialty'),
          event_date: c.day(ago),
          status_uid: c.ref('reference-status', status, 'outbound referral'),
          status_changed_at: c.at(status === 'Pending' ? ago : answeredAgo, '15:00'),
          from_provider_uid: c.navigatorProvider,
          to_type: 'facility' in r.to ? 'facility' : 'provider',
          to_facility_uid: 'facility' in r.to ? c.facility(r.to.facility) : null,
          to_provider_uid: 'provider' in r.to ? c.provider(r.to.provider) : null,
          priority: r.priority,
          reason: r.reason,
          notes: r.notes ?? null,
          created_by: c.user.navigator.uid,
          created_at: c.at(ago, '14:00'),
          updated_at: c.at(status === 'Pending' ? ago : answeredAgo, '15:00'),
        };
      }),
      // Summit County Care has it to link (the navigator's home there).
      ...(pt.p.movesToSummit
        ? [{
            outbound_referral_uid: randomUUID(), patient_uid: pt.uid, specialty_uid: c.ref('reference-provider-role', 'Psychiatrist', 'Specialty'), event_date: c.day(1),
            status_uid: c.ref('reference-status', 'Pending', 'outbound referral'), status_changed_at: c.at(1, '11:00'), from_provider_uid: c.navigatorProvider,
            to_type: 'division', to_division_uid: c.ids.divisionUids[1], priority: 'urgent', reason: pt.p.movesToSummit,
            created_by: c.user.navigator.uid, created_at: c.at(1, '11:00'), updated_at: c.at(1, '11:00'),
          }]
        : []),
    ],
  },
  {
    table: 'patient_resource',
    audit: { action: 'AddedResource', did: 'added the resource', targetType: 'patient-resources', id: 'patient_resource_uid', when: 'created_at' },
    rows: (pt, c) =>
      pt.story.resources.filter(pt.has).map((r) => ({ patient_resource_uid: randomUUID(), patient_uid: pt.uid, resource_uid: c.resource(r.title), added_by: c.user.navigator.uid, created_at: c.at(pt.ago(r.ago), '15:30'), label: r.title })),
  },
  {
    table: 'patient_badge',
    audit: { action: 'AddedBadge', did: 'added the badge', targetType: 'patient-badges', id: 'patient_badge_uid', when: 'created_at' },
    rows: (pt, c) =>
      pt.story.badges[pt.k % pt.story.badges.length].map((key) => {
        const { label, ...badge } = c.badge(key);
        return { patient_badge_uid: randomUUID(), patient_uid: pt.uid, ...badge, created_by: c.user.navigator.uid, created_at: c.at(pt.ago(170), '10:00'), label };
      }),
  },
  {
    table: 'provider_patient',
    audit: { action: 'AddedCareTeamMember', did: 'added a care team member', targetType: 'provider-patients', id: 'provider_patient_uid', when: 'created_at' },
    rows: (pt, c) =>
      pt.story.careTeam[pt.k % pt.story.careTeam.length].map((m, j) => ({
        provider_patient_uid: randomUUID(),
        patient_uid: pt.uid,
        provider_uid: c.provider(m.provider),
        preferred_location_uid: c.location(m.provider, m.location),
        care_team: m.current ?? true,
        is_pcp: m.pcp ?? false,
        is_primary: m.primary ?? false,
        created_at: c.at(pt.ago(170 - j * 10), '10:30'),
        updated_at: c.at(pt.ago(m.current === false ? 90 : 170 - j * 10), '10:30'),
      })),
  },
  {
    table: 'care_giver',
    audit: { action: 'AddedCareGiver', did: 'added a care giver', targetType: 'care-givers', id: 'care_giver_uid', when: 'created_at' },
    rows: (pt, c) => {
      const g = pt.p.carer;
      const interpreter = g.roles.includes('Interpreter');
      return [
        {
          care_giver_uid: randomUUID(),
          patient_uid: pt.uid,
          first_name: g.first,
          last_name: g.last ?? pt.p.last,
          relationship: g.relationship,
          preferred_phone_type: 'Mobile',
          mobile_phone: g.phone,
          email: `${g.first}.${g.last ?? pt.p.last}`.toLowerCase().normalize('NFD').replace(/[^a-z.]/g, '') + '@example.test',
          is_primary: true,
          roles: g.roles,
          interpreter_language: interpreter ? 'Spanish' : null,
          patient_consents: g.consents ?? false,
          created_at: c.at(pt.ago(178), '13:00'),
          updated_at: c.at(pt.ago(178), '13:00'),
        },
        ...(pt.p.moreCarers ?? []).map((m) => ({
          care_giver_uid: randomUUID(), patient_uid: pt.uid, first_name: m.first, last_name: m.last, relationship: m.relationship,
          preferred_phone_type: m.current === false ? 'Home' : 'Mobile', [m.current === false ? 'home_phone' : 'mobile_phone']: m.phone, is_current: m.current ?? true,
          roles: m.roles, other_roles: m.otherRoles ?? null, comment: m.comment ?? null,
          created_at: c.at(pt.ago(178), '13:10'), updated_at: c.at(pt.ago(m.current === false ? 60 : 178), '13:10'),
        })),
      ];
    },
  },
  {
    table: 'notification',
    rows: (pt, c) => {
      const rows: Row[] = pt.story.reminders.filter(pt.has).map((r) => {
        const ago = r.ago < 0 ? r.ago : pt.ago(r.ago);
        const hours = Math.floor(r.time);
        const due = c.at(ago, `${String(hours).padStart(2, '0')}:${String(Math.round((r.time - hours) * 60)).padStart(2, '0')}`);
        return reminderRow(pt, c, { due, note: pt.say(r.note), to: r.to, read: r.read ?? false, createdAgo: Math.max(ago, 0) + 3 });
      });
      if (pt.p.episode === 'Closed') {
        rows.push(reminderRow(pt, c, { due: c.at(CLOSED_QUIET_DAYS - 2, '10:00'), note: 'Send the closing summary to the primary care provider', to: 'me', read: true, createdAgo: CLOSED_QUIET_DAYS }));
      }
      const today = pt.p.today;
      if (today) {
        // Today's card follows the server's own day, as the card asks for it (reminders.test.ts).
        const start = new Date();
        start.setHours(0, 0, 0, 0);
        const due = new Date(start.getTime() + Math.round(today.at * 3_600_000));
        rows.push(reminderRow(pt, c, { due, note: today.note, to: today.to, read: today.read ?? false, createdAgo: 2, createdAt: new Date(due.getTime() - 2 * 86_400_000) }));
      }
      return rows;
    },
  },
  {
    table: 'chat_message',
    audit: { action: 'SentChatMessage', did: 'sent a chat message', targetType: 'chat-messages', id: 'message_uid', when: 'created_at', by: (r) => r.author_uid as string },
    rows: (pt, c) => {
      // A closed episode's conversation happened before it closed.
      const back = pt.p.episode === 'Closed' ? CLOSED_QUIET_DAYS : 0;
      const thread = pt.story.chat[pt.k % pt.story.chat.length];
      return thread.map((m, j) => ({
        topic_uid: null,
        patient_uid: pt.uid,
        seq: j + 1,
        message_uid: randomUUID(),
        author_uid: c.user[m.from].uid,
        body: pt.say(m.text),
        created_at: c.at(back + (m.ago < 20 ? m.ago : pt.ago(m.ago)), m.time),
      }));
    },
  },
];

function reminderRow(pt: Patient, c: Context, r: { due: Date; note: string; to: 'me' | 'colleague' | null; read: boolean; createdAgo: number; createdAt?: Date }): Row {
  const who = r.to === 'me' ? c.user.navigator : r.to === 'colleague' ? { uid: null, name: 'Dana Director' } : null;
  const created = r.createdAt ?? c.at(r.createdAgo, '09:00');
  return {
    subject_uid: pt.uid,
    reminder_date: r.due,
    note: r.note,
    is_read: r.read,
    target_uid: r.to === 'me' ? c.navigatorProvider : r.to === 'colleague' ? c.provider('Dana Director') : null,
    display_name: who?.name ?? null,
    reminder_type: 'reminder',
    ui_model_name: 'patients',
    route: `/patients/${pt.uid}/details`,
    created_by: c.user.navigator.uid,
    created_date: created,
    updated_date: created,
  };
}

/**
 * Crisis contact sheets: the stories' calls, approved by the CIT supervisor
 * the next morning and each a crisis intervention on the record; and the call
 * behind a police referral this week, still waiting for the supervisor (who
 * approves it onto the same record: same name, sex and birth date).
 */
async function seedCrisisSheets(db: Db, c: Context, patients: Patient[]): Promise<void> {
  const refs = await citRefs(db);
  const agency = await db.selectFrom('cit_agency').select('agency_uid').where('agency_name', '=', DEMO_CIT_AGENCY.name).executeTakeFirstOrThrow();
  const submissions: Row[] = [];
  const events: Row[] = [];
  for (const pt of patients) {
    const last = pt.p.referrals[pt.p.referrals.length - 1];
    const waiting: (StoryCrisis & { pending?: true })[] =
      pt.p.referrals.length > 1 && last.ago <= 7 && last.source === 'Law Enforcement' && last.reason === 'Mental Health'
        ? [{ ago: last.ago, pending: true, crisis: ['Depression', 'Anxiety Related'], note: 'Neighbor called about {first} pacing outside and shouting; calm after talking with officers. {He} agreed to a call from the mental health team.', transport: 'No Transport' }]
        : [];
    for (const crisis of [...(pt.story.crisis ?? []).filter(pt.has).map((x) => ({ ...x, ago: pt.ago(x.ago), pending: undefined })), ...waiting]) {
      const ago = crisis.ago;
      const person = {
        first: pt.p.first, last: pt.p.last, birth: pt.p.birth, genderUid: c.ref('reference-gender', pt.p.sex), raceUid: c.ref('reference-race', pt.p.race),
        phone: phoneOf(pt.i), addr1: pt.p.address.addr1, city: pt.p.address.city, postCode: pt.p.address.postCode,
      };
      const facility = crisis.facility ? c.facility(crisis.facility) : '';
      const sheet = {
        ...citSheet(refs, person, `${c.day(ago)}T21:30`, crisis.crisis, {
          incidentNote: pt.say(crisis.note), transportBy: crisis.transport, facilityUid: facility, destination: crisis.facility ?? '',
          subjectTakenIntoCustodyForEvaluation: crisis.transport === 'Law Enforcement' ? 'yes' : 'no', processInitiatedBy: crisis.transport === 'Law Enforcement' ? 'Law Enforcement' : '',
          mhFollowUpRequested: 'yes', reportNumber: `R-2026-${2000 + pt.i * 10 + (crisis.pending ? 1 : 0)}`,
        }),
        approvalStatus: crisis.pending ? 'pending' : 'approved',
      };
      const submissionUid = randomUUID();
      const eventUid = crisis.pending ? null : randomUUID();
      const decided = c.at(Math.max(ago - 1, 0), '08:40');
      submissions.push({
        submission_uid: submissionUid, agency_uid: agency.agency_uid, division_uid: c.ids.divisionUids[0], officer_name: sheet.officerName, approval_status: sheet.approvalStatus,
        submission_json: JSON.stringify(sheet), medical_event_uid: eventUid, patient_uid: crisis.pending ? null : pt.uid, decided_by: crisis.pending ? null : c.user['cit-supervisor'].uid,
        decided_at: crisis.pending ? null : decided, created_at: c.at(ago, '22:45'),
      });
      if (!eventUid) continue;
      events.push({
        medical_event_uid: eventUid, patient_uid: pt.uid, medical_event_type_uid: c.ref('reference-medical-event', 'cit'), event_date: c.at(ago, '21:30'), event_time_zone: ZONE,
        status_uid: sheet.dispositionUid, facility_uid: facility || null, notes: sheet.incidentNote,
        detail: JSON.stringify({ crisis: sheet, citSubmissionUid: submissionUid, agencyName: DEMO_CIT_AGENCY.name }), created_at: decided,
      });
    }
  }
  // The events first: a sheet names its event; an event names its sheet only inside its detail.
  if (events.length) await db.insertInto('medical_event' as never).values(events as never).execute();
  if (!submissions.length) return;
  await db.insertInto('cit_submission' as never).values(submissions as never).execute();
  const decided = submissions.filter((s) => s.decided_by);
  if (decided.length) {
    await db
      .insertInto('cit_submission_log' as never)
      .values(decided.map((s) => ({ submission_uid: s.submission_uid, action: 'approved', user_uid: s.decided_by, division_uid: s.division_uid, created_at: s.decided_at })) as never)
      .execute();
  }
}

/** The caseload's conversations: a topic per patient, its messages, and who has read how far. */
async function seedChat(db: Db, c: Context, messages: Row[]): Promise<void> {
  const byPatient = new Map<string, Row[]>();
  for (const m of messages) byPatient.set(m.patient_uid as string, [...(byPatient.get(m.patient_uid as string) ?? []), m]);
  const topics = [...byPatient.entries()].map(([patientUid, thread]) => ({
    topic_uid: randomUUID(),
    patient_uid: patientUid,
    division_uid: c.ids.divisionUids[0],
    last_seq: thread.length,
    last_message_at: thread[thread.length - 1].created_at,
    created_at: thread[0].created_at,
  }));
  await db.insertInto('chat_topic').values(topics as never).execute();
  const topicOf = new Map(topics.map((t) => [t.patient_uid, t.topic_uid]));
  await db.insertInto('chat_message').values(messages.map(({ patient_uid, ...m }) => ({ ...m, topic_uid: topicOf.get(patient_uid as string)! }) as never)).execute();
  // Everyone in a thread has read it, except the navigator on threads whose last word is Cory's from the last three days.
  const recent = new Set(CASELOAD.map((p, i) => (p.today && c.ids.caseload[i]) || null));
  const subscriptions = [...byPatient.entries()].flatMap(([patientUid, thread]) => {
    const authors = new Set(thread.map((m) => m.author_uid as string));
    authors.add(c.user.navigator.uid);
    const last = thread[thread.length - 1];
    const unreadForNavigator = last.author_uid === c.user.community.uid && recent.has(patientUid);
    return [...authors].map((user) => ({
      topic_uid: topicOf.get(patientUid)!,
      user_uid: user,
      last_read_seq: user === c.user.navigator.uid && unreadForNavigator ? thread.length - 1 : thread.length,
      created_at: thread[0].created_at,
    }));
  });
  await db.insertInto('chat_subscription').values(subscriptions as never).execute();
}

/**
 * Stores each document's text as an upload is stored (a temporary file,
 * fsynced, renamed into place inside this transaction, under the file lock),
 * all files at once, and returns the rows that name them.
 */
async function documentRows(db: Db, c: Context, files: FileStore, patients: Patient[]): Promise<Row[]> {
  const rows: Row[] = [];
  const texts: { row: Row; name: string; text: string }[] = [];
  for (const pt of patients) {
    for (const d of pt.story.documents.filter(pt.has)) {
      const row: Row = { attachment_uid: randomUUID(), patient_uid: pt.uid, attachment_title: d.title, attachment_description: pt.say(d.description), author_uid: c.user.navigator.uid, created_at: c.at(pt.ago(d.ago), '16:30') };
      rows.push(row);
      if (d.link) Object.assign(row, { doc_type: 'Link', attachment_type: 'link', attachment_link: d.link });
      else texts.push({ row, name: d.file!.name, text: pt.say(d.file!.text).replace('{name}', [pt.p.first, pt.p.middle, pt.p.last].filter(Boolean).join(' ')) });
    }
  }
  const staged = await Promise.all(texts.map((t) => files.put(Readable.from([Buffer.from(t.text, 'utf8')]), { maxBytes: MAX_DOCUMENT_BYTES })));
  try {
    for (const file of staged) await lockFile(db, file.key);
    await Promise.all(staged.map((file) => file.commit()));
  } finally {
    await Promise.all(staged.map((file) => file.discard()));
  }
  texts.forEach((t, j) => Object.assign(t.row, { doc_type: 'Text', attachment_type: 'file', attachment_link: staged[j].key, file_name: t.name, content_type: 'text/plain; charset=utf-8', file_size: staged[j].size }));
  return rows;
}

const ohioClock = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });

/** The instant an Ohio wall clock shows `time` (HH:MM) on `day` (YYYY-MM-DD). */
function ohioTime(day: string, time: string): Date {
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  const shown = Object.fromEntries(ohioClock.formatToParts(new Date(asUtc)).map((p) => [p.type, p.value]));
  const offset = Date.UTC(+shown.year, +shown.month - 1, +shown.day, +shown.hour, +shown.minute) - asUtc;
  return new Date(asUtc - offset);
}

async function context(db: Db, ids: DemoIds): Promise<Context> {
  const { rows } = await sql<{ today: string }>`select current_date::text as today`.execute(db);
  const today = rows[0].today;
  const anchor = Date.parse(`${today}T12:00:00Z`);
  const day = (ago: number) => new Date(anchor - ago * 86_400_000).toISOString().slice(0, 10);
  const reference = await db
    .selectFrom('reference_data')
    .select(['uid', 'model', 'name', 'label', 'ref_data_type'])
    .where('model', 'in', [
      'reference-medical-event', 'reference-status', 'reference-reason', 'reference-medical-event-interaction', 'reference-medical-event-outcome', 'reference-diagnosis', 'reference-region',
      'reference-allergy', 'reference-medication', 'reference-medication-route', 'reference-provider-role', 'reference-gender', 'reference-race',
    ])
    .execute();
  const refIndex = new Map<string, string>();
  for (const r of reference) {
    for (const key of [r.label, r.name]) {
      refIndex.set(`${r.model}|${key}|${r.ref_data_type ?? ''}`, r.uid);
      if (!refIndex.has(`${r.model}|${key}|*`)) refIndex.set(`${r.model}|${key}|*`, r.uid);
    }
  }
  const users = await db.selectFrom('app_user').select(['user_uid', 'user_name', 'display_name']).where('user_name', 'in', ['navigator', 'community', 'admin', 'cit-supervisor']).execute();
  const user = Object.fromEntries(users.map((u) => [u.user_name, { uid: u.user_uid, name: u.display_name }])) as Context['user'];
  const providers = await db.selectFrom('provider').select(['provider_uid', 'display_name', 'user_uid']).where('org_uid', '=', ids.orgUid).execute();
  const locations = await db.selectFrom('provider_location').select(['provider_location_uid', 'provider_uid', 'provider_location_label']).orderBy('provider_location_label').execute();
  const facilities = await db.selectFrom('facility').select(['facility_uid', 'facility_name']).where('org_uid', '=', ids.orgUid).execute();
  const library = await db.selectFrom('reference_resource').select(['resource_uid', 'title']).execute();
  const badges = await db
    .selectFrom('reference_badge as b')
    .innerJoin('reference_badge_group as g', 'g.badge_group_uid', 'b.badge_group_uid')
    .select(['b.badge_uid', 'b.badge_group_uid', 'b.badge_name', 'b.badge_label', 'g.badge_group_name'])
    .execute();
  const found = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The demo caseload names ${what}, which the seed does not have`);
    return value;
  };
  const provider = (name: string) => found(providers.find((p) => p.display_name === name)?.provider_uid, `the provider '${name}'`);
  return {
    ids,
    today,
    day,
    // A time later today than now would be in the future: today's rows are never later than now.
    at: (ago, time) => {
      const at = ohioTime(day(ago), time);
      return ago === 0 ? new Date(Math.min(at.getTime(), Date.now() - 10 * 60_000)) : at;
    },
    ref: (model, label, type) => found(refIndex.get(`${model}|${label}|${type ?? '*'}`), `${model} '${label}'${type ? ` (${type})` : ''}`),
    user,
    navigatorProvider: found(providers.find((p) => p.user_uid === user.navigator.uid)?.provider_uid, "the navigator's provider record"),
    provider,
    location: (name, index) => locations.filter((l) => l.provider_uid === provider(name))[index]?.provider_location_uid ?? null,
    facility: (name) => found(facilities.find((f) => f.facility_name === name)?.facility_uid, `the facility '${name}'`),
    resource: (title) => found(library.find((r) => r.title === title)?.resource_uid, `the resource '${title}'`),
    badge: (key) => {
      const [group, name] = key.split('/');
      const b = found(badges.find((x) => x.badge_group_name === group && x.badge_name === name), `the badge '${key}'`);
      return { badge_uid: b.badge_uid, badge_group_uid: b.badge_group_uid, label: b.badge_label };
    },
  };
}

/** Every record section of the caseload (ids.caseload, in CASELOAD order), with its activity log. */
export async function seedCaseloadHistory(db: Db, ids: DemoIds, files: FileStore): Promise<void> {
  const c = await context(db, ids);
  const patients: Patient[] = CASELOAD.map((p, i) => {
    const start = p.referrals[0].ago;
    const ago = (storyAgo: number) => (storyAgo <= 0 ? storyAgo : Math.round((storyAgo * start) / 180));
    const words = pronouns(p.sex);
    return {
      i,
      uid: ids.caseload[i],
      p,
      k: storyIndex(i),
      story: STORIES[p.story],
      ago,
      has: (row) => (!row.only || row.only.includes(storyIndex(i))) && (p.episode !== 'Closed' || ago(row.ago) >= CLOSED_QUIET_DAYS),
      say: (text) => text.replace(/\{(first|carer|he|He|his|His|him)\}/g, (_, key: string) => (key === 'first' ? p.first : key === 'carer' ? p.carer.first : words[key as keyof typeof words])),
    };
  });

  const audit: Row[] = [];
  const log = (pt: Patient, a: Audit, row: Row, who: string, did: string) =>
    audit.push({
      patient_uid: pt.uid, action: a.action, user_uid: who, division_uid: ids.divisionUids[0], created_at: row[a.when], service_method: null,
      target_type: a.targetType, target_uid: row[a.id], message: `${Object.values(c.user).find((u) => u.uid === who)!.name} ${did}`,
    });
  for (const pt of patients) {
    const first = pt.p.referrals[0].ago;
    audit.push({
      patient_uid: pt.uid, action: 'AddedPatient', user_uid: c.user.navigator.uid, division_uid: ids.divisionUids[0], created_at: c.at(first, '09:00'), service_method: null,
      target_type: 'patients', target_uid: pt.uid, message: `${c.user.navigator.name} added the patient with an inbound referral`,
    });
  }

  for (const section of SECTIONS) {
    const rows = patients.flatMap((pt) => section.rows(pt, c).map((row) => ({ pt, row })));
    if (!rows.length) continue;
    if (section.table === 'chat_message') await seedChat(db, c, rows.map((r) => r.row));
    else await db.insertInto(section.table as never).values(rows.map(({ row }) => stored(row)) as never).execute();
    for (const child of section.children?.(rows.map((r) => r.row), c) ?? []) if (child.rows.length) await db.insertInto(child.table as never).values(child.rows as never).execute();
    const a = section.audit;
    if (!a) continue;
    for (const { pt, row } of rows) {
      const did = row.label ? `${a.did} ${a.action === 'AddedMedicalEvent' ? `${String(row.label).toLowerCase()} event` : row.label}` : a.did;
      log(pt, a, row, a.by?.(row) ?? c.user.navigator.uid, did);
    }
  }

  const documents = await documentRows(db, c, files, patients);
  await db.insertInto('patient_attachment').values(documents.map(stored) as never).execute();
  for (const row of documents) log(patients.find((p) => p.uid === row.patient_uid)!, { action: 'AddedDocument', did: 'added a document', targetType: 'attachments', id: 'attachment_uid', when: 'created_at' }, row, c.user.navigator.uid, 'added a document');

  await seedCrisisSheets(db, c, patients);
  await db.insertInto('audit_entry').values(audit as never).execute();
}

/** A row without the members only the history needs (labels for the log, a medication's routes, an event's note). */
function stored(row: Row): Row {
  const { label: _label, routes: _routes, note, ...rest } = row;
  return 'medical_event_uid' in row && 'medical_event_type_uid' in row ? rest : { ...rest, ...(note === undefined ? {} : { note }) };
}
