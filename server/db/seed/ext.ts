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

/** One referral link for the first demo division, with one extra required field (the reason). */
export async function seedExt(db: Db, ids: DemoIds): Promise<void> {
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
