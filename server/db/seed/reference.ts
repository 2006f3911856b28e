import type { Db } from '../connect';

export interface ReferenceUids {
  genders: { female: string; male: string };
  episodeStatuses: string[];
  referralSources: string[];
  reasons: string[];
  navigatorRole: string;
}

type Row = { name: string; label?: string; type?: string };

/** Reference lists the spec names, in their default order. */
const LISTS: Record<string, Row[]> = {
  'reference-gender': [{ name: 'male', label: 'Male' }, { name: 'female', label: 'Female' }, { name: 'unknown', label: 'Unknown' }],
  'reference-gender-identity': ['Man', 'Woman', 'Non-binary', 'Transgender man', 'Transgender woman', 'Prefer not to say'].map((l) => ({ name: l.toLowerCase().replace(/\W+/g, '_'), label: l })),
  'reference-race': ['American Indian or Alaska Native', 'Asian', 'Black or African American', 'Native Hawaiian or Other Pacific Islander', 'White', 'Other', 'Unknown'].map((l) => ({ name: l.toLowerCase().replace(/\W+/g, '_'), label: l })),
  'reference-ethnicity': ['Hispanic or Latino', 'Not Hispanic or Latino', 'Unknown'].map((l) => ({ name: l.toLowerCase().replace(/\W+/g, '_'), label: l })),
  'reference-referral-source': ['Hospital', 'Emergency Department', 'Law Enforcement', 'Self', 'Family', 'Other'].map((l) => ({ name: l.toLowerCase().replace(/\W+/g, '_'), label: l })),
  'reference-reason': [
    ...['Overdose', 'Mental Health', 'Substance Use', 'Housing', 'Other'].map((l) => ({ name: l.toLowerCase().replace(/\W+/g, '_'), label: l, type: 'inbound referral' })),
  ],
  // Admission statuses come with migration 019.
  'reference-status': [...['Active', 'Pending', 'Closed'].map((l) => ({ name: l.toLowerCase(), label: l, type: 'Episode' }))],
  'reference-provider-role': [
    { name: 'navigator', label: 'Navigator', type: 'Navigator' },
    { name: 'physician', label: 'Physician', type: 'Physician' },
    { name: 'counselor', label: 'Counselor', type: 'Counselor' },
  ],
  'reference-address-type': ['Primary residence', 'Mailing', 'Temporary'].map((l) => ({ name: l.toLowerCase().replace(/\W+/g, '_'), label: l })),
  'reference-shift': ['Day', 'Evening', 'Night'].map((l) => ({ name: l.toLowerCase(), label: l })),
};

const FACILITIES = [
  { facility_name: 'Riverside General Hospital', facility_type: 'Hospital', city: 'Columbus', province_iso: 'OH', post_code: '43215' },
  { facility_name: "Nationwide Children's Clinic", facility_type: 'Hospital', city: 'Columbus', province_iso: 'OH', post_code: '43205' },
  { facility_name: 'Summit Behavioral Health', facility_type: 'Treatment', city: 'Akron', province_iso: 'OH', post_code: '44308' },
  { facility_name: 'Eastmoor Middle School', facility_type: 'School', city: 'Columbus', province_iso: 'OH', post_code: '43209' },
  { facility_name: 'Eastside Family Health Center', facility_type: 'Clinic', city: 'Columbus', province_iso: 'OH', post_code: '43219' },
  { facility_name: 'Northland Imaging Center', facility_type: 'Clinic', city: 'Columbus', province_iso: 'OH', post_code: '43229' },
];

export async function seedReference(db: Db, orgUid: string): Promise<ReferenceUids> {
  const uids: Record<string, { uid: string; label: string; type: string | null }[]> = {};
  for (const [model, rows] of Object.entries(LISTS)) {
    uids[model] = await db
      .insertInto('reference_data')
      .values(rows.map((r, i) => ({ model, name: r.name, label: r.label ?? r.name, ref_data_type: r.type ?? null, default_sort_order: i })))
      .returning(['uid', 'label', 'ref_data_type as type'])
      .execute();
  }
  await db.insertInto('facility').values(FACILITIES.map((f) => ({ ...f, org_uid: orgUid }))).execute();
  // Community clinicians outside the organisation: the public referral form offers them (issue 32 §4; seed/ext.ts adds more).
  await db
    .insertInto('provider')
    .values([
      { display_name: 'Dr. Priya Raman', first_name: 'Priya', last_name: 'Raman', org_uid: orgUid, provider_role_uid: uids['reference-provider-role'][1].uid, npi_number: '1234567890', public_form_offered: true },
      { display_name: 'Marcus Bell, LPCC', first_name: 'Marcus', last_name: 'Bell', org_uid: orgUid, provider_role_uid: uids['reference-provider-role'][2].uid, public_form_offered: true },
    ])
    .execute();
  const of = (model: string, type?: string) => uids[model].filter((r) => (type ? r.type === type : true)).map((r) => r.uid);
  const gender = (name: string) => uids['reference-gender'][LISTS['reference-gender'].findIndex((r) => r.name === name)].uid;
  return {
    genders: { female: gender('female'), male: gender('male') },
    episodeStatuses: of('reference-status', 'Episode'),
    referralSources: of('reference-referral-source'),
    reasons: of('reference-reason', 'inbound referral'),
    navigatorRole: uids['reference-provider-role'][0].uid,
  };
}
