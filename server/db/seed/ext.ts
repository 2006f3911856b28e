import type { Db } from '../connect';
import type { DemoIds } from './demo';

/** The demo's public referral link: /ext/demo-referral/referral-form. */
export const DEMO_EXT_INSTANCE = 'demo-referral';

const STATES: [string, string][] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'],
  ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'],
  ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'],
  ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
];

const CARRIERS = ['Medicaid', 'Medicare', 'Aetna', 'Anthem Blue Cross', 'CareSource', 'Molina Healthcare', 'UnitedHealthcare', 'Self-pay / Uninsured'];

/** Seeds a reference list only when nobody has (another area may own the same list). */
async function seedListIfEmpty(db: Db, model: string, rows: { name: string; label: string }[]): Promise<void> {
  const any = await db.selectFrom('reference_data').select('uid').where('model', '=', model).limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('reference_data')
    .values(rows.map((r, i) => ({ model, name: r.name, label: r.label, ref_data_type: null, default_sort_order: i })))
    .execute();
}

const slug = (label: string) => label.toLowerCase().replace(/\W+/g, '_');

/**
 * Clinicians of outside practices who send the division referrals: what the
 * public form's "Provider name" list shows (issue 32 §4), with Dr. Priya Raman
 * and Marcus Bell, LPCC (seed/reference.ts). The organisation's staff are
 * providers too (seed/demo.ts) but are not offered to anonymous visitors.
 * Phones are in the 555-01xx range kept for fiction; no NPI is made up.
 */
type Practice = { label: string; addr1: string; city: string; province_iso: string; post_code: string };
const OUTSIDE_PROVIDERS: { first: string; last: string; credentials: string; role: 'physician' | 'counselor'; phone: string; email: string; practice: Practice }[] = [
  { first: 'Alicia', last: 'Moreno', credentials: 'MD', role: 'physician', phone: '6145550131', email: 'amoreno@lindenfamilypractice.test', practice: { label: 'Linden Family Practice', addr1: '1717 Cleveland Ave', city: 'Columbus', province_iso: 'OH', post_code: '43211' } },
  { first: 'Samuel', last: 'Okafor', credentials: 'DO', role: 'physician', phone: '6145550132', email: 'sokafor@hilltoppeds.test', practice: { label: 'Hilltop Pediatric Associates', addr1: '3360 W Broad St', city: 'Columbus', province_iso: 'OH', post_code: '43204' } },
  { first: 'Daniel', last: 'Kim', credentials: 'MD', role: 'physician', phone: '6145550133', email: 'dkim@olentangyim.test', practice: { label: 'Olentangy Internal Medicine', addr1: '1000 Bethel Rd', city: 'Columbus', province_iso: 'OH', post_code: '43220' } },
  { first: 'Rebecca', last: 'Stein', credentials: 'LISW-S', role: 'counselor', phone: '6145550134', email: 'rstein@clintonvillecounseling.test', practice: { label: 'Clintonville Counseling Associates', addr1: '3535 N High St', city: 'Columbus', province_iso: 'OH', post_code: '43214' } },
  { first: 'Monique', last: 'Carter', credentials: 'LPCC-S', role: 'counselor', phone: '6145550135', email: 'mcarter@southsiderecovery.test', practice: { label: 'Southside Recovery Partners', addr1: '1390 Parsons Ave', city: 'Columbus', province_iso: 'OH', post_code: '43206' } },
];

async function seedOutsideProviders(db: Db, orgUid: string): Promise<void> {
  const roles = await db.selectFrom('reference_data').select(['uid', 'name']).where('model', '=', 'reference-provider-role').execute();
  for (const p of OUTSIDE_PROVIDERS) {
    const display = `${p.first} ${p.last}, ${p.credentials}`;
    const exists = await db.selectFrom('provider').select('provider_uid').where('display_name', '=', display).where('org_uid', '=', orgUid).executeTakeFirst();
    if (exists) continue;
    const { provider_uid } = await db
      .insertInto('provider')
      .values({
        display_name: display,
        first_name: p.first,
        last_name: p.last,
        org_uid: orgUid,
        provider_role_uid: roles.find((r) => r.name === p.role)?.uid ?? null,
        work_phone: p.phone,
        email_address: p.email,
        public_form_offered: true,
      })
      .returning('provider_uid')
      .executeTakeFirstOrThrow();
    const { label, ...address } = p.practice;
    await db.insertInto('provider_location').values({ ...address, provider_location_label: label, provider_uid }).execute();
  }
}

/** One referral link for the first demo division, with one extra required field (the reason), and the providers its form offers. */
export async function seedExt(db: Db, ids: DemoIds): Promise<void> {
  await seedOutsideProviders(db, ids.orgUid);
  await seedListIfEmpty(db, 'reference-country-division', STATES.map(([iso, label]) => ({ name: iso, label })));
  await seedListIfEmpty(db, 'reference-carrier', CARRIERS.map((label) => ({ name: slug(label), label })));
  await db
    .insertInto('external_action_instance')
    .values({
      instance_id: DEMO_EXT_INSTANCE,
      label: 'Website referral link',
      division_uid: ids.divisionUids[0],
      action_type: 'referral-form',
      payload_definition: JSON.stringify({ required_fields: ['reasonUid'] }),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
