import { sql } from 'kysely';
import { DEFAULT_LANG, DEFAULT_STRINGS } from '../../../shared/i18n-defaults';
import { DEMO_SUPPORT_PHONE } from '../../../shared/schemas/support';
import { hashPassword } from '../../auth/password';
import type { FileStore } from '../../files/file-store';
import type { Db } from '../connect';
import { NEW_REFERRAL_COLUMNS } from '../reference-lists/queue-columns';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';
import { seedB2w } from './b2w';
import { seedBadges } from './badges';
import { seedBreakGlass } from './break-glass';
import { seedCalendar } from './calendar';
import { seedCareTeam } from './care-team';
import { CASELOAD, seedCaseloadPatients } from './caseload';
import { seedCaseloadHistory } from './caseload-history';
import { seedCit } from './cit';
import { seedExt } from './ext';
import { seedFhirReferrals } from './fhir-referrals';
import { seedHwc } from './hwc';
import { IDENTITY_CHILDREN, seedIdentityChildren } from './identity-children';
import { seedOptOut } from './opt-out';
import { generatePatients } from './patients';
import { seedReminders } from './reminders';
import { seedResourceFiles } from './resource-files';
import { seedReference, type ReferenceUids } from './reference';

/**
 * Each area's demo rows, in this order (later areas may read earlier ones' rows). A new area adds its seed here.
 * The caseload's history comes last: it names the providers, facilities, badges, library files and CIT agency the others add.
 */
const AREA_SEEDS: ((db: Db, ids: DemoIds, files: FileStore) => Promise<void>)[] = [
  seedReminders,
  seedCalendar,
  seedB2w,
  seedOptOut,
  seedHwc,
  seedCit,
  seedExt,
  seedBadges,
  seedResourceFiles,
  seedCareTeam,
  seedCaseloadHistory,
  seedBreakGlass,
  seedFhirReferrals,
];

const QUEUE_COLUMNS = [
  { column_name: 'patient_uid', display_header: 'Patient Id', is_hidden: true },
  { column_name: 'last_name', display_header: 'Last Name', is_hidden: false },
  { column_name: 'first_name', display_header: 'First Name', is_hidden: false },
  { column_name: 'birth_date', display_header: 'Date of Birth', is_hidden: false },
  { column_name: 'referral_date', display_header: 'Referral Date', is_hidden: false },
  { column_name: 'referral_source_label', display_header: 'Referral Source', is_hidden: false },
  { column_name: 'episode_status_label', display_header: 'Episode Status', is_hidden: false },
];

/**
 * Everything a fresh install needs that is not demo data: translations. The
 * user menu's "Admin" destination came with its page (migration 036).
 */
export async function seedBase(db: Db): Promise<void> {
  await db
    .insertInto('translation')
    .values(Object.entries(DEFAULT_STRINGS).map(([key, value]) => ({ lang: DEFAULT_LANG, key, value })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface DemoIds {
  orgUid: string;
  divisionUids: [string, string];
  reference: ReferenceUids;
  /** The navigator's caseload in the first division, in CASELOAD order (caseload.ts). */
  caseload: string[];
}

/**
 * Demo organisation, users, reference data, patients, queues and the library's files (into `files`); runs once per database.
 * The first division holds `patientCount` patients: the navigator's caseload, the child-welfare children and generated ones.
 */
export async function seedDemo(db: Db, files: FileStore, patientCount = 240): Promise<DemoIds | null> {
  const existing = await db.selectFrom('organization').select('org_uid').executeTakeFirst();
  if (existing) return null;
  return db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const market = await tx.insertInto('market').values({ market_name: 'Ohio' }).returning('market_uid').executeTakeFirstOrThrow();
    const org = await tx
      .insertInto('organization')
      // The fictional urgent line /support shows (issue 33), stored as digits like every phone; a fresh install without the demo has none.
      .values({ org_name: 'Careweave Demo Health', name: 'Careweave Demo Health', market_uid: market.market_uid, support_phone: DEMO_SUPPORT_PHONE.replace(/\D/g, '') })
      .returning('org_uid')
      .executeTakeFirstOrThrow();
    const [north, south] = await tx
      .insertInto('division')
      .values([
        { division_name: 'Franklin County Care', org_uid: org.org_uid },
        { division_name: 'Summit County Care', org_uid: org.org_uid },
      ])
      .returning('division_uid')
      .execute();
    await tx.insertInto('division_setting').values({ division_uid: north.division_uid, setting_name: 'requires-supervisory-approval', setting_value: 'true' }).execute();

    const hash = await hashPassword(DEMO_PASSWORD);
    for (const u of DEMO_USERS) {
      const [first, last] = u.displayName.split(' ');
      const user = await tx
        .insertInto('app_user')
        .values({ user_name: u.userName, display_name: u.displayName, first_name: first, last_name: last, email_address: u.email, password_hash: hash, theme: null })
        .returning('user_uid')
        .executeTakeFirstOrThrow();
      const divisions = u.both ? [north, south] : [north];
      await tx
        .insertInto('user_division')
        .values(divisions.map((d) => ({ user_uid: user.user_uid, division_uid: d.division_uid, permissions: u.flags })))
        .execute();
    }

    const reference = await seedReference(tx, org.org_uid);
    await seedNavigatorProviders(tx, org.org_uid, reference);

    for (const [division, count, seed] of [
      [north.division_uid, patientCount - CASELOAD.length - IDENTITY_CHILDREN.length, 0.42],
      [south.division_uid, Math.round(patientCount / 4), 0.17],
    ] as const) {
      await generatePatients(tx, { divisionUid: division, genderUids: reference.genders, episodeStatusUids: reference.episodeStatuses, referralSourceUids: reference.referralSources, reasonUids: reference.reasons }, count, seed);
    }
    await seedIdentityChildren(tx, north.division_uid, reference.genders);
    const caseload = await seedCaseloadPatients(tx, north.division_uid);

    for (const division of [north.division_uid, south.division_uid]) await seedQueues(tx, division);
    const ids: DemoIds = { orgUid: org.org_uid, divisionUids: [north.division_uid, south.division_uid], reference, caseload };
    for (const seedArea of AREA_SEEDS) await seedArea(tx, ids, files);
    return ids;
  });
}

/** Navigator users appear as providers with role type Navigator (reassign targets). */
async function seedNavigatorProviders(db: Db, orgUid: string, reference: ReferenceUids): Promise<void> {
  await sql`
    insert into provider (display_name, first_name, last_name, user_uid, org_uid, provider_role_uid, email_address)
    select u.display_name, u.first_name, u.last_name, u.user_uid, ${orgUid}, ${reference.navigatorRole}, u.email_address
      from app_user u where u.user_name in ('navigator', 'director', 'admin')`.execute(db);
}

async function seedQueues(db: Db, divisionUid: string): Promise<void> {
  const columns = JSON.stringify(QUEUE_COLUMNS);
  const [, active] = await db
    .insertInto('queue')
    .values([
      {
        division_uid: divisionUid,
        queue_label: 'new referrals',
        view_name: 'queue-patient-view',
        rule: JSON.stringify({ referral_status: 'New' }),
        default_sort: '-referral_date',
        column_map: JSON.stringify([...QUEUE_COLUMNS, ...NEW_REFERRAL_COLUMNS]),
        sort_order: 1,
      },
      { division_uid: divisionUid, queue_label: 'Active Patients', view_name: 'queue-patient-view', rule: JSON.stringify({ episode_status_label: 'Active' }), default_sort: 'last_name,first_name', column_map: columns, sort_order: 2 },
      { division_uid: divisionUid, queue_label: 'Pending Intake', view_name: 'queue-patient-view', rule: JSON.stringify({ episode_status_label: 'Pending' }), default_sort: '-updated_at', column_map: columns, sort_order: 3 },
    ])
    .returning('queue_uid')
    .execute();
  await db
    .insertInto('queue')
    .values({
      division_uid: divisionUid,
      parent_queue_uid: active.queue_uid,
      queue_label: 'Active from the Emergency Department',
      view_name: 'queue-patient-view',
      rule: JSON.stringify({ episode_status_label: 'Active', referral_source_label: 'Emergency Department' }),
      default_sort: '-referral_date',
      column_map: columns,
      sort_order: 1,
    })
    .execute();
}
