import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FILE_NOT_SENT, ROW_NOT_FOUND } from '../../server/admin/reference-lists';
import { FILE_EXECUTABLE } from '../../server/files/upload';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { RESOURCE_LINK_OR_FILE } from '../../shared/schemas/admin-reference';
import { FILE_NOT_ACCEPTED } from '../../shared/schemas/documents';
import { call, errorsOf, fieldErrors, login, type Answer, type LoggedIn } from './support/http';
import { createOtherOrganization } from './support/other-org';

let server: TestServer;
let admin: LoggedIn;
let navigator: LoggedIn;

const pdf = (text: string) => Buffer.concat([Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\n`), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200, 1)]);
const values = (more: Record<string, unknown> = {}) => ({ title: `Winter Shelters ${randomUUID().slice(0, 8)}`, category: 'Housing', resource_target: 'patient', resource_link: '', ...more });

/** The admin form's multipart body: the values as JSON, then the file. */
async function send(user: LoggedIn, method: 'POST' | 'PUT', target: string, body: Record<string, unknown>, file?: { name: string; bytes: Buffer }, key = randomUUID()): Promise<Answer> {
  const form = new FormData();
  form.append('values', JSON.stringify(body));
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const response = await fetch(`${server.url}/api/admin/reference/resources${target}`, { method, headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': key }, body: form });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, text };
}

/** The bytes a navigator gets for a library resource through `get-s3-link`. */
async function download(link: string): Promise<Buffer> {
  const answer = await call(server.url, `/api/get-s3-link?link=${encodeURIComponent(link)}`, { token: navigator.token });
  assert.equal(answer.status, 200, answer.text);
  return Buffer.from(await (await fetch(answer.body.data.link)).arrayBuffer());
}

const stored = (id: string) => server.db.selectFrom('reference_resource').selectAll().where('resource_uid', '=', id).executeTakeFirstOrThrow();
const onDisk = (key: string) =>
  fs.stat(path.join(server.dataDir, 'files', key)).then(
    () => true,
    () => false,
  );
const countTemporaryFiles = async () => (await fs.readdir(path.join(server.dataDir, 'files', 'tmp'))).length;
/**
 * The temporary files left behind. An upload's staged file is removed just
 * after the answer is sent (recordUpload's finally, once onceOnly has
 * replied), so on a busy machine the next request can arrive first: wait up
 * to a second for that clean-up before counting.
 */
async function temporaryFiles(): Promise<number> {
  for (let tries = 0; tries < 50 && (await countTemporaryFiles()) > 0; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
  return countTemporaryFiles();
}

before(async () => {
  server = await startTestServer();
  [admin, navigator] = await Promise.all([login(server.url, 'admin'), login(server.url, 'navigator')]);
});
after(async () => {
  await server?.stop();
});

describe('file resources in the admin reference list', () => {
  it('an uploaded PDF becomes a File resource the library serves; a retry with the same key adds it once', async () => {
    const body = values();
    const key = randomUUID();
    const created = await send(admin, 'POST', '', body, { name: 'winter shelters.pdf', bytes: pdf('one') }, key);
    assert.equal(created.status, 201, created.text);
    const row = created.body.data.attributes;
    assert.equal(row.values.file_name, 'winter shelters.pdf');
    assert.equal(row.values.resource_link, null, "a file resource's link (its key) is not shown");
    const saved = await stored(row.id);
    assert.equal(saved.resource_type, 'File');
    assert.equal(saved.content_type, 'application/pdf');
    assert.equal(saved.file_size, pdf('one').length);
    assert.deepEqual(await download(saved.resource_link), pdf('one'));

    const again = await send(admin, 'POST', '', body, { name: 'winter shelters.pdf', bytes: pdf('one') }, key);
    assert.equal(again.status, 201, again.text);
    assert.equal(again.body.data.attributes.id, row.id);
    assert.equal((await server.db.selectFrom('reference_resource').select('resource_uid').where('title', '=', body.title).execute()).length, 1);

    const library = (await call(server.url, '/api/data/reference/reference-resource?all-data=1', { token: navigator.token })).body.data.map((r: any) => r.attributes);
    assert.equal(library.find((r: any) => r.title === body.title)?.file_name, 'winter shelters.pdf');
    assert.equal(await temporaryFiles(), 0);
  });

  it('a new file replaces the old one, which leaves the disk; a title change keeps the file', async () => {
    const created = await send(admin, 'POST', '', values(), { name: 'first.pdf', bytes: pdf('first') });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.attributes.id;
    const first = (await stored(id)).resource_link;

    const renamed = await call(server.url, `/api/admin/reference/resources/${id}`, { method: 'PUT', token: admin.token, body: { ...values({ title: 'Renamed Handout' }), file_name: 'first.pdf' } });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await stored(id)).resource_link, first);

    const replaced = await send(admin, 'PUT', `/${id}`, values({ title: 'Renamed Handout' }), { name: 'second.pdf', bytes: pdf('second') });
    assert.equal(replaced.status, 200, replaced.text);
    const now = await stored(id);
    assert.equal(now.file_name, 'second.pdf');
    assert.deepEqual(await download(now.resource_link), pdf('second'));
    assert.equal(await onDisk(first), false, 'the replaced file is removed once nothing names it');

    const audit = (await call(server.url, '/api/data/public/admin-audit?action=UpdatedReferenceValue&sort=-created_at&page-size=5', { token: admin.token })).body.data[0].attributes;
    assert.deepEqual([JSON.parse(audit.before_json).fileName, JSON.parse(audit.after_json).fileName], ['first.pdf', 'second.pdf']);
  });

  it('a link resource becomes a file resource when a file is sent for it', async () => {
    const link = await call(server.url, '/api/admin/reference/resources', { token: admin.token, headers: { 'idempotency-key': randomUUID() }, body: values({ resource_link: 'https://shelters.example/list' }) });
    assert.equal(link.status, 201, link.text);
    const id = link.body.data.attributes.id;
    const turned = await send(admin, 'PUT', `/${id}`, values(), { name: 'list.pdf', bytes: pdf('list') });
    assert.equal(turned.status, 200, turned.text);
    assert.equal((await stored(id)).resource_type, 'File');
  });

  it('refuses a link and a file together, neither, an executable, a name that belies the content, and a file named but not sent; nothing is stored', async () => {
    const count = async () => (await server.db.selectFrom('reference_resource').select('resource_uid').execute()).length;
    const before = await count();
    assert.deepEqual(fieldErrors(await send(admin, 'POST', '', values({ resource_link: 'https://a.example' }), { name: 'a.pdf', bytes: pdf('a') })), { resource_link: RESOURCE_LINK_OR_FILE });
    assert.deepEqual(fieldErrors(await send(admin, 'POST', '', values())), { resource_link: 'Required' });
    assert.deepEqual(errorsOf(await send(admin, 'POST', '', values(), { name: 'setup.pdf', bytes: ELF }), 415), [{ field: 'file_name', message: FILE_EXECUTABLE }]);
    assert.deepEqual(errorsOf(await send(admin, 'POST', '', values(), { name: 'notes.xyz', bytes: Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 9]) }), 415), [{ field: 'file_name', message: FILE_NOT_ACCEPTED }]);
    assert.match(errorsOf(await send(admin, 'POST', '', values(), { name: 'a.png', bytes: pdf('a') }), 415)[0].message, /is a PDF but its name ends in \.png/);
    assert.deepEqual(fieldErrors(await call(server.url, '/api/admin/reference/resources', { token: admin.token, headers: { 'idempotency-key': randomUUID() }, body: values({ file_name: 'ghost.pdf' }) })), { file_name: FILE_NOT_SENT });
    assert.equal((await send(admin, 'POST', '', { ...values(), title: 'x'.repeat(5000) }, { name: 'a.pdf', bytes: pdf('a') })).status, 422);
    assert.equal(await count(), before);
    assert.equal(await temporaryFiles(), 0);
  });

  it('signed out 401, a navigator 403, another organisation\'s resource 404; no file is kept', async () => {
    const files = async () => (await fs.readdir(path.join(server.dataDir, 'files'))).length;
    const before = await files();
    const form = new FormData();
    form.append('values', JSON.stringify(values()));
    form.append('file', new Blob([new Uint8Array(pdf('anonymous'))]), 'a.pdf');
    assert.equal((await fetch(`${server.url}/api/admin/reference/resources`, { method: 'POST', headers: { 'idempotency-key': randomUUID() }, body: form })).status, 401);
    assert.deepEqual(errorsOf(await send(navigator, 'POST', '', values(), { name: 'n.pdf', bytes: pdf('navigator') }), 403), [{ message: 'You do not have access to this resource' }]);
    const other = await createOtherOrganization(server.db);
    const theirs = await server.db
      .insertInto('reference_resource')
      .values({ title: 'Their Handout', category: 'Housing', resource_link: 'https://elsewhere.example', resource_target: 'patient', org_uid: other.orgUid })
      .returning('resource_uid')
      .executeTakeFirstOrThrow();
    assert.deepEqual(errorsOf(await send(admin, 'PUT', `/${theirs.resource_uid}`, values(), { name: 'mine.pdf', bytes: pdf('not theirs') }), 404), [{ message: ROW_NOT_FOUND }]);
    assert.equal((await stored(theirs.resource_uid)).resource_type, 'Link');
    assert.equal(await files(), before);
    assert.equal(await temporaryFiles(), 0);
  });
});
