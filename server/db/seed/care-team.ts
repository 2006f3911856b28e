import type { Db } from '../connect';
import type { DemoIds } from './demo';
import { ordinaryPatients } from './ordinary-patients';

type Location = { provider_location_label: string; addr1: string; addr2?: string; city: string; province_iso: string; post_code: string };

/** Community providers of the demo organisation and where they see patients; some have one location, some several. */
const PROVIDERS: { display_name: string; first_name: string; last_name: string; role: string; npi_number?: string; work_phone?: string; email_address?: string; locations: Location[] }[] = [
  {
    display_name: 'Dr. Priya Raman',
    first_name: 'Priya',
    last_name: 'Raman',
    role: 'physician',
    locations: [
      { provider_location_label: 'Riverside Pediatrics Downtown', addr1: '450 W Broad St', addr2: 'Suite 200', city: 'Columbus', province_iso: 'OH', post_code: '43215' },
      { provider_location_label: 'Riverside Pediatrics Hilltop', addr1: '3051 W Broad St', city: 'Columbus', province_iso: 'OH', post_code: '43204' },
    ],
  },
  {
    display_name: 'Marcus Bell, LPCC',
    first_name: 'Marcus',
    last_name: 'Bell',
    role: 'counselor',
    locations: [{ provider_location_label: 'Franklin Counseling Center', addr1: '1200 E Main St', city: 'Columbus', province_iso: 'OH', post_code: '43205' }],
  },
  {
    display_name: 'Dr. Elena Ortiz',
    first_name: 'Elena',
    last_name: 'Ortiz',
    role: 'physician',
    npi_number: '1477553210',
    work_phone: '6145550142',
    email_address: 'eortiz@eastsidefamily.test',
    locations: [{ provider_location_label: 'Eastside Family Medicine', addr1: '2400 E 5th Ave', city: 'Columbus', province_iso: 'OH', post_code: '43219' }],
  },
  {
    display_name: 'Dr. James Hsu',
    first_name: 'James',
    last_name: 'Hsu',
    role: 'physician',
    npi_number: '1689024571',
    work_phone: '6145550177',
    locations: [
      { provider_location_label: 'Northland Health Center', addr1: '1500 Morse Rd', city: 'Columbus', province_iso: 'OH', post_code: '43229' },
      { provider_location_label: 'Westerville Clinic', addr1: '77 S State St', city: 'Westerville', province_iso: 'OH', post_code: '43081' },
    ],
  },
  {
    display_name: 'Tanya Brooks, LPC',
    first_name: 'Tanya',
    last_name: 'Brooks',
    role: 'counselor',
    work_phone: '6145550190',
    email_address: 'tbrooks@hopewellbh.test',
    locations: [{ provider_location_label: 'Hopewell Behavioral Health', addr1: '880 S High St', city: 'Columbus', province_iso: 'OH', post_code: '43206' }],
  },
];

/**
 * Demo providers with locations, and care teams and care givers for the first
 * ordinary patients of the navigator's division (the ones the face sheet seed
 * also fills), so the Care Team page shows Active and Inactive rows.
 */
export async function seedCareTeam(db: Db, ids: DemoIds): Promise<void> {
  const roles = await db.selectFrom('reference_data').select(['uid', 'name']).where('model', '=', 'reference-provider-role').execute();
  const roleUid = (name: string) => roles.find((r) => r.name === name)!.uid;
  const providers: Record<string, string> = {};
  const locations: Record<string, string[]> = {};
  for (const p of PROVIDERS) {
    const existing = await db.selectFrom('provider').select('provider_uid').where('display_name', '=', p.display_name).where('org_uid', '=', ids.orgUid).executeTakeFirst();
    const uid =
      existing?.provider_uid ??
      (
        await db
          .insertInto('provider')
          .values({ display_name: p.display_name, first_name: p.first_name, last_name: p.last_name, org_uid: ids.orgUid, provider_role_uid: roleUid(p.role), npi_number: p.npi_number ?? null, work_phone: p.work_phone ?? null, email_address: p.email_address ?? null })
          .returning('provider_uid')
          .executeTakeFirstOrThrow()
      ).provider_uid;
    providers[p.display_name] = uid;
    const rows = await db.insertInto('provider_location').values(p.locations.map((l) => ({ ...l, provider_uid: uid }))).returning('provider_location_uid').execute();
    locations[p.display_name] = rows.map((r) => r.provider_location_uid);
  }

  const patients = await ordinaryPatients(db, ids.divisionUids[0], 4);
  const member = (patient: number, provider: string, location: number, values: { care_team?: boolean; is_pcp?: boolean; is_primary?: boolean } = {}) => ({
    patient_uid: patients[patient].patient_uid,
    provider_uid: providers[provider],
    preferred_location_uid: locations[provider][location],
    ...values,
  });
  await db
    .insertInto('provider_patient')
    .values([
      member(0, 'Dr. Priya Raman', 0, { is_pcp: true }),
      member(0, 'Marcus Bell, LPCC', 0, { is_primary: true }),
      member(0, 'Dr. James Hsu', 1, { care_team: false }),
      member(1, 'Dr. Elena Ortiz', 0, { is_pcp: true, is_primary: true }),
      member(1, 'Tanya Brooks, LPC', 0),
      member(2, 'Dr. James Hsu', 0, { is_pcp: true }),
    ])
    .execute();

  const giver = (patient: number, g: Record<string, unknown>) => ({ patient_uid: patients[patient].patient_uid, first_name: '', last_name: '', relationship: 'Unknown', ...g });
  await db
    .insertInto('care_giver')
    .values([
      giver(0, { first_name: 'Denise', last_name: 'Walker', relationship: 'Parent', preferred_phone_type: 'Mobile', mobile_phone: '6145550110', email: 'denise.walker@example.test', is_primary: true, roles: 'Emergency Contact,Next of Kin,Transportation', patient_consents: true }),
      giver(0, { first_name: 'Luis', last_name: 'Moreno', relationship: 'Other - Third-Party', preferred_phone_type: 'Mobile', mobile_phone: '6145550133', roles: 'Interpreter', interpreter_id: 'OH-INT-20417', interpreter_language: 'Spanish' }),
      giver(0, { first_name: 'Harold', last_name: 'Walker', relationship: 'Relative', preferred_phone_type: 'Home', home_phone: '6145550188', is_current: false, roles: 'Meals,Other', other_roles: 'Yard work, Grocery runs', comment: 'Moved to Dayton in the spring.' }),
      giver(1, { first_name: 'Keisha', last_name: 'Turner', relationship: 'Legal Guardian', preferred_phone_type: 'Home', home_phone: '6145550151', is_primary: true, roles: 'Authorized Contact,Pick up meds' }),
    ])
    .execute();
}
