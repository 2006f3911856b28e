import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HANDOUTS } from '../../server/db/reference-lists/resource-handouts';
import { RESOURCE_LIBRARY } from '../../server/db/reference-lists/resource-library';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { ALREADY_ADDED } from '../../shared/schemas/resources';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { call, demoFacts, fieldErrors, login, type DemoFacts, type LoggedIn, patientWithout } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let cit: LoggedIn;
let identity: LoggedIn;
let patient: string;
let otherDivision: string;
let crisisLine: string;
let snap: string;
let clinicianOnly: string;

const payload = (attributes: Record<string, unknown>) => ({ data: { type: 'patient-resources', attributes } });
const post = (user: LoggedIn | null, body: unknown, key: string | null = randomUUID()) =>
  call(server.url, '/api/patient-resources', { body, ...(user && { token: user.token }), headers: key ? { 'idempotency-key': key } : {} });
const remove = (user: LoggedIn | null, id: string) => call(server.url, `/api/patient-resources/${id}`, { method: 'DELETE', ...(user && { token: user.token }) });
const list = (user: LoggedIn, patientUid: string) => call(server.url, `/api/data/public/patient-resource?patient_uid=${patientUid}`, { token: user.token });
const library = (user: LoggedIn, query: string) => call(server.url, `/api/data/reference/reference-resource?all-data=1&${query}`, { token: user.token });

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, cit, identity] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'cit'), login(server.url, 'identity')]);
  // One without the demo's resources, so its list holds only what the tests add.
  patient = await patientWithout(server.db, facts, 'patient_resource');
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
  const uid = async (title: string) => (await server.db.selectFrom('reference_resource').select('resource_uid').where('title', 'like', `${title}%`).executeTakeFirstOrThrow()).resource_uid;
  [crisisLine, snap, clinicianOnly] = await Promise.all([uid('988 Suicide'), uid('SNAP'), uid('Child Welfare Information Gateway')]);
});
after(async () => {
  await server?.stop();
});

describe('resource library', () => {
  it('is seeded by the migration with every link of the data module, each a real https address, and by the demo with its handout files', async () => {
    const rows = await server.db.selectFrom('reference_resource').select(['title', 'category', 'resource_type', 'resource_link', 'resource_target', 'file_name', 'file_size']).execute();
    assert.ok(rows.length >= 20, `${rows.length} resources`);
    const links = rows.filter((r) => r.resource_type === 'Link');
    assert.equal(links.length, RESOURCE_LIBRARY.length);
    for (const r of links) assert.match(r.resource_link, /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//, r.title);
    const files = rows.filter((r) => r.resource_type === 'File');
    assert.deepEqual(files.map((r) => r.title).sort(), HANDOUTS.map((h) => h.title).sort());
    for (const r of files) {
      // Stored like an upload: under its content hash, whole, nothing left in the temporary folder.
      const bytes = await fs.readFile(path.join(server.dataDir, 'files', r.resource_link));
      assert.equal(createHash('sha256').update(bytes).digest('hex'), r.resource_link, r.title);
      assert.equal(bytes.length, r.file_size);
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    }
    assert.deepEqual(await fs.readdir(path.join(server.dataDir, 'files', 'tmp')), []);
    const categories = new Set(rows.map((r) => r.category));
    for (const c of ['Crisis and Safety', 'Food and Nutrition', 'Health Coverage', 'Housing and Utilities', 'Foster Care']) assert.ok(categories.has(c), c);
  });

  it('lists the active resources for one audience, by category then the library order, with the spec fields', async () => {
    const answer = await library(nav, 'resource_target=clinician');
    assert.equal(answer.status, 200, answer.text);
    const rows = answer.body.data.map((r: { attributes: Record<string, unknown> }) => r.attributes);
    assert.ok(rows.length > 0);
    assert.ok(rows.every((r: { resource_target: string }) => r.resource_target === 'clinician'));
    assert.deepEqual(Object.keys(rows[0]).sort(), ['category', 'file_name', 'file_size', 'resource_link', 'resource_target', 'resource_type', 'resource_uid', 'sort_order', 'title']);
    const order = rows.map((r: { category: string; sort_order: number }) => [r.category, r.sort_order]);
    assert.deepEqual(order, [...order].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])));
    const titles = async (sort: string) => (await library(nav, `resource_target=patient&sort=${sort}`)).body.data.map((r: { attributes: { title: string } }) => r.attributes.title);
    const [up, down] = await Promise.all([titles('title'), titles('-title')]);
    assert.ok(up.some((t: string) => t.startsWith('SNAP')));
    assert.deepEqual(down, [...up].reverse(), 'sorted by the title either way');

    await server.db.updateTable('reference_resource').set({ is_active: false }).where('resource_uid', '=', snap).execute();
    try {
      assert.ok(!(await library(nav, 'resource_target=patient')).body.data.some((r: { id: string }) => r.id === snap), 'an inactive resource is not listed');
    } finally {
      await server.db.updateTable('reference_resource').set({ is_active: true }).where('resource_uid', '=', snap).execute();
    }
  });

  it('refuses an unknown filter or sort column with a 400, and needs a session', async () => {
    assert.equal((await library(nav, 'sort=password')).status, 400);
    assert.equal((await library(nav, 'is_active=false')).status, 400, 'inactive rows cannot be asked for');
    assert.equal((await call(server.url, '/api/data/reference/reference-resource')).status, 401);
  });
});

describe('patient resources', () => {
  it('adds a library resource to the patient, lists it with the library fields and records the change', async () => {
    const answer = await post(nav, payload({ patient_uid: patient, resource_uid: crisisLine }));
    assert.equal(answer.status, 201, answer.text);
    const added = answer.body.data.attributes;
    assert.equal(added.resource_uid, crisisLine);
    assert.equal(added.title, '988 Suicide & Crisis Lifeline (call or text 988)');
    assert.equal(added.category, 'Crisis and Safety');
    assert.equal(added.resource_type, 'Link');
    assert.equal(added.resource_link, 'https://988lifeline.org/');
    assert.equal(added.added_by_last_name, 'Navigator');
    const rows = (await list(nav, patient)).body.data;
    assert.deepEqual(rows.map((r: { id: string }) => r.id), [answer.body.data.id]);
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message', 'target_uid']).where('patient_uid', '=', patient).where('action', '=', 'AddedResource').execute();
    assert.deepEqual(audit, [{ action: 'AddedResource', message: 'Nora Navigator added the resource 988 Suicide & Crisis Lifeline (call or text 988)', target_uid: answer.body.data.id }]);
  });

  it('adding the same resource twice is refused on the field, and a double click stores one row', async () => {
    assert.deepEqual(fieldErrors(await post(nav, payload({ patient_uid: patient, resource_uid: crisisLine }))), { 'data.attributes.resource_uid': ALREADY_ADDED });
    const key = randomUUID();
    const body = payload({ patient_uid: patient, resource_uid: snap });
    const answers = await Promise.all([post(nav, body, key), post(nav, body, key), post(nav, body, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201, 201]);
    assert.equal(new Set(answers.map((a) => a.body.data.id)).size, 1);
    // Two different submissions at once (two tabs): one is stored, the other told it is already there.
    const wic = (await server.db.selectFrom('reference_resource').select('resource_uid').where('title', 'like', 'WIC%').executeTakeFirstOrThrow()).resource_uid;
    const racing = await Promise.all([post(nav, payload({ patient_uid: patient, resource_uid: wic })), post(nav, payload({ patient_uid: patient, resource_uid: wic }))]);
    assert.deepEqual(racing.map((a) => a.status).sort(), [201, 422]);
    const stored = await server.db.selectFrom('patient_resource').select('resource_uid').where('patient_uid', '=', patient).execute();
    assert.equal(stored.length, 3);
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const before = (await list(nav, patient)).body.meta.total;
    assert.deepEqual(fieldErrors(await post(nav, payload({}))), { 'data.attributes.patient_uid': 'Required', 'data.attributes.resource_uid': 'Required' });
    assert.deepEqual(fieldErrors(await post(nav, payload({ patient_uid: 'nobody', resource_uid: 42 }))), { 'data.attributes.patient_uid': 'Must be an id', 'data.attributes.resource_uid': 'Must be an id' });
    assert.deepEqual(fieldErrors(await post(nav, payload({ patient_uid: patient, resource_uid: randomUUID() }))), { 'data.attributes.resource_uid': NOT_LISTED });
    assert.deepEqual(fieldErrors(await post(nav, payload({ patient_uid: patient, resource_uid: clinicianOnly }))), { 'data.attributes.resource_uid': NOT_LISTED }, 'a clinician resource is not handed to a patient');
    const wrongType = await post(nav, { data: { type: 'notes', attributes: { patient_uid: patient, resource_uid: crisisLine } } });
    assert.equal(wrongType.status, 422);
    assert.equal((await post(nav, payload({ patient_uid: patient, resource_uid: crisisLine }), null)).status, 400, 'an Idempotency-Key is required');
    assert.equal((await call(server.url, '/api/patient-resources', { token: nav.token, body: [1], headers: { 'idempotency-key': randomUUID() } })).status, 400);
    assert.equal((await list(nav, patient)).body.meta.total, before);
  });

  it('removes a resource from the patient after which it is gone and logged; only once', async () => {
    const id = (await post(nav, payload({ patient_uid: patient, resource_uid: (await server.db.selectFrom('reference_resource').select('resource_uid').where('title', 'like', 'Medicaid').executeTakeFirstOrThrow()).resource_uid }))).body.data.id;
    assert.equal((await remove(nav, id)).status, 204);
    assert.ok(!(await list(nav, patient)).body.data.some((r: { id: string }) => r.id === id));
    assert.equal((await remove(nav, id)).status, 404, 'only once');
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('target_uid', '=', id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { action: 'AddedResource', message: 'Nora Navigator added the resource Medicaid' },
      { action: 'RemovedResource', message: 'Nora Navigator removed the resource Medicaid' },
    ]);
  });

  it('refusals: no session 401, CIT 403, a patient or row the caller may not see 404 with one answer', async () => {
    assert.equal((await post(null, payload({ patient_uid: patient, resource_uid: crisisLine }))).status, 401);
    assert.equal((await post(cit, payload({ patient_uid: patient, resource_uid: crisisLine }))).status, 403);
    assert.equal((await list(cit, patient)).status, 403);
    assert.equal((await remove(cit, randomUUID())).status, 403);
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0], '00000000-0000-4000-8000-000000000000']) {
      const answer = await post(nav, payload({ patient_uid: hidden, resource_uid: crisisLine }));
      assert.equal(answer.status, 404, hidden);
      assert.deepEqual(answer.body.errors, [{ message: 'Patient not found' }]);
      assert.equal((await list(nav, hidden)).status, 404, hidden);
    }
    assert.equal((await call(server.url, '/api/data/public/patient-resource', { token: nav.token })).status, 400, 'the list names its patient');
    // A resource of another division's patient: the same 404 as one that does not exist, and it stays.
    const foreign = (await server.db.insertInto('patient_resource').values({ patient_uid: otherDivision, resource_uid: crisisLine }).returning('patient_resource_uid').executeTakeFirstOrThrow()).patient_resource_uid;
    for (const id of [foreign, randomUUID(), 'not-a-uuid']) {
      const answer = await remove(nav, id);
      assert.equal(answer.status, 404, id);
      assert.deepEqual(answer.body.errors, [{ message: 'Resource not found' }]);
      assert.equal((await call(server.url, `/api/data/public/patient-resource/${id}`, { token: nav.token })).status, 404, id);
    }
    assert.ok(await server.db.selectFrom('patient_resource').select('patient_resource_uid').where('patient_resource_uid', '=', foreign).executeTakeFirst());
  });
});

describe('library files', () => {
  const HANDOUT = 'Handout: 988 Suicide & Crisis Lifeline';
  const signedLink = (user: LoggedIn | null, link: string) => call(server.url, `/api/get-s3-link?link=${encodeURIComponent(link)}`, user ? { token: user.token } : {});
  const handout = async (title: string) => (await library(nav, `resource_target=patient&title=${encodeURIComponent(title)}`)).body.data[0].attributes;

  it('lists a file resource with type File, its stored file key, name and size', async () => {
    const row = await handout(HANDOUT);
    assert.equal(row.resource_type, 'File');
    assert.equal(row.category, 'Crisis and Safety');
    assert.match(row.resource_link, /^[0-9a-f]{64}$/);
    assert.equal(row.file_name, '988-lifeline-handout.pdf');
    assert.ok(row.file_size > 1000, String(row.file_size));
    const clinician = (await library(nav, 'resource_target=clinician')).body.data.map((r: { attributes: { title: string; resource_type: string } }) => r.attributes);
    assert.ok(clinician.some((r: { title: string; resource_type: string }) => r.title === 'Quick Guide: Suicide Safety Planning' && r.resource_type === 'File'));
  });

  it('gives every reader of the library a short-lived signed link that downloads the exact bytes as an attachment', async () => {
    const row = await handout(HANDOUT);
    const stored = await fs.readFile(path.join(server.dataDir, 'files', row.resource_link));
    // The identity mode has no documents and no patient resources, but reads the library.
    for (const user of [nav, identity, cit]) {
      const answer = await signedLink(user, row.resource_link);
      assert.equal(answer.status, 200, answer.text);
      assert.match(answer.body.data.link, /\/api\/files\?token=/);
      const response = await fetch(answer.body.data.link);
      assert.equal(response.status, 200);
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.ok(bytes.equals(stored), 'the exact bytes');
      assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
      assert.equal(response.headers.get('content-type'), 'application/pdf');
      assert.equal(response.headers.get('content-disposition'), `attachment; filename="988-lifeline-handout.pdf"; filename*=UTF-8''988-lifeline-handout.pdf`);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  it('a file resource on a patient\'s list opens from there, even once the library no longer lists it; only for who sees the patient', async () => {
    // Not one the demo handed to a patient, so this list is the only one holding it.
    const row = await handout(HANDOUT);
    const added = await post(nav, payload({ patient_uid: patient, resource_uid: row.resource_uid }));
    assert.equal(added.status, 201, added.text);
    assert.equal(added.body.data.attributes.resource_type, 'File');
    assert.equal(added.body.data.attributes.file_name, '988-lifeline-handout.pdf');
    const listed = (await list(nav, patient)).body.data.find((r: { id: string }) => r.id === added.body.data.id).attributes;
    assert.deepEqual([listed.resource_type, listed.resource_link, listed.file_size], ['File', row.resource_link, row.file_size]);

    await server.db.updateTable('reference_resource').set({ is_active: false }).where('resource_uid', '=', row.resource_uid).execute();
    try {
      assert.equal((await signedLink(nav, row.resource_link)).status, 200, 'through the patient it was handed to');
      for (const user of [identity, cit]) assert.equal((await signedLink(user, row.resource_link)).status, 404, 'no longer in the library, and not their patient list');
      assert.equal((await remove(nav, added.body.data.id)).status, 204);
      assert.equal((await signedLink(nav, row.resource_link)).status, 404, 'on no visible list any more');
    } finally {
      await server.db.updateTable('reference_resource').set({ is_active: true }).where('resource_uid', '=', row.resource_uid).execute();
    }
  });

  it('refusals: unknown link 404 for everyone, no session 401, a document file 404 for a mode without documents', async () => {
    for (const user of [nav, identity]) {
      for (const link of ['a'.repeat(64), 'https://988lifeline.org/', '']) assert.deepEqual((await signedLink(user, link)).body.errors, [{ message: 'Document not found' }], link);
      assert.equal((await signedLink(user, 'b'.repeat(64))).status, 404);
    }
    assert.equal((await signedLink(null, (await handout(HANDOUT)).resource_link)).status, 401);
    const document = await server.db
      .insertInto('patient_attachment')
      .values({ patient_uid: patient, doc_type: 'PDF', attachment_type: 'file', attachment_title: 'Plan', attachment_link: 'c'.repeat(64), file_name: 'plan.pdf', content_type: 'application/pdf', file_size: 10 })
      .returning('attachment_uid')
      .executeTakeFirstOrThrow();
    try {
      assert.equal((await signedLink(nav, 'c'.repeat(64))).status, 200);
      assert.equal((await signedLink(identity, 'c'.repeat(64))).status, 404);
      assert.equal((await signedLink(cit, 'c'.repeat(64))).status, 404);
    } finally {
      await server.db.deleteFrom('patient_attachment').where('attachment_uid', '=', document.attachment_uid).execute();
    }
  });

  it('a patient document with the same content as a library file does not take the library\'s file with it when deleted', async () => {
    const row = await handout(HANDOUT);
    const stored = await fs.readFile(path.join(server.dataDir, 'files', row.resource_link));
    const form = new FormData();
    for (const [name, value] of Object.entries({ patient_uid: patient, doc_type: 'PDF', title: 'Crisis lines' })) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(stored)]), 'crisis lines.pdf');
    const uploaded = await fetch(`${server.url}/api/attachments`, { method: 'POST', headers: { authorization: `Bearer ${nav.token}`, 'idempotency-key': randomUUID() }, body: form });
    assert.equal(uploaded.status, 201);
    const id = ((await uploaded.json()) as { data: { id: string; attributes: { attachment_link: string } } }).data;
    assert.equal(id.attributes.attachment_link, row.resource_link, 'the same content is stored once');
    assert.equal((await call(server.url, `/api/attachments/${id.id}`, { method: 'DELETE', token: nav.token })).status, 204);
    assert.ok((await fs.readFile(path.join(server.dataDir, 'files', row.resource_link))).equals(stored), 'still stored for the library');
    assert.equal((await signedLink(identity, row.resource_link)).status, 200);
  });
});
