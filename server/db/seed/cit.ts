import { sql } from 'kysely';
import type { Db } from '../connect';
import { hashAccessCode } from '../../public-forms/access-codes';
import { LOCAL_TREATMENT_SETTING } from '../../cit/cit.repository';
import type { DemoIds } from './demo';

export const DEMO_CIT_AGENCY = { code: 'OH-DEMO-PD', name: 'Demo City Police Department', officers: ['Officer Riley', 'Officer Chen'] };
/** A facility that takes CIT follow-ups by email, and one with no address (the "Failed to send email" case). */
export const CIT_FACILITIES = { withEmail: 'Crisis Stabilization Unit', withoutEmail: 'Harbor Walk-in Center' };
/** The facility type of the demo division's local treatment setting (both facilities above, and Summit Behavioral Health). */
export const DEMO_LOCAL_TREATMENT_TYPE = 'Treatment';

/** The people of the pending sheets: two of the last days, one filed today, three of last year (sex: an index into the genders). */
const PENDING = [
  { first: 'Dale', last: 'Harmon', sex: 0, birth: '1984-03-12', phone: '6145550101', daysAgo: 1, crisis: ['Depression', 'Suicide Thoughts'] },
  { first: 'Renata', last: 'Okafor', sex: 1, birth: '1991-07-30', phone: '6145550103', daysAgo: 3, crisis: ['Anxiety Related'] },
];
const FILED_TODAY = { first: 'Tomas', last: 'Beaulieu', sex: 0, birth: '1976-09-18', phone: '6145550209' };
const LAST_YEAR = [
  { first: 'Wendell', last: 'Pruitt', sex: 0, birth: '1979-11-02', phone: '6145550210', monthDay: '03-14', crisis: ['Depression/Hallucinations'], weapons: ['Edged Weapon'], custody: 'yes', transport: 'Law Enforcement' },
  { first: 'Ines', last: 'Calder', sex: 1, birth: '1995-05-21', phone: '6145550211', monthDay: '08-02', crisis: ['Anxiety Related'], weapons: [], custody: 'no', transport: 'No Transport' },
  { first: 'Marcus', last: 'Whitlow', sex: 0, birth: '1988-01-09', phone: '6145550212', monthDay: '11-20', crisis: ['Suicide Thoughts'], weapons: ['Firearm'], custody: 'yes', transport: 'Law Enforcement' },
];
/** Everyone the seeded sheets name (tests look for them where they must never be, such as the server's log). */
export const DEMO_CIT_PEOPLE = [...PENDING, FILED_TODAY, ...LAST_YEAR];

/**
 * Demo agency and officers for the public CIT form, two facilities, and
 * pending submissions for the supervisor: two of the last days, one of
 * today and three of last year (the caseload's approved ones come with its
 * history: caseload-history.ts).
 */
export async function seedCit(db: Db, ids: DemoIds): Promise<void> {
  const [north] = ids.divisionUids;
  const agency = await sql<{ agency_uid: string }>`
    insert into cit_agency (code_hash, agency_name, state_iso, org_uid, division_uid)
    values (${hashAccessCode(DEMO_CIT_AGENCY.code)}, ${DEMO_CIT_AGENCY.name}, 'oh', ${ids.orgUid}, ${north}) returning agency_uid`.execute(db);
  const agencyUid = agency.rows[0].agency_uid;
  for (const officer of DEMO_CIT_AGENCY.officers) await sql`insert into cit_officer (agency_uid, officer_name) values (${agencyUid}, ${officer})`.execute(db);
  await sql`
    insert into facility (facility_name, org_uid, facility_type, addr1, city, province_iso, post_code, email_address) values
      (${CIT_FACILITIES.withEmail}, ${ids.orgUid}, 'Treatment', '100 E Broad St', 'Columbus', 'OH', '43215', 'csu-intake@careweave.test'),
      (${CIT_FACILITIES.withoutEmail}, ${ids.orgUid}, 'Treatment', '12 Harbor Way', 'Columbus', 'OH', '43205', null)`.execute(db);
  await sql`
    insert into division_setting (division_uid, setting_name, setting_value) values (${north}, 'requires-supervisory-approval', 'true')
    on conflict (division_uid, setting_name) do update set setting_value = 'true'`.execute(db);
  // Spec 002 "Public CIT form": the local treatment facility search, over the organisation's treatment facilities.
  await sql`
    insert into division_setting (division_uid, setting_name, setting_value) values (${north}, ${LOCAL_TREATMENT_SETTING}, ${DEMO_LOCAL_TREATMENT_TYPE})
    on conflict (division_uid, setting_name) do update set setting_value = excluded.setting_value`.execute(db);

  const refs = await citRefs(db);
  for (const p of PENDING) {
    const when = new Date(Date.now() - p.daysAgo * 86_400_000).toISOString().slice(0, 10);
    const person = { first: p.first, last: p.last, birth: p.birth, genderUid: refs.genders[p.sex], raceUid: refs.races[4], phone: p.phone, addr1: '415 Oak St', city: 'Columbus', postCode: '43215' };
    const s = citSheet(refs, person, `${when}T21:30`, p.crisis, { reportNumber: `R-2026-${1000 + p.daysAgo}` });
    await sql`
      insert into cit_submission (agency_uid, division_uid, officer_name, submission_json, created_at)
      values (${agencyUid}, ${north}, ${s.officerName}, ${JSON.stringify(s)}::jsonb, now() - make_interval(days => ${p.daysAgo}))`.execute(db);
  }
  // A sheet that came in earlier today (its incident an hour before): the CIT Dispositions report opens on this year by
  // the day a sheet came in, so on the 1st of January it has rows too (issue 40 §3).
  const filed = new Date(Date.now() - 10 * 60_000);
  const incident = new Date(filed.getTime() - 60 * 60_000).toLocaleString('sv-SE', { timeZone: 'America/New_York' }).slice(0, 16).replace(' ', 'T');
  const today = citSheet(
    refs,
    { ...FILED_TODAY, genderUid: refs.genders[FILED_TODAY.sex], raceUid: refs.races[4], addr1: '8 Linden Ave', city: 'Columbus', postCode: '43211' },
    incident,
    ['Behavioral Concerns'],
    { reportNumber: 'R-2026-1100' },
  );
  await sql`
    insert into cit_submission (agency_uid, division_uid, officer_name, submission_json, created_at)
    values (${agencyUid}, ${north}, ${today.officerName}, ${JSON.stringify(today)}::jsonb, ${filed})`.execute(db);
  // Last year's sheets, never reviewed: the CIT Weapons And Custody report opens on the previous calendar year, so its
  // charts have rows on any day the demo is installed (issue 40 §3), with and without a weapon and custody.
  const lastYear = new Date().getFullYear() - 1;
  for (const [i, p] of LAST_YEAR.entries()) {
    const day = `${lastYear}-${p.monthDay}`;
    const person = { first: p.first, last: p.last, birth: p.birth, genderUid: refs.genders[p.sex], raceUid: refs.races[4], phone: p.phone, addr1: '27 Elm St', city: 'Columbus', postCode: '43215' };
    const s = citSheet(refs, person, `${day}T21:30`, p.crisis, {
      weaponInvolved: p.weapons, subjectTakenIntoCustodyForEvaluation: p.custody, processInitiatedBy: p.custody === 'yes' ? 'Law Enforcement' : '', transportBy: p.transport,
      dispositionUid: refs.statuses[i % refs.statuses.length], reportNumber: `R-${lastYear}-${900 + i}`,
    });
    await sql`
      insert into cit_submission (agency_uid, division_uid, officer_name, submission_json, created_at)
      values (${agencyUid}, ${north}, ${s.officerName}, ${JSON.stringify(s)}::jsonb, ${`${day}T22:45:00-05:00`}::timestamptz)`.execute(db);
  }
}

/** The reference rows a contact sheet names. */
export async function citRefs(db: Db) {
  const ref = async (model: string, type?: string) =>
    (await sql<{ uid: string }>`select uid from reference_data where model = ${model} and (${type ?? null}::text is null or ref_data_type = ${type ?? null}) order by default_sort_order`.execute(db)).rows.map((r) => r.uid);
  return {
    genders: await ref('reference-gender'),
    races: await ref('reference-race'),
    shifts: await ref('reference-shift'),
    sources: await ref('reference-referral-source'),
    statuses: await ref('reference-status', 'Episode'),
  };
}

export interface CitPerson { first: string; last: string; birth: string; genderUid: string; raceUid: string; phone: string; addr1: string; city: string; postCode: string }

/**
 * A contact sheet as the public CIT form submits it (pending), about a person
 * at their home: `dateTime` is the incident's local time (YYYY-MM-DDTHH:MM).
 */
export function citSheet(refs: Awaited<ReturnType<typeof citRefs>>, person: CitPerson, dateTime: string, crisis: string[], changes: Record<string, unknown> = {}) {
  return {
    officerName: 'Officer Riley', firstName: person.first, lastName: person.last, birthDate: person.birth, genderUid: person.genderUid, raceUid: [person.raceUid],
    juvenile: 'no', veteranStatus: 'Veteran status unknown', phoneNumber: person.phone, phoneType: 'Mobile',
    addr1: person.addr1, addr2: '', city: person.city, stateUid: '', postCode: person.postCode, county: 'Franklin', priorityNote: '',
    dateTime, eventTimeZone: 'America/New_York', officer: 'Officer Riley', officerCit: 'yes', shiftUid: refs.shifts[2],
    totalTimeOnCall: '45 minutes', type: 'Personal Residence', locationAddr1: person.addr1, locationAddr2: '', locationCity: person.city,
    locationStateUid: '', locationPostCode: person.postCode, locationCounty: 'Franklin', referralSourceUid: refs.sources[2], otherReporting: '',
    crisis, crisisOther: '', weaponInvolved: [], response: 'Active Listening/De-escalation', forceUsedIncidentResultedInInjury: [],
    injuryResultedFromForce: '', dispositionUid: refs.statuses[0], mhFollowUpRequested: 'no', facilityUid: '', transportBy: 'No Transport',
    destination: '', subjectTakenIntoCustodyForEvaluation: 'no', processInitiatedBy: '', incidentHasRelatedCrime: 'no',
    incidentHasRelatedCrimeYes: '', criminalChargesToBeFiled: '', incidentNote: 'Family called about a relative in distress; de-escalated on scene.',
    officerUnit: 'Unit 12', reportNumber: 'R-2026-1000', supervisor: 'Sgt. Moore', supervisorUnit: 'Unit 1', approvalStatus: 'pending',
    ...changes,
  };
}
