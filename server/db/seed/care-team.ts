import type { Db } from '../connect';
import type { DemoIds } from './demo';

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
 * Demo providers with their locations; the caseload's care teams and care
 * givers name them (caseload-stories.ts, caseload.ts).
 */
export async function seedCareTeam(db: Db, ids: DemoIds): Promise<void> {
  const roles = await db.selectFrom('reference_data').select(['uid', 'name']).where('model', '=', 'reference-provider-role').execute();
  const roleUid = (name: string) => roles.find((r) => r.name === name)!.uid;
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
    await db.insertInto('provider_location').values(p.locations.map((l) => ({ ...l, provider_uid: uid }))).execute();
  }
}
