import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import type { AppContext } from '../../server/app-context';
import { buildVersion, gitCommit, recordedVersion, versionFromSource } from '../../server/site/build-version';
import { versionRoutes } from '../../server/site/version.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { call } from './support/http';

/**
 * Issue 33, spec 000 section 7 "Versions": `GET /version.json` answers the
 * build's version (package.json's) and commit, with no session, and nothing
 * else. The build records them (dist/version.json); without a build record
 * the server reads package.json and the repository's HEAD files at start.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGE_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const SHA_A = 'a'.repeat(40);
const SHA_B = '0123456789abcdef0123456789abcdef01234567';
const SHA_C = 'c'.repeat(40);

let tmp: string;
let server: TestServer;

async function write(file: string, text: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, text);
}

before(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-version-'));
  // A built dist: the shell's index.html and the build's record, with a field that must never be answered.
  const dist = path.join(tmp, 'dist');
  await write(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
  await write(path.join(dist, 'version.json'), JSON.stringify({ version: '7.8.9', commit: SHA_B, builtOn: '/home/builder/secret' }));
  server = await startTestServer({ DIST_DIR: dist });
});
after(async () => {
  await server?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('GET /version.json', () => {
  it('answers the build’s version and commit to anyone, without a session, and nothing else', async () => {
    const answer = await call(server.url, '/version.json');
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, { version: '7.8.9', commit: SHA_B });
    assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(answer.headers.get('cache-control'), 'no-cache');
    // The shell is still served for other paths of the built dist.
    assert.match((await call(server.url, '/home')).text, /<title>shell<\/title>/);
  });

  it('without a build record: package.json’s version and the repository’s HEAD (or "unknown")', async () => {
    const app = Fastify();
    await app.register(versionRoutes, { config: { distDir: path.join(tmp, 'no-dist') } } as unknown as AppContext);
    const answer = await app.inject({ method: 'GET', url: '/version.json' });
    await app.close();
    assert.equal(answer.statusCode, 200);
    const body = answer.json() as { version: string; commit: string };
    assert.deepEqual(Object.keys(body).sort(), ['commit', 'version']);
    assert.equal(body.version, PACKAGE_VERSION);
    // A clone (CI's clean one included) has its HEAD; a copy of the sources without .git says unknown.
    if (existsSync(path.join(ROOT, '.git'))) assert.match(body.commit, /^[0-9a-f]{40}$/);
    else assert.equal(body.commit, 'unknown');
    assert.deepEqual(body, versionFromSource(ROOT));
  });
});

describe('the build record and the repository’s HEAD', () => {
  it('reads a branch’s commit from its loose ref, or from packed refs', async () => {
    const loose = path.join(tmp, 'loose');
    await write(path.join(loose, '.git/HEAD'), 'ref: refs/heads/main\n');
    await write(path.join(loose, '.git/refs/heads/main'), `${SHA_A}\n`);
    assert.equal(gitCommit(loose), SHA_A);

    const packed = path.join(tmp, 'packed');
    await write(path.join(packed, '.git/HEAD'), 'ref: refs/heads/release\n');
    await write(path.join(packed, '.git/packed-refs'), `# pack-refs with: peeled fully-peeled sorted\n${SHA_C} refs/heads/main\n${SHA_B} refs/heads/release\n`);
    assert.equal(gitCommit(packed), SHA_B);
  });

  it('a detached HEAD is the commit itself; a worktree’s .git file leads to its directory and the common refs', async () => {
    const detached = path.join(tmp, 'detached');
    await write(path.join(detached, '.git/HEAD'), `${SHA_C}\n`);
    assert.equal(gitCommit(detached), SHA_C);

    const main = path.join(tmp, 'main-repo');
    await write(path.join(main, '.git/refs/heads/feature'), `${SHA_B}\n`);
    await write(path.join(main, '.git/worktrees/wt/HEAD'), 'ref: refs/heads/feature\n');
    await write(path.join(main, '.git/worktrees/wt/commondir'), '../..\n');
    const worktree = path.join(tmp, 'worktree');
    await write(path.join(worktree, '.git'), `gitdir: ${path.join(main, '.git/worktrees/wt')}\n`);
    assert.equal(gitCommit(worktree), SHA_B);
  });

  it('no repository, a branch with no commit yet, or a HEAD that is not one: no commit', async () => {
    assert.equal(gitCommit(path.join(tmp, 'nothing-here')), null);
    const unborn = path.join(tmp, 'unborn');
    await write(path.join(unborn, '.git/HEAD'), 'ref: refs/heads/main\n');
    assert.equal(gitCommit(unborn), null);
    const odd = path.join(tmp, 'odd');
    await write(path.join(odd, '.git/HEAD'), 'ref: refs/../../../etc/passwd\n');
    assert.equal(gitCommit(odd), null);
    assert.equal(versionFromSource(path.join(tmp, 'nothing-here')).commit, 'unknown');
  });

  it('a well-formed build record wins over the sources; a malformed one is ignored', async () => {
    const dist = path.join(tmp, 'records');
    await write(path.join(dist, 'version.json'), JSON.stringify({ version: '1.2.3', commit: SHA_A }));
    assert.deepEqual(recordedVersion(dist), { version: '1.2.3', commit: SHA_A });
    assert.deepEqual(buildVersion(ROOT, dist), { version: '1.2.3', commit: SHA_A });
    await write(path.join(dist, 'version.json'), JSON.stringify({ version: '1.2.3', commit: 'unknown' }));
    assert.deepEqual(recordedVersion(dist), { version: '1.2.3', commit: 'unknown' });
    for (const broken of ['{', JSON.stringify({ version: '1.2.3', commit: '<script>' }), JSON.stringify({ version: 'a b', commit: SHA_A }), JSON.stringify({ commit: SHA_A })]) {
      await write(path.join(dist, 'version.json'), broken);
      assert.equal(recordedVersion(dist), null, broken);
      assert.deepEqual(buildVersion(ROOT, dist), versionFromSource(ROOT), broken);
    }
  });
});
