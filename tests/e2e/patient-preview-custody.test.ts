import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { DEMO_USERS } from '../../server/db/seed/demo-users';
import { importExtract } from '../../server/identity/import';
import { writeExtractFolder } from '../server/support/identity-extract';
import { loginAs, openPage, shot, startHarness, type Harness } from './support/harness';

/**
 * Issue 32 §1: the patient preview's custody alerts, facts and Continue, for
 * each kind of patient as each mode finds them: the quick search (navigator,
 * admin, and the CIT supervisor, whose emergency access brings it) and the
 * identity search's cards (identity, identity-health, admin).
 * The children come from an extract this test imports, so their custody facts
 * are what the real import writes; the adult is a navigator's ordinary patient.
 */

let h: Harness;

type Kind = 'in custody' | 'out of custody' | 'in transition' | 'restricted' | 'adoption' | 'ordinary adult';

interface Person {
  first: string;
  last: string;
  sacwis?: string;
}

const PEOPLE: Record<Kind, Person> = {
  'in custody': { first: 'Ivy', last: 'Inkwater', sacwis: '90000011' },
  'out of custody': { first: 'Otto', last: 'Outerbridge', sacwis: '90000022' },
  'in transition': { first: 'Tess', last: 'Transvale', sacwis: '90000033' },
  // Ian Identity is its case's worker: the identity user reaches it through the case link.
  restricted: { first: 'Rhea', last: 'Restonwick', sacwis: '90000044' },
  adoption: { first: 'Ada', last: 'Adderbury', sacwis: '90000055' },
  'ordinary adult': { first: 'Abe', last: 'Oldcastle' },
};

const IDENTITY_EMAIL = DEMO_USERS.find((u) => u.userName === 'identity')!.email;

/** One child of the extract: its case and, unless `episode` is null, a custody episode (`end` set: it has left custody). */
function child(kind: Kind, birth: string, episode: { legal: string | null; end: string | null } | null, caseFacts: Record<string, string> = {}) {
  const { first, last, sacwis } = PEOPLE[kind];
  return {
    source_child: { sacwis_person_id: sacwis!, first_name: first, middle_name: null, last_name: last, preferred_name: null, birth_date: birth, gender: 'Female', county: 'Franklin' },
    source_case: {
      case_id: `C-${sacwis}`, sacwis_person_id: sacwis!, county: 'Franklin', agency_name: 'Franklin County Children Services', case_category: 'Ongoing', legal_status: episode?.legal ?? null,
      wkr_name: 'Pat Worker', wkr_email: 'worker@agency.test', sup_name: 'Sue Visor', sup_email: 'sup@agency.test', chf_email: null, restricted_flag: 'N', adoption_flag: 'N', ...caseFacts,
    },
    custody_episode: episode && { episode_id: `E-${sacwis}`, sacwis_person_id: sacwis!, county: 'Franklin', legal_status: episode.legal, start_date: '2023-03-01', end_date: episode.end },
  };
}

async function importChildren(): Promise<void> {
  const children = [
    child('in custody', '2012-04-05', { legal: 'Temporary Custody', end: null }),
    child('out of custody', '2010-07-08', { legal: 'Temporary Custody', end: '2024-02-01' }),
    child('in transition', '2013-09-10', { legal: null, end: null }),
    child('restricted', '2011-11-12', { legal: 'Temporary Custody', end: null }, { restricted_flag: 'Y', wkr_name: 'Ian Identity', wkr_email: IDENTITY_EMAIL }),
    child('adoption', '2015-01-14', { legal: 'Permanent Custody', end: null }, { adoption_flag: 'Y' }),
  ];
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-custody-extract-'));
  try {
    await writeExtractFolder(folder, {
      source_child: children.map((c) => c.source_child),
      source_case: children.map((c) => c.source_case),
      custody_episode: children.flatMap((c) => (c.custody_episode ? [c.custody_episode] : [])),
    });
    const report = await importExtract(h.server.db, folder, await firstDivision());
    assert.ok(report.ok, report.error ?? 'the import failed');
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

const firstDivision = async () => (await h.server.db.selectFrom('division').select('division_uid').orderBy('division_name').limit(1).executeTakeFirstOrThrow()).division_uid;

/** What a preview shows: its alerts' titles, whether Continue is there, and its facts by term. */
interface Preview {
  alerts: string[];
  continues: boolean;
  facts: Record<string, string>;
}

type Finder = 'quick search' | 'identity search';
type Viewer = `${string} / ${Finder}`;
const VIEWERS: [string, Finder][] = [
  ['navigator', 'quick search'],
  ['identity', 'identity search'],
  ['identity-health', 'identity search'],
  ['admin', 'quick search'],
  ['admin', 'identity search'],
  // CIT mode: the supervisor's emergency access gives them the quick search.
  ['cit-supervisor', 'quick search'],
];

/** The expected preview, or null where the finder rightly finds nothing (a hidden child, or an adult in the identity search). */
type Expected = Omit<Preview, 'facts'> & { legalStatus: string | null };
const whole = (alerts: string[], continues: boolean, legalStatus: string): Expected => ({ alerts, continues, legalStatus });
/** No custody facts: neither custody alert, Continue, and no SACWIS Person ID or Legal Status row. */
const PLAIN: Expected = { alerts: [], continues: true, legalStatus: null };
/** A record the caller may not open: the alert that says why, and no record facts. */
const stub = (alert: string): Expected => ({ alerts: [alert], continues: false, legalStatus: null });

const everyone = (e: Expected): Record<Viewer, Expected> => Object.fromEntries(VIEWERS.map(([u, f]) => [`${u} / ${f}`, e]));

const EXPECTED: Record<Kind, Record<Viewer, Expected | null>> = {
  'in custody': everyone(whole([], true, 'Temporary Custody')),
  'out of custody': everyone(whole(['Out Of Custody'], false, '—')),
  'in transition': everyone(whole(['Legal Status in Transition'], true, '—')),
  restricted: {
    'navigator / quick search': stub('Restricted Case'),
    'identity / identity search': whole(['Restricted Case'], true, 'Temporary Custody'),
    'identity-health / identity search': null,
    'admin / quick search': whole([], true, 'Temporary Custody'),
    'admin / identity search': whole([], true, 'Temporary Custody'),
    // Closed to them as to the navigator (the preview offers Emergency Access instead).
    'cit-supervisor / quick search': stub('Restricted Case'),
  },
  adoption: {
    'navigator / quick search': stub('Restricted'),
    'identity / identity search': null,
    'identity-health / identity search': whole([], true, 'Permanent Custody'),
    'admin / quick search': whole([], true, 'Permanent Custody'),
    'admin / identity search': whole([], true, 'Permanent Custody'),
    'cit-supervisor / quick search': stub('Restricted'),
  },
  'ordinary adult': {
    'navigator / quick search': PLAIN,
    'identity / identity search': null,
    'identity-health / identity search': null,
    'admin / quick search': PLAIN,
    'admin / identity search': null,
    'cit-supervisor / quick search': PLAIN,
  },
};

async function readPreview(dialog: Locator): Promise<Preview> {
  await dialog.locator('dl.patient-facts').waitFor();
  const terms = await dialog.locator('dl.patient-facts dt').allTextContents();
  const values = await dialog.locator('dl.patient-facts dd').allTextContents();
  return {
    alerts: await dialog.locator('sl-alert strong').allTextContents(),
    continues: (await dialog.getByRole('button', { name: 'Continue' }).count()) === 1,
    facts: Object.fromEntries(terms.map((t, i) => [t, values[i]])),
  };
}

const previewDialog = (page: Page, p: Person) => page.locator(`sl-dialog.patient-preview[label="${p.last}, ${p.first}"][open]`);

/** The top bar's search: the person's option opens the preview; null when the search does not offer them. */
async function viaQuickSearch(page: Page, p: Person): Promise<Locator> {
  await page.getByRole('combobox', { name: 'Search Patients' }).fill(`${p.first} ${p.last}`);
  await page.getByRole('option', { name: new RegExp(`^${p.last}, ${p.first}`) }).click();
  return previewDialog(page, p);
}

/** The identity search by last name: the card's title opens the preview; null when no card comes back. */
async function viaIdentitySearch(page: Page, p: Person): Promise<Locator | null> {
  const panel = page.getByRole('complementary', { name: 'Find a child' });
  await panel.getByLabel('Last Name').fill(p.last);
  const answered = page.waitForResponse((r) => r.url().includes('/identity_search?') && r.url().includes(p.last));
  await panel.getByRole('button', { name: 'Search' }).click();
  const total = (await (await answered).json()).meta.total as number;
  if (total === 0) {
    await page.getByRole('status').filter({ hasText: '0 children found' }).waitFor();
    return null;
  }
  await page.locator('article.summary-card').filter({ hasText: `${p.last}, ${p.first}` }).getByRole('button', { name: new RegExp(`^${p.last}, ${p.first} `) }).click();
  return previewDialog(page, p);
}

/** The rule the issue is about, whatever the patient: the preview never contradicts itself. */
function assertConsistent(seen: Preview, who: string): void {
  const out = seen.alerts.includes('Out Of Custody');
  const legal = seen.facts['Legal Status'];
  assert.ok(!(out && legal && legal !== '—'), `${who}: Out Of Custody beside Legal Status ${legal}`);
  assert.ok(!(out && seen.alerts.includes('Legal Status in Transition')), `${who}: out of custody and in transition at once`);
  if (out) assert.equal(seen.continues, false, `${who}: Continue on a patient who left custody`);
}

describe('patient preview: custody, for each kind of patient in each mode (issue 32 §1)', () => {
  before(async () => {
    h = await startHarness();
    await importChildren();
    const { last, first } = PEOPLE['ordinary adult'];
    // As Add Patient writes one: no SACWIS id, no legal status, no case (in_custody keeps its default).
    await h.server.db.insertInto('patient').values({ division_uid: await firstDivision(), first_name: first, last_name: last, birth_date: '1954-05-06' }).execute();
  });
  after(async () => {
    await h?.stop();
  });

  test('the import gave each child the custody facts the test relies on', async () => {
    const rows = await h.server.db
      .selectFrom('patient')
      .select(['last_name', 'sacwis_person_id', 'in_custody', 'agency_legal_status', 'restricted_flag', 'adoption_case'])
      .where('last_name', 'in', Object.values(PEOPLE).map((p) => p.last))
      .orderBy('last_name')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.last_name, r.sacwis_person_id, r.in_custody, r.agency_legal_status, r.restricted_flag, r.adoption_case]),
      [
        ['Adderbury', '90000055', true, 'Permanent Custody', '0', true],
        ['Inkwater', '90000011', true, 'Temporary Custody', '0', false],
        // in_custody's default: the adult's true says nothing, which is why it alone is no custody fact.
        ['Oldcastle', null, true, null, '0', false],
        ['Outerbridge', '90000022', false, null, '0', false],
        ['Restonwick', '90000044', true, 'Temporary Custody', '1', false],
        ['Transvale', '90000033', true, null, '0', false],
      ],
    );
  });

  for (const [user, finder] of VIEWERS) {
    test(`${user}, through the ${finder}`, async () => {
      const { context, page, errors } = await openPage(h, 1366, 900);
      await loginAs(page, user);
      for (const [kind, person] of Object.entries(PEOPLE) as [Kind, Person][]) {
        const who = `${user} / ${finder}: ${kind}`;
        const expected = EXPECTED[kind][`${user} / ${finder}`];
        const dialog = finder === 'quick search' ? await viaQuickSearch(page, person) : await viaIdentitySearch(page, person);
        if (expected === null) {
          assert.equal(dialog, null, `${who}: found`);
          continue;
        }
        assert.ok(dialog, `${who}: not found`);
        const seen = await readPreview(dialog);
        assertConsistent(seen, who);
        assert.deepEqual(seen.alerts, expected.alerts, `${who}: alerts`);
        assert.equal(seen.continues, expected.continues, `${who}: Continue`);
        // The extract's own facts show exactly for the patients it knows (a stub shows no record facts at all).
        assert.equal(seen.facts['Legal Status'] ?? null, expected.legalStatus, `${who}: Legal Status`);
        assert.equal('SACWIS Person ID' in seen.facts, expected.legalStatus !== null, `${who}: SACWIS Person ID row`);
        if (expected.legalStatus !== null) assert.equal(seen.facts['SACWIS Person ID'], person.sacwis, `${who}: SACWIS Person ID`);
        if (user === 'navigator' && (kind === 'ordinary adult' || kind === 'out of custody')) await shot(page, `patient-preview-${kind.replace(/ /g, '-')}-navigator-1366`, false);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test('Continue on an ordinary adult records "ViewedPatient" and opens the record, as the reminders card does', async () => {
    const { context, page } = await openPage(h, 1366, 900);
    await loginAs(page, 'navigator');
    const dialog = await viaQuickSearch(page, PEOPLE['ordinary adult']);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/patients\/[0-9a-f-]{36}\//);
    const patientUid = page.url().split('/')[4];
    await page.getByRole('heading', { name: /Oldcastle/ }).waitFor();
    const audit = await h.server.db.selectFrom('audit_entry').select('action').where('patient_uid', '=', patientUid).execute();
    assert.deepEqual(audit, [{ action: 'ViewedPatient' }]);
    await context.close();
  });

  for (const width of [1366, 390]) {
    test(`Marcus Ellery, the navigator's own patient, opens from the quick search at ${width} px`, async () => {
      // An adult of the demo caseload: the extract knows nothing of him, so no custody alert and no identity facts.
      const { context, page, errors } = await openPage(h, width, width > 500 ? 900 : 844);
      await loginAs(page, 'navigator');
      const dialog = await viaQuickSearch(page, { first: 'Marcus', last: 'Ellery' });
      const seen = await readPreview(dialog);
      await shot(page, `patient-preview-marcus-navigator-${width}`, false);
      assert.deepEqual(seen.alerts, []);
      assert.equal(seen.continues, true);
      assert.ok(!('SACWIS Person ID' in seen.facts) && !('Legal Status' in seen.facts), JSON.stringify(seen.facts));
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/patients\/[0-9a-f-]{36}\//);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
