import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { withClock } from './support/clock';
import { call, demoFacts, errorsOf, fieldErrors, login, type Answer, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let identity: LoggedIn;
let patient: string;
let otherDivision: string;

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), Buffer.alloc(3000, 0x20), Buffer.from([0x00, 0xff, 0x10]), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-and-some-pixels'), Buffer.alloc(500, 7)]);

interface Fields {
  patient_uid?: string;
  doc_type?: string;
  title?: string;
  description?: string;
  link?: string;
}

/** A multipart upload as the form sends it: the fields, then the file. */
async function upload(user: LoggedIn | null, fields: Fields, file?: { name: string; bytes: Buffer }, key: string | null = randomUUID()): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const headers: Record<string, string> = {};
  if (user) headers.authorization = `Bearer ${user.token}`;
  if (key) headers['idempotency-key'] = key;
  const response = await fetch(`${server.url}/api/attachments`, { method: 'POST', headers, body: form });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null, text };
}

const pdfFields = (title = 'Discharge summary'): Fields => ({ patient_uid: patient, doc_type: 'PDF', title, description: 'From the hospital' });
const documentCount = async () => (await server.db.selectFrom('patient_attachment').select('attachment_uid').execute()).length;
/** The files the demo caseload's documents hold (read once the server started). */
let seededFiles: Set<string>;
/** Stored files (besides the library's and the demo's) and temporary files under DATA_DIR/files. */
async function storedFiles(): Promise<{ files: string[]; temporary: string[] }> {
  const dir = path.join(server.dataDir, 'files');
  // The library's seeded handouts (migration 033) and the demo caseload's documents are stored files too; these tests count their own documents'.
  const library = new Set((await server.db.selectFrom('reference_resource').select('resource_link').where('resource_type', '=', 'File').execute()).map((r) => r.resource_link));
  const files = (await fs.readdir(dir)).filter((f) => f !== 'tmp' && !library.has(f) && !seededFiles.has(f));
  return { files, temporary: await fs.readdir(path.join(dir, 'tmp')) };
}

/** Polls `condition` until it holds; past `ms` the test fails with `what`. */
async function until(condition: () => Promise<boolean>, what: string, ms = 5000): Promise<void> {
  for (const stop = Date.now() + ms; !(await condition()); await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (Date.now() > stop) assert.fail(`${what}: not within ${ms} ms`);
  }
}

/** Downloads through the spec's `get-s3-link` and the signed link it gives. */
async function download(user: LoggedIn, link: string) {
  const answer = await call(server.url, `/api/get-s3-link?link=${encodeURIComponent(link)}`, { token: user.token });
  assert.equal(answer.status, 200, answer.text);
  const response = await fetch(answer.body.data.link);
  return { response, bytes: Buffer.from(await response.arrayBuffer()), signed: answer.body.data.link as string };
}

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, identity] = await Promise.all([login(server.url, 'navigator'), login(server.url, 'identity')]);
  seededFiles = new Set((await server.db.selectFrom('patient_attachment').select('attachment_link').where('attachment_type', '=', 'file').execute()).map((r) => r.attachment_link));
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patient = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[0]).where('patient_uid', 'not in', hidden).orderBy('first_name').executeTakeFirstOrThrow()).patient_uid;
  otherDivision = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
});
after(async () => {
  await server?.stop();
});

describe('documents', () => {
  it('uploads a PDF, lists it, downloads it byte-identical as an attachment, deletes it, and logs both', async () => {
    const created = await upload(nav, pdfFields(), { name: 'discharge summary.pdf', bytes: PDF });
    assert.equal(created.status, 201, created.text);
    const document = created.body.data;
    assert.equal(document.attributes.doc_type, 'PDF');
    assert.equal(document.attributes.attachment_type, 'file');
    assert.equal(document.attributes.file_name, 'discharge summary.pdf');
    assert.equal(document.attributes.content_type, 'application/pdf');
    assert.equal(document.attributes.file_size, PDF.length);
    assert.equal(document.attributes.author_last_name, 'Navigator');

    const list = await call(server.url, `/api/data/public/patient-attachment?patient_uid=${patient}`, { token: nav.token });
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.data[0].id, document.id);
    assert.equal(list.body.data[0].attributes.attachment_title, 'Discharge summary');
    assert.deepEqual((await call(server.url, `/api/attachments/${document.id}`, { token: nav.token })).body.data.attributes, document.attributes);

    const { response, bytes, signed } = await download(nav, document.attributes.attachment_link);
    assert.equal(response.status, 200);
    assert.ok(bytes.equals(PDF), 'byte-identical');
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.equal(response.headers.get('content-disposition'), `attachment; filename="discharge summary.pdf"; filename*=UTF-8''discharge%20summary.pdf`);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('cache-control'), 'private, no-store');
    // The link is the credential: no session needed, and a tampered one opens nothing.
    const [base, token] = signed.split('?token=');
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), x: Math.floor(Date.now() / 1000) + 86400 })).toString('base64url');
    assert.deepEqual(errorsOf(await call(server.url, `/api/files?token=${forged}.${signature}`), 403), [{ message: 'This download link has expired or is not valid. Ask for a new one.' }]);
    assert.ok(base.endsWith('/api/files'));

    assert.equal((await call(server.url, `/api/attachments/${document.id}`, { method: 'DELETE', token: nav.token })).status, 204);
    assert.equal((await call(server.url, `/api/attachments/${document.id}`, { token: nav.token })).status, 404);
    assert.deepEqual((await storedFiles()).files, [], 'the last document of a file takes the file with it');
    errorsOf(await call(server.url, signed.slice(signed.indexOf('/api/'))), 404);
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('target_uid', '=', document.id).orderBy('created_at').execute();
    assert.deepEqual(audit, [
      { action: 'AddedDocument', message: 'Nora Navigator added a document' },
      { action: 'DeletedDocument', message: 'Nora Navigator deleted a document' },
    ]);
  });

  it('a download link opens the file for 5 minutes and is refused after', async () => {
    const created = await upload(nav, pdfFields('Lab results'), { name: 'labs.pdf', bytes: PDF });
    assert.equal(created.status, 201, created.text);
    const link = created.body.data.attributes.attachment_link;
    const { signed } = await download(nav, link);
    const path = signed.slice(signed.indexOf('/api/'));
    await withClock(async (move) => {
      // 5 minutes, written out: a link that lived longer fails the refusal below.
      move(5 * 60_000 - 5000);
      assert.equal((await call(server.url, path)).status, 200, 'just before its 5 minutes');
      move(10_000);
      assert.deepEqual(errorsOf(await call(server.url, path), 403), [{ message: 'This download link has expired or is not valid. Ask for a new one.' }]);
      // A new link from the record opens it again.
      assert.ok((await download(nav, link)).bytes.equals(PDF));
    });
    assert.equal((await call(server.url, `/api/attachments/${created.body.data.id}`, { method: 'DELETE', token: nav.token })).status, 204);
  });

  it('adds a link as JSON or multipart; text, JSON, images and safe SVG are accepted by their content', async () => {
    const json = await call(server.url, '/api/attachments', {
      token: nav.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { data: { type: 'attachments', attributes: { patient_uid: patient, doc_type: 'Link', title: 'School plan', link: 'https://schools.example/plan' } } },
    });
    assert.equal(json.status, 201, json.text);
    assert.equal(json.body.data.attributes.attachment_type, 'link');
    assert.equal(json.body.data.attributes.attachment_link, 'https://schools.example/plan');
    const form = await upload(nav, { patient_uid: patient, doc_type: 'Link', title: 'Court portal', link: 'http://court.example/case' });
    assert.equal(form.status, 201, form.text);
    // A link is not a stored file: there is nothing to sign.
    assert.equal((await call(server.url, `/api/get-s3-link?link=${encodeURIComponent('http://court.example/case')}`, { token: nav.token })).status, 404);

    const accepted: [string, string, Buffer, string][] = [
      ['Text', 'visit.txt', Buffer.from('Visited on Tuesday.\nAll well — café.\n'), 'text/plain; charset=utf-8'],
      ['Text', 'labs.json', Buffer.from('{"hb": 12.1}\n'), 'application/json'],
      ['Image', 'photo.png', PNG, 'image/png'],
      ['Image', 'chart.svg', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>'), 'image/svg+xml'],
    ];
    for (const [docType, name, bytes, type] of accepted) {
      const answer = await upload(nav, { patient_uid: patient, doc_type: docType, title: name }, { name, bytes });
      assert.equal(answer.status, 201, `${name}: ${answer.text}`);
      assert.equal(answer.body.data.attributes.content_type, type, name);
      const back = await download(nav, answer.body.data.attributes.attachment_link);
      assert.ok(back.bytes.equals(bytes), name);
      assert.equal(back.response.headers.get('content-type'), type, name);
    }
  });

  it('refuses each invalid field with its message and stores nothing', async () => {
    const before = { count: await documentCount(), files: (await storedFiles()).files };
    assert.deepEqual(fieldErrors(await upload(nav, { patient_uid: patient, doc_type: '', title: '' })), {
      'data.attributes.doc_type': 'Required',
      'data.attributes.title': 'Required',
    });
    assert.deepEqual(fieldErrors(await upload(nav, { patient_uid: patient, doc_type: 'Video', title: 'x' })), { 'data.attributes.doc_type': 'Must be one of the listed options' });
    assert.deepEqual(fieldErrors(await upload(nav, { ...pdfFields('x'.repeat(151)), description: 'y'.repeat(256) }, { name: 'a.pdf', bytes: PDF })), {
      'data.attributes.title': 'Must be at most 150 characters',
      'data.attributes.description': 'Must be at most 255 characters',
    });
    assert.deepEqual(fieldErrors(await upload(nav, { patient_uid: patient, doc_type: 'Link', title: 'Portal' })), { 'data.attributes.link': 'Required' });
    for (const link of ['not a url', 'ftp://files.example/a', 'javascript:alert(1)']) {
      assert.deepEqual(fieldErrors(await upload(nav, { patient_uid: patient, doc_type: 'Link', title: 'Portal', link })), { 'data.attributes.link': 'Must be a valid http or https URL' }, link);
    }
    assert.deepEqual(fieldErrors(await upload(nav, pdfFields())), { 'data.attributes.file_name': 'Required' });
    assert.deepEqual(fieldErrors(await upload(nav, pdfFields(), { name: 'setup.exe', bytes: PDF })), { 'data.attributes.file_name': 'Only JSON, PDF, image or text files are accepted' });
    assert.deepEqual(fieldErrors(await upload(nav, pdfFields(), { name: 'photo.png', bytes: PNG })), { 'data.attributes.file_name': 'A PDF document must be a .pdf file' });
    assert.deepEqual(fieldErrors(await upload(nav, { patient_uid: '', doc_type: 'Link', title: 'a', link: 'https://a.example' })), { 'data.attributes.patient_uid': 'Required' });
    assert.equal((await upload(nav, pdfFields(), { name: 'a.pdf', bytes: PDF }, null)).status, 400, 'an Idempotency-Key is required');
    assert.equal(await documentCount(), before.count);
    // Against the snapshot taken before the uploads: a file left behind by a refused upload shows here.
    assert.deepEqual(await storedFiles(), { files: before.files, temporary: [] });
  });

  it('decides the type by the bytes: a renamed file, an executable, a scripted SVG, an empty or 21 MB file is a clear 4xx and nothing is stored', async () => {
    const before = { count: await documentCount(), files: (await storedFiles()).files };
    const refused: [Fields, { name: string; bytes: Buffer }, number, string][] = [
      [{ patient_uid: patient, doc_type: 'Image', title: 'Scan' }, { name: 'scan.png', bytes: PDF }, 415, 'This file is a PDF but its name ends in .png'],
      [pdfFields(), { name: 'scan.pdf', bytes: PNG }, 415, 'This file is a PNG image but its name ends in .pdf'],
      [{ patient_uid: patient, doc_type: 'Text', title: 'Notes' }, { name: 'notes.txt', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]) }, 415, 'Executable files are not accepted'],
      [{ patient_uid: patient, doc_type: 'Text', title: 'Run' }, { name: 'run.txt', bytes: Buffer.from('#!/bin/sh\nrm -rf /\n') }, 415, 'Executable files are not accepted'],
      [{ patient_uid: patient, doc_type: 'Image', title: 'Logo' }, { name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }, 415, 'SVG images with scripts are not accepted'],
      [{ patient_uid: patient, doc_type: 'Image', title: 'Logo' }, { name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)"/></svg>') }, 415, 'SVG images with scripts are not accepted'],
      [{ patient_uid: patient, doc_type: 'Text', title: 'Blob' }, { name: 'blob.txt', bytes: Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xfd]) }, 415, 'Only JSON, PDF, image or text files are accepted'],
      [pdfFields(), { name: 'empty.pdf', bytes: Buffer.alloc(0) }, 422, 'The file is empty'],
      [pdfFields(), { name: 'huge.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(21 * 1024 * 1024, 0x20)]) }, 413, 'The file must be at most 20 MB'],
    ];
    for (const [fields, file, status, message] of refused) {
      const answer = await upload(nav, fields, file);
      assert.deepEqual(errorsOf(answer, status), [{ field: 'data.attributes.file_name', message }], file.name);
    }
    assert.equal(await documentCount(), before.count);
    assert.deepEqual(await storedFiles(), { files: before.files, temporary: [] });
  });

  it('an upload cut off mid-body leaves no row and no file, temporary or not', async () => {
    const before = { count: await documentCount(), files: (await storedFiles()).files };
    const boundary = 'careweave-cut-off';
    const head = Buffer.from(
      [
        ...Object.entries(pdfFields('Cut off')).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ].join(''),
    );
    const url = new URL(`${server.url}/api/attachments`);
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { authorization: `Bearer ${nav.token}`, 'idempotency-key': randomUUID(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + 2_000_000) },
    });
    request.on('error', () => {});
    request.write(head);
    request.write(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500_000, 0x20)]));
    // The server has taken the file and is streaming it to a temporary file when the connection drops.
    await until(async () => (await storedFiles()).temporary.length > 0, 'the upload written to a temporary file');
    request.socket?.destroy();
    request.destroy();
    // The server notices the dropped connection and cleans up.
    await until(async () => (await storedFiles()).temporary.length === 0, 'the temporary file removed after the connection dropped');
    assert.deepEqual(await storedFiles(), { files: before.files, temporary: [] });
    assert.equal(await documentCount(), before.count);
  });

  it('the same Idempotency-Key stores one document', async () => {
    const key = randomUUID();
    const answers = await Promise.all([upload(nav, pdfFields('Twice'), { name: 'twice.pdf', bytes: PDF }, key), upload(nav, pdfFields('Twice'), { name: 'twice.pdf', bytes: PDF }, key)]);
    assert.deepEqual(answers.map((a) => a.status), [201, 201]);
    assert.equal((await server.db.selectFrom('patient_attachment').select('attachment_uid').where('attachment_title', '=', 'Twice').execute()).length, 1);
    assert.deepEqual((await storedFiles()).temporary, []);
  });

  it('one content stored once: deleting one of two documents keeps the file for the other', async () => {
    const bytes = Buffer.concat([PDF, Buffer.from('copy')]);
    const first = (await upload(nav, pdfFields('Copy one'), { name: 'one.pdf', bytes })).body.data;
    const second = (await upload(nav, pdfFields('Copy two'), { name: 'two.pdf', bytes })).body.data;
    assert.equal(first.attributes.attachment_link, second.attributes.attachment_link);
    assert.equal((await call(server.url, `/api/attachments/${first.id}`, { method: 'DELETE', token: nav.token })).status, 204);
    assert.ok((await download(nav, second.attributes.attachment_link)).bytes.equals(bytes));
  });

  it('refusals: no session 401, a mode without documents 403 (404 for a file link), an invisible patient or document 404 with one answer', async () => {
    assert.equal((await upload(null, pdfFields(), { name: 'a.pdf', bytes: PDF })).status, 401);
    assert.equal((await call(server.url, `/api/get-s3-link?link=x`)).status, 401);
    assert.equal((await upload(identity, pdfFields(), { name: 'a.pdf', bytes: PDF })).status, 403);
    assert.equal((await call(server.url, `/api/data/public/patient-attachment?patient_uid=${patient}`, { token: identity.token })).status, 403);
    // get-s3-link is open to every reader of the resource library (its File resources); a document's file is then one the caller may not see.
    assert.equal((await call(server.url, `/api/get-s3-link?link=x`, { token: identity.token })).status, 404);
    const before = { count: await documentCount(), files: (await storedFiles()).files };
    for (const hidden of [otherDivision, facts.restricted.others[0], facts.adoption[0]]) {
      assert.deepEqual(errorsOf(await upload(nav, { ...pdfFields(), patient_uid: hidden }, { name: 'a.pdf', bytes: PDF }), 404), [{ message: 'Patient not found' }], hidden);
      assert.equal((await call(server.url, `/api/data/public/patient-attachment?patient_uid=${hidden}`, { token: nav.token })).status, 404, hidden);
    }
    assert.equal(await documentCount(), before.count);
    assert.deepEqual(await storedFiles(), { files: before.files, temporary: [] });

    // Another division's document: its id, and its stored file, are not found.
    const foreign = await server.db
      .insertInto('patient_attachment')
      .values({ patient_uid: otherDivision, doc_type: 'PDF', attachment_type: 'file', attachment_title: 'Theirs', attachment_link: 'a'.repeat(64), file_name: 'theirs.pdf', content_type: 'application/pdf', file_size: 10 })
      .returning('attachment_uid')
      .executeTakeFirstOrThrow();
    for (const id of [foreign.attachment_uid, randomUUID(), 'nope']) {
      assert.deepEqual(errorsOf(await call(server.url, `/api/attachments/${id}`, { token: nav.token }), 404), [{ message: 'Document not found' }], id);
      errorsOf(await call(server.url, `/api/attachments/${id}`, { method: 'DELETE', token: nav.token }), 404);
    }
    assert.deepEqual(errorsOf(await call(server.url, `/api/get-s3-link?link=${'a'.repeat(64)}`, { token: nav.token }), 404), [{ message: 'Document not found' }]);
    assert.ok(await server.db.selectFrom('patient_attachment').select('attachment_uid').where('attachment_uid', '=', foreign.attachment_uid).executeTakeFirst(), 'still there');
  });
});
