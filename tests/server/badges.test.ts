import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { badgeChangesForm, type PatientBadgeChanges } from '../../shared/schemas/badges';
import { call, demoFacts, errorsOf, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let patient: string;
let otherDivision: string;
/** Badge uid by label, with its group. */
const badge: Record<string, { badgeUid: string; badgeGroupUid: string }> = {};

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const changes = (c: Partial<PatientBadgeChanges>) => badgeChangesForm({ create: [], delete: [], ...c }).toString();
const create = (...labels: string[]) => labels.map((l) => badge[l]);

const put = (form: string, options: { user?: LoggedIn | null; patientUid?: string } = {}) =>
  call(server.url, `/api/patients/${options.patientUid ?? patient}/patient-badges`, {
    method: 'PUT',
    rawBody: form,
    headers: FORM,
    ...(options.user === null ? {} : { token: (options.user ?? nav).token }),
  });
const badgesOf = async (patientUid = patient) => {
  const answer = await call(server.url, `/api/patients/${patientUid}/patient-badges`, { token: nav.token });
  assert.equal(answer.status, 200, answer.text);
  return answer.body.data.map((r: { id: string; attributes: Record<string, unknown> }) => ({ id: r.id, ...r.attributes }));
};
const labels = async () => (await badgesOf()).map((b: { badge_label: string }) => b.badge_label);
const auditMessages = async () =>
  (await server.db.selectFrom('audit_entry').select('message').where('patient_uid', '=', patient).where('action', 'in', ['AddedBadge', 'RemovedBadge']).orderBy('created_at').execute()).map((e) => e.message);

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  nav = await login(server.url, 'navigator');
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  const inDivision = (d: string) => server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', d).where('patient_uid', 'not in', hidden).orderBy('patient_uid', 'desc');
  patient = (await inDivision(facts.divisionUids[0]).executeTakeFirstOrThrow()).patient_uid;
  otherDivision = (await inDivision(facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  const groups = await call(server.url, '/api/reference-data/reference-badge-groups', { token: nav.token });
  for (const b of groups.body.included) badge[b.attributes.badge_label] = { badgeUid: b.id, badgeGroupUid: b.attributes.badge_group_uid };
});
beforeEach(async () => {
  await server.db.deleteFrom('patient_badge').where('patient_uid', '=', patient).execute();
});
after(async () => {
  await server?.stop();
});

describe('GET /api/reference-data/reference-badge-groups', () => {
  it('lists the active groups in order with their badges included', async () => {
    const answer = await call(server.url, '/api/reference-data/reference-badge-groups', { token: nav.token });
    assert.equal(answer.status, 200, answer.text);
    const groups = answer.body.data;
    assert.deepEqual(
      groups.map((g: any) => [g.attributes.badge_group_label, g.attributes.is_exclusive]),
      [
        ['Risk Level', true],
        ['Engagement', true],
        ['Care Needs', false],
        ['Social Needs', false],
      ],
    );
    const risk = groups[0];
    const included = new Map(answer.body.included.map((b: any) => [b.id, b.attributes.badge_label]));
    assert.deepEqual(risk.relationships.reference_badges.data.map((r: any) => included.get(r.id)), ['Low Risk', 'Medium Risk', 'High Risk']);
  });

  it('leaves out inactive badges and needs a session', async () => {
    await server.db.updateTable('reference_badge').set({ is_active: false }).where('badge_uid', '=', badge['Diabetic'].badgeUid).execute();
    try {
      const answer = await call(server.url, '/api/reference-data/reference-badge-groups', { token: nav.token });
      assert.ok(!answer.body.included.some((b: any) => b.attributes.badge_label === 'Diabetic'));
    } finally {
      await server.db.updateTable('reference_badge').set({ is_active: true }).where('badge_uid', '=', badge['Diabetic'].badgeUid).execute();
    }
    errorsOf(await call(server.url, '/api/reference-data/reference-badge-groups'), 401);
  });
});

describe('PUT /api/patients/{id}/patient-badges', () => {
  it('adds badges of a single-choice and a multiple-choice group, and the patient document carries them for the header', async () => {
    const answer = await put(changes({ create: create('High Risk', 'Fall Risk', 'Diabetic') }));
    assert.equal(answer.status, 200, answer.text);
    // In the badge page's order: group, then badge.
    assert.deepEqual(answer.body.data.map((r: any) => r.attributes.badge_label), ['High Risk', 'Fall Risk', 'Diabetic']);
    assert.deepEqual(await labels(), ['High Risk', 'Fall Risk', 'Diabetic']);

    const doc = await call(server.url, `/api/patients/${patient}`, { token: nav.token });
    assert.deepEqual(doc.body.data.attributes.badges, [
      { badge_uid: badge['High Risk'].badgeUid, badge_label: 'High Risk', color: '#b02a37' },
      // Care Needs badges have no colour of their own: the group's.
      { badge_uid: badge['Fall Risk'].badgeUid, badge_label: 'Fall Risk', color: '#6f42c1' },
      { badge_uid: badge['Diabetic'].badgeUid, badge_label: 'Diabetic', color: '#6f42c1' },
    ]);
  });

  it('removes badges by patient_badge_uid and records every change in the activity log', async () => {
    await server.db.deleteFrom('audit_entry').where('patient_uid', '=', patient).execute();
    await put(changes({ create: create('Low Risk', 'Food Insecure') }));
    const low = (await badgesOf()).find((b: any) => b.badge_label === 'Low Risk');
    const answer = await put(changes({ create: create('Medium Risk'), delete: [{ patientBadgeUid: low.id }] }));
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(await labels(), ['Medium Risk', 'Food Insecure']);
    // One save's entries share its transaction's time, so they are compared as a set.
    const expected = [
      'Nora Navigator added the badge Food Insecure',
      'Nora Navigator added the badge Low Risk',
      'Nora Navigator added the badge Medium Risk',
      'Nora Navigator removed the badge Low Risk',
    ];
    assert.deepEqual((await auditMessages()).sort(), expected);
    const log = await call(server.url, `/api/patients/${patient}/audit-messages`, { token: nav.token });
    assert.deepEqual(log.body.data.map((e: any) => e.attributes.formatted_message).sort(), expected, 'the activity log shows them');
  });

  it('an exclusive group holds one badge: two at once, or a second beside a kept one, is a 422', async () => {
    assert.deepEqual(errorsOf(await put(changes({ create: create('Low Risk', 'High Risk') })), 422), [{ field: 'create.0.badge_uid', message: 'Choose only one badge of Risk Level' }]);
    await put(changes({ create: create('Engaged') }));
    assert.deepEqual(errorsOf(await put(changes({ create: create('Fall Risk', 'Hard to Reach') })), 422), [{ field: 'create.1.badge_uid', message: 'Choose only one badge of Engagement' }]);
    assert.deepEqual(await labels(), ['Engaged'], 'a refused save changes nothing');
    // A multiple-choice group takes any number.
    assert.equal((await put(changes({ create: create('Housing Insecure', 'Food Insecure', 'Needs Transportation', 'Needs Interpreter') }))).status, 200);
    assert.equal((await labels()).length, 5);
  });

  it('the same badge twice, or one the patient has, is one badge', async () => {
    await put(changes({ create: create('Fall Risk') }));
    const answer = await put(changes({ create: create('Fall Risk', 'Fall Risk') }));
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(await labels(), ['Fall Risk']);
  });

  it('a save sent twice is applied once; a removal never reaches another patient\'s badge', async () => {
    await put(changes({ create: create('Low Risk') }));
    const low = (await badgesOf()).find((b: any) => b.badge_label === 'Low Risk');
    const save = changes({ create: create('High Risk'), delete: [{ patientBadgeUid: low.id }] });
    assert.equal((await put(save)).status, 200);
    const again = await put(save);
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(await labels(), ['High Risk']);
    assert.equal((await auditMessages()).filter((m) => m?.endsWith('the badge High Risk')).length, 1, 'logged once');

    const elsewhere = await server.db.selectFrom('patient_badge').select(['patient_badge_uid', 'patient_uid']).where('patient_uid', '<>', patient).executeTakeFirstOrThrow();
    assert.equal((await put(changes({ delete: [{ patientBadgeUid: elsewhere.patient_badge_uid }] }))).status, 200);
    assert.ok(await server.db.selectFrom('patient_badge').select('patient_badge_uid').where('patient_badge_uid', '=', elsewhere.patient_badge_uid).executeTakeFirst(), 'still there');
  });

  it('refuses ids that are not ids, unknown badges and a wrong group, with the field', async () => {
    assert.deepEqual(errorsOf(await put('create[0][badge_uid]=x&create[0][badge_group_uid]=y'), 422), [
      { field: 'create.0.badge_uid', message: 'Must be an id' },
      { field: 'create.0.badge_group_uid', message: 'Must be an id' },
    ]);
    assert.deepEqual(errorsOf(await put(changes({ create: [{ badgeUid: crypto.randomUUID(), badgeGroupUid: badge['Low Risk'].badgeGroupUid }] })), 422), [
      { field: 'create.0.badge_uid', message: 'Unknown badge' },
    ]);
    assert.deepEqual(errorsOf(await put(changes({ create: [{ badgeUid: badge['Low Risk'].badgeUid, badgeGroupUid: badge['Fall Risk'].badgeGroupUid }] })), 422), [
      { field: 'create.0.badge_group_uid', message: "Must be the badge's group" },
    ]);
    assert.deepEqual(errorsOf(await put(`create[1][badge_uid]=${badge['Diabetic'].badgeUid}&create[1][badge_group_uid]=${badge['Diabetic'].badgeGroupUid}`), 422), [{ field: 'create.0', message: 'Required' }]);
    assert.deepEqual(await labels(), []);
  });

  it('takes only its form encoding: other keys are a 400, a JSON body a 415', async () => {
    assert.deepEqual(errorsOf(await put('note=hello'), 400), [{ message: 'Unknown field note' }]);
    assert.deepEqual(errorsOf(await put('create[100][badge_uid]=x'), 400), [{ message: 'At most 100 create entries' }]);
    errorsOf(await call(server.url, `/api/patients/${patient}/patient-badges`, { method: 'PUT', token: nav.token, body: { create: [] } }), 415);
  });

  it('401 without a session; 404 for a patient the caller may not see, on both calls', async () => {
    errorsOf(await put(changes({ create: create('Fall Risk') }), { user: null }), 401);
    errorsOf(await call(server.url, `/api/patients/${patient}/patient-badges`), 401);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0]]) {
      assert.deepEqual(errorsOf(await put(changes({ create: create('Fall Risk') }), { patientUid: hidden }), 404), [{ message: 'Patient not found' }]);
      assert.deepEqual(errorsOf(await call(server.url, `/api/patients/${hidden}/patient-badges`, { token: nav.token }), 404), [{ message: 'Patient not found' }]);
    }
    assert.equal((await server.db.selectFrom('patient_badge').select('patient_badge_uid').where('patient_uid', '=', otherDivision).execute()).length, 0);
  });

  it('works with the shell\'s cookie and CSRF token', async () => {
    const answer = await call(server.url, `/api/patients/${patient}/patient-badges`, { method: 'PUT', rawBody: changes({ create: create('Fall Risk') }), headers: FORM, cookie: nav.cookie, csrf: nav.csrf });
    assert.equal(answer.status, 200, answer.text);
  });
});
