import { sql } from 'kysely';
import type { Db } from '../connect';
import { hashAccessCode } from '../../public-forms/access-codes';
import type { DemoIds } from './demo';

export const DEMO_CIT_AGENCY = { code: 'OH-DEMO-PD', name: 'Demo City Police Department', officers: ['Officer Riley', 'Officer Chen'] };
/** A facility that takes CIT follow-ups by email, and one with no address (the "Failed to send email" case). */
export const CIT_FACILITIES = { withEmail: 'Crisis Stabilization Unit', withoutEmail: 'Harbor Walk-in Center' };

/** Demo agency and officers for the public CIT form, two facilities, and a few submissions (one pending for the supervisor). */
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

  const ref = async (model: string, type?: string) =>
    (await sql<{ uid: string }>`select uid from reference_data where model = ${model} and (${type ?? null}::text is null or ref_data_type = ${type ?? null}) order by default_sort_order`.execute(db)).rows.map((r) => r.uid);
  const [genders, races, shifts, sources, statuses] = [
    await ref('reference-gender'),
    await ref('reference-race'),
    await ref('reference-shift'),
    await ref('reference-referral-source'),
    await ref('reference-status', 'Episode'),
  ];
  const sheet = (first: string, last: string, birth: string, daysAgo: number, crisis: string[]) => {
    const when = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    return {
      officerName: 'Officer Riley', firstName: first, lastName: last, birthDate: birth, genderUid: genders[daysAgo % 2], raceUid: [races[4]],
      juvenile: 'no', veteranStatus: 'Veteran status unknown', phoneNumber: '6145550' + String(100 + daysAgo), phoneType: 'Mobile',
      addr1: '415 Oak St', addr2: '', city: 'Columbus', stateUid: '', postCode: '43215', county: 'Franklin', priorityNote: '',
      dateTime: `${when}T21:30`, eventTimeZone: 'America/New_York', officer: 'Officer Riley', officerCit: 'yes', shiftUid: shifts[2],
      totalTimeOnCall: '45 minutes', type: 'Personal Residence', locationAddr1: '415 Oak St', locationAddr2: '', locationCity: 'Columbus',
      locationStateUid: '', locationPostCode: '43215', locationCounty: 'Franklin', referralSourceUid: sources[2], otherReporting: '',
      crisis, crisisOther: '', weaponInvolved: [], response: 'Active Listening/De-escalation', forceUsedIncidentResultedInInjury: [],
      injuryResultedFromForce: '', dispositionUid: statuses[0], mhFollowUpRequested: 'no', facilityUid: '', transportBy: 'No Transport',
      destination: '', subjectTakenIntoCustodyForEvaluation: 'no', processInitiatedBy: '', incidentHasRelatedCrime: 'no',
      incidentHasRelatedCrimeYes: '', criminalChargesToBeFiled: '', incidentNote: 'Family called about a relative in distress; de-escalated on scene.',
      officerUnit: 'Unit 12', reportNumber: `R-2026-${1000 + daysAgo}`, supervisor: 'Sgt. Moore', supervisorUnit: 'Unit 1', approvalStatus: 'pending',
    };
  };
  for (const s of [sheet('Dale', 'Harmon', '1984-03-12', 1, ['Depression', 'Suicide Thoughts']), sheet('Renata', 'Okafor', '1991-07-30', 3, ['Anxiety Related'])]) {
    await sql`
      insert into cit_submission (agency_uid, division_uid, officer_name, submission_json)
      values (${agencyUid}, ${north}, ${s.officerName}, ${JSON.stringify(s)}::jsonb)`.execute(db);
  }
}
