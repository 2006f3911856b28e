import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../connect';
import type { DemoIds } from './demo';

// What the adults of the caseload (caseload.ts) plausibly have booked, whoever the cycle gives them to.
const PROCEDURES = ['Physical Therapy', 'MRI Scan', 'Echocardiogram', 'Endoscopy', 'Sleep Study'];
const SURGERIES = ['Dental Extraction', 'Hernia Repair', 'Knee Arthroscopy', 'Abscess Incision and Drainage'];
const TESTS = ['Blood Panel', 'Urine Drug Screen', 'Hepatitis C Test', 'HIV Test', 'Chest X-Ray'];

/** What each table's rows draw from. */
interface Pools {
  patients: string[];
  providers: string[];
  facilities: string[];
  statuses: string[];
}

/**
 * `count` events spread over today −20 … +20 days (local time in Ohio), cycling
 * through patients, providers and facilities; no random() so every seeded
 * database has the same calendar. What is past is completed; what is ahead
 * is scheduled, requested or pending pre-authorisation in turn (`statuses`:
 * scheduled, requested, pending pre-auth, completed). `kindColumn` names the
 * type column and `kinds` its values (reference uids or names).
 */
function eventRows(pools: Pools, count: number, step: number, kindColumn: string, kinds: RawBuilder<unknown>, allDayEvery = 0) {
  const pick = (list: string[], by: RawBuilder<unknown>) => sql`(${list}::uuid[])[1 + (${by}) % ${list.length}]`;
  const offset = sql`((g * ${step}) % 41 - 20)`;
  return sql`
    select ${pick(pools.patients, sql`g * 7`)} as patient_uid,
           (${kinds})[1 + g % cardinality(${kinds})] as ${sql.ref(kindColumn)},
           ((current_date + ${offset}) + make_time(8 + (g * 5) % 10, ((g % 4) * 15), 0)) at time zone 'America/New_York' as event_date,
           ${allDayEvery ? sql`g % ${allDayEvery} = 0` : sql`false`} as all_day,
           case when ${offset} < 0 then ${pools.statuses[3]}::uuid else ${pick(pools.statuses.slice(0, 3), sql`g`)} end as status_uid,
           ${pick(pools.providers, sql`g * 3`)} as provider_uid,
           ${pick(pools.facilities, sql`g + g / 4`)} as facility_uid
      from generate_series(0, ${count - 1}) g`;
}

async function insertEvents(db: Db, table: string, kindColumn: string, kinds: RawBuilder<unknown>, pools: Pools, count: number, step: number, allDayEvery = 0) {
  await sql`
    insert into ${sql.table(table)} (patient_uid, ${sql.ref(kindColumn)}, event_date, all_day, status_uid, provider_uid, facility_uid)
    ${eventRows(pools, count, step, kindColumn, kinds, allDayEvery)}`.execute(db);
}

const refUids = (model: string) => sql`(select array_agg(uid order by default_sort_order) from reference_data where model = ${model})`;

/**
 * Every calendar type but medical events for one set of patients; `scale` 1 is a busy division-1 month.
 * Medical events are the caseload's history (caseload-history.ts): an overdose is never ahead, a contact only when scheduled.
 */
async function seedEvents(db: Db, pools: Pools, scale: number): Promise<void> {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  await insertEvents(db, 'appointment', 'appointment_type_uid', refUids('reference-appointment-type'), pools, n(60), 3);
  await insertEvents(db, 'procedure', 'procedure_name', sql`${PROCEDURES}::text[]`, pools, n(20), 11);
  await insertEvents(db, 'surgery', 'surgery_name', sql`${SURGERIES}::text[]`, pools, n(12), 13);
  await insertEvents(db, 'test_event', 'test_name', sql`${TESTS}::text[]`, pools, n(24), 17, 3);
}

/**
 * A month of events of every type around today: most for the navigator's
 * caseload (caseload.ts), a few on restricted and adoption cases (hidden from
 * the navigator, except the restricted case the navigator works), a few in
 * division 2.
 */
export async function seedCalendar(db: Db, ids: DemoIds): Promise<void> {
  await db
    .insertInto('provider')
    .values([
      { display_name: 'Dr. Elena Ortiz', first_name: 'Elena', last_name: 'Ortiz', org_uid: ids.orgUid },
      { display_name: 'Dr. James Whitfield', first_name: 'James', last_name: 'Whitfield', org_uid: ids.orgUid },
    ])
    .execute();
  // Clinicians (not the navigators' own provider records); the adults' are not the pediatrician.
  const clinicians = await db.selectFrom('provider').select(['provider_uid', 'display_name']).where('org_uid', '=', ids.orgUid).where('user_uid', 'is', null).orderBy('display_name').execute();
  const providers = clinicians.map((p) => p.provider_uid);
  const adultProviders = clinicians.filter((p) => p.display_name !== 'Dr. Priya Raman').map((p) => p.provider_uid);
  const orgFacilities = await db.selectFrom('facility').select(['facility_uid', 'facility_name']).where('org_uid', '=', ids.orgUid).orderBy('facility_name').execute();
  const facilities = orgFacilities.map((f) => f.facility_uid);
  // Adults are seen where adults are seen: not at the children's clinic or a school.
  const adultFacilities = orgFacilities.filter((f) => ['Eastside Family Health Center', 'Northland Imaging Center', 'Riverside General Hospital', 'Summit Behavioral Health'].includes(f.facility_name)).map((f) => f.facility_uid);
  const statuses = (
    await db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-status').where('ref_data_type', '=', 'calendar').orderBy('default_sort_order').execute()
  ).map((s) => s.uid);

  const patientsOf = async (divisionUid: string, withCases: boolean, limit: number) =>
    (
      await sql<{ patient_uid: string }>`
        select p.patient_uid from patient p
         where p.division_uid = ${divisionUid}
           and ${withCases ? sql`` : sql`not`} exists (select 1 from patient_case pc where pc.patient_uid = p.patient_uid)
         order by p.last_name, p.first_name, p.birth_date, p.mobile_phone
         limit ${limit}`.execute(db)
    ).rows.map((r) => r.patient_uid);

  const [north, south] = ids.divisionUids;
  await seedEvents(db, { patients: ids.caseload, providers: adultProviders, facilities: adultFacilities, statuses }, 1);
  await seedEvents(db, { patients: await patientsOf(north, true, 10), providers, facilities, statuses }, 0.1);
  await seedEvents(db, { patients: await patientsOf(south, false, 10), providers, facilities, statuses }, 0.1);
}
