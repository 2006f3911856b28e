import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { PUBLIC_FORM_LANGUAGES, PUBLIC_FORMS, PUBLIC_LANGUAGE_COOKIE, publicFormHtml, SIGN_IN_HTML } from '../../shared/public-form-pages';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';

/**
 * Issue 39 section 4: the built files as a slow phone gets them. Each text
 * file goes as the .br or .gz the build wrote beside it, a hashed file is
 * kept by the browser, and a public form's page is the form's own entry
 * in the visitor's language (dist/forms/{form}.{lang}.html), never the staff shell.
 */

let tmp: string;
let dist: string;
let server: TestServer;
const SCRIPT = 'const careweave = "the same text, many times over"; '.repeat(40);

async function write(file: string, text: string | Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

/** The bytes as sent, not decoded (fetch would decode them). */
function raw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on('error', reject);
  });
}

before(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-static-'));
  dist = path.join(tmp, 'dist');
  await write(path.join(dist, 'index.html'), '<!doctype html><title>staff shell</title>');
  await write(path.join(dist, SIGN_IN_HTML), '<!doctype html><title>sign in</title>');
  for (const { form } of PUBLIC_FORMS) {
    for (const lang of PUBLIC_FORM_LANGUAGES) await write(path.join(dist, publicFormHtml(form, lang)), `<!doctype html><title>public ${form} ${lang}</title>`);
  }
  const script = path.join(dist, 'assets', 'app-Ab_3xY9z.js');
  await write(script, SCRIPT);
  await write(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  await write(`${script}.gz`, zlib.gzipSync(SCRIPT));
  await write(path.join(dist, 'elements', 'care-queue.js'), 'export {};');
  server = await startTestServer({ DIST_DIR: dist });
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('the built files', () => {
  it('sends the .br or .gz the build wrote, by what the browser accepts, and the file itself to one that accepts neither', async () => {
    const url = `${server.url}/assets/app-Ab_3xY9z.js`;
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(String(br.headers.vary), /accept-encoding/i);
    assert.equal(zlib.brotliDecompressSync(br.body).toString(), SCRIPT);
    assert.ok(br.body.length < SCRIPT.length / 10, `${br.body.length} bytes sent for ${SCRIPT.length}`);

    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(zlib.gunzipSync(gz.body).toString(), SCRIPT);

    const plain = await raw(url);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), SCRIPT);
  });

  it('lets the browser keep a hashed file for good, and asks again for files whose name stays (an element an embedder loads)', async () => {
    const hashed = await raw(`${server.url}/assets/app-Ab_3xY9z.js`, { 'accept-encoding': 'br' });
    assert.equal(hashed.headers['cache-control'], 'public, max-age=31536000, immutable');
    const element = await raw(`${server.url}/elements/care-queue.js`);
    assert.equal(element.status, 200);
    assert.doesNotMatch(String(element.headers['cache-control']), /immutable/);
  });

  it('answers each public form’s page with the form’s own entry, and staff pages (also those under a form’s path) with the shell', async () => {
    const pages: [string, string][] = [
      ['/cit/oh', 'public cit en'],
      ['/cit/oh?lang=es', 'public cit es'],
      ['/hwc', 'public hwc en'],
      ['/ext/demo-referral', 'public ext en'],
      ['/ext/demo-referral/register', 'public ext en'],
      ['/support', 'public support en'],
      ['/b2w?vendorCode=DEMO-B2W', 'public b2w en'],
      ['/engagements/opt-out/t0k', 'public opt-out en'],
      ['/hwc/5', 'staff shell'],
      ['/cit-submission/9', 'staff shell'],
      ['/cit/oh/more', 'staff shell'],
      ['/login', 'sign in'],
      ['/login?problem=sso-refused', 'sign in'],
      ['/login/more', 'staff shell'],
      ['/home', 'staff shell'],
      ['/patients/1/face-sheet', 'staff shell'],
    ];
    for (const [page, title] of pages) {
      const answer = await raw(server.url + page);
      assert.equal(answer.status, 200, page);
      assert.match(String(answer.headers['content-type']), /^text\/html/, page);
      assert.match(answer.body.toString(), new RegExp(`<title>${title}</title>`), page);
    }
  });

  it('sends /cit on to Ohio’s sheet (spec 002), with its query, before any page loads', async () => {
    for (const [page, to] of [['/cit', '/cit/oh'], ['/cit/', '/cit/oh'], ['/cit?lang=es', '/cit/oh?lang=es']]) {
      const answer = await raw(server.url + page);
      assert.equal(answer.status, 302, page);
      assert.equal(answer.headers.location, to, page);
    }
  });

  it('sends a form’s page in the language the form would choose: ?lang=, then the choice remembered from its switch, then the browser’s', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/hwc', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' }, 'es'],
      ['/hwc', { 'accept-language': 'fr-FR, en;q=0.8, es;q=0.5' }, 'en'],
      ['/hwc', { 'accept-language': 'fr-FR' }, 'en'],
      ['/hwc?lang=en', { 'accept-language': 'es' }, 'en'],
      ['/hwc?lang=es-MX', {}, 'es'],
      ['/hwc', { 'accept-language': 'en', cookie: `${PUBLIC_LANGUAGE_COOKIE}=es` }, 'es'],
      ['/hwc?lang=en', { cookie: `${PUBLIC_LANGUAGE_COOKIE}=es` }, 'en'],
      // Not a catalogue: a name every object has is no language either.
      ['/hwc?lang=toString', { cookie: `${PUBLIC_LANGUAGE_COOKIE}=constructor`, 'accept-language': 'es' }, 'es'],
      ['/hwc', { 'accept-language': 'constructor, es;q=0.5' }, 'es'],
      ['/hwc', { 'accept-language': 'constructor' }, 'en'],
    ];
    for (const [page, headers, lang] of cases) {
      const answer = await raw(server.url + page, headers);
      assert.equal(answer.status, 200, page);
      assert.match(answer.body.toString(), new RegExp(`<title>public hwc ${lang}</title>`), `${page} ${JSON.stringify(headers)}`);
      assert.match(String(answer.headers.vary), /accept-language/i);
      assert.match(String(answer.headers.vary), /cookie/i);
    }
  });
});
