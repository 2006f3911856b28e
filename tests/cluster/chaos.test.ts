import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { DEFAULT_TIME_ZONE, todayIn } from '../../shared/schemas/medical-events';
import { demoFacts, patientWithout } from '../server/support/http';
import { BrowserLikeClient } from './support/client';
import { processesReporting, startCluster, type Started } from './support/processes';
import { signIn } from './support/staff';
import { sleep, until } from './support/wait';

/**
 * Issue 36 section 5, the chaos test: three workers under a write load; one
 * is killed with SIGKILL, later PostgreSQL itself restarts. Writers do what
 * the widgets do: an answer that never came, or a 503, is sent again with the
 * same Idempotency-Key. No acknowledged note is lost, and no key stores two.
 */

const WRITERS = 6;

let dataDir: string;
let database: EmbeddedDatabase;
let seeded: TestServer;
let cluster: Started;
let client: BrowserLikeClient;
let patientUid: string;

before(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'careweave-chaos-'));
  await fs.chmod(dataDir, 0o755);
  // A PostgreSQL of this test's own, started as the product starts its embedded one, so it can restart it.
  database = await startEmbeddedPostgres(dataDir);
  seeded = await startTestServer({ DATABASE_URL: database.connectionString, REDIS_URL: '' });
  patientUid = await patientWithout(seeded.db, await demoFacts(seeded.db), 'patient_note');
  cluster = await startCluster(database.connectionString, 3);
  client = new BrowserLikeClient(cluster.url);
});
after(async () => {
  client?.close();
  await cluster?.stop();
  await seeded?.stop();
  await database?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('chaos: a worker killed and PostgreSQL restarted during writes', () => {
  it('loses no acknowledged write and stores no retried key twice', async () => {
    const token = await signIn(client, 'navigator');
    const acknowledged = new Map<string, string>();
    const keys: string[] = [];
    const refusals = new Map<string, number>();
    let running = true;

    /** One note, sent until it is answered 201, always with the key it was given first. */
    const write = async (text: string) => {
      const key = randomUUID();
      keys.push(key);
      for (let attempt = 1; ; attempt++) {
        assert.ok(attempt < 200, `note "${text}" was never stored`);
        const answer = await client
          .request('/api/notes', {
            headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
            body: { data: { type: 'notes', attributes: { note: text, activity_date: todayIn(DEFAULT_TIME_ZONE) }, relationships: { patient: { data: { type: 'patients', id: patientUid } } } } },
          })
          .catch((err: Error) => ({ status: 0, text: err.message, headers: {} }));
        if (answer.status === 201) return void acknowledged.set(JSON.parse(answer.text).data.id, text);
        const why = answer.status === 0 ? 'no answer' : String(answer.status);
        refusals.set(why, (refusals.get(why) ?? 0) + 1);
        assert.ok(answer.status === 0 || answer.status === 503, `only "no answer" or 503 while things fail, not ${answer.status}: ${answer.text}`);
        await sleep(100); // a client's back-off before it sends the same key again
      }
    };
    const writers = Array.from({ length: WRITERS }, async (_, n) => {
      for (let i = 0; running; i++) await write(`chaos note ${n}-${i}`);
    });
    const afterMore = async (count: number) => {
      const target = acknowledged.size + count;
      await until(() => acknowledged.size >= target, `${count} more notes acknowledged`, 60_000);
    };

    await afterMore(100);
    const [victim] = [...(await processesReporting(cluster.url))];
    process.kill(Number(victim), 'SIGKILL');
    await afterMore(100);
    await database.stop();
    // Down long enough for every writer to meet the outage.
    await sleep(1500);
    database = await startEmbeddedPostgres(dataDir);
    await afterMore(100);
    running = false;
    await Promise.all(writers);

    const stored = await seeded.db.selectFrom('patient_note').select(['note_uid', 'note']).where('patient_uid', '=', patientUid).where('note', 'like', 'chaos note %').execute();
    const byId = new Map(stored.map((n) => [n.note_uid, n.note]));
    for (const [id, note] of acknowledged) assert.equal(byId.get(id), note, `acknowledged note ${id} is stored`);
    assert.equal(stored.length, keys.length, 'one note per key, none twice');
    assert.equal(new Set(stored.map((n) => n.note)).size, stored.length);
    assert.ok(refusals.size > 0, 'the faults were met (else this test proves nothing)');
    console.log(`[chaos] ${acknowledged.size} notes acknowledged, ${keys.length} keys, ${client.resent} resent on a new connection; sent again after: ${[...refusals].map(([why, n]) => `${why} ×${n}`).join(', ')}`);
  });
});
