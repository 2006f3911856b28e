import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../server/config';
import { buildVersion } from '../../server/site/build-version';
import { loginAs, openPage, startHarness, type Harness } from './support/harness';

/**
 * Issue 33, spec 000 sections 2 and 7: the built app's debug tools show the
 * build, as GET /version.json answers it (the build's record: package.json's
 * version and the commit built), to a user with debug mode (the demo admin).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let h: Harness;

before(async () => {
  h = await startHarness();
});
after(async () => {
  await h?.stop();
});

describe('debug tools', () => {
  test('the page info starts with the build’s version and commit, as /version.json answers them', async () => {
    const answer = await fetch(`${h.server.url}/version.json`);
    assert.equal(answer.status, 200);
    const build = (await answer.json()) as { version: string; commit: string };
    // The built dist records them (vite.config.ts); the server answers that record.
    assert.deepEqual(build, buildVersion(ROOT, loadConfig().distDir));
    assert.equal(build.version, PACKAGE_VERSION);
    assert.match(build.commit, /^[0-9a-f]{40}$|^unknown$/);

    const { context, page, errors } = await openPage(h);
    await loginAs(page, 'admin');
    const toggle = page.getByRole('button', { name: 'Debug', exact: true });
    await toggle.click();
    const panel = page.getByLabel('Page info');
    await page.waitForFunction(() => /"commit": "[^"]+"/.test(document.querySelector('.care-debug-panel')?.textContent ?? ''));
    const info = JSON.parse((await panel.textContent()) ?? '{}') as Record<string, unknown>;
    assert.equal(info.version, build.version);
    assert.equal(info.commit, build.commit);
    assert.equal(info.userName, 'admin');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
