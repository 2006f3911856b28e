import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { demoFacts, patientWithout } from '../server/support/http';
import { BrowserLikeClient } from './support/client';
import { processesReporting, startCluster, type Started } from './support/processes';
import { signIn, startLoad } from './support/staff';
import { until } from './support/wait';

/**
 * Issue 36 section 4: with three processes under steady load, SIGHUP to the
 * primary replaces each worker in turn (a new one listens before the old one
 * drains): no request fails, no acknowledged write is lost, none is stored
 * twice, and a chat socket reconnects to a process that stays.
 */

let database: TestServer;
let cluster: Started;
let client: BrowserLikeClient;
let patientUid: string;

before(async () => {
  database = await startTestServer();
  patientUid = await patientWithout(database.db, await demoFacts(database.db), 'patient_note');
  cluster = await startCluster(database.connectionString, 3);
  client = new BrowserLikeClient(cluster.url);
});
after(async () => {
  client?.close();
  await cluster?.stop();
  await database?.stop();
});

describe('a rolling restart under load', () => {
  it('replaces every worker with 0 failed requests and 0 lost or doubled writes, and sockets come back', async () => {
    const before = await processesReporting(cluster.url);
    assert.equal(before.size, 3);
    const token = await signIn(client, 'navigator');

    const socket: Socket = connect(cluster.url, { path: '/socket.io', auth: { token }, transports: ['websocket'] });
    let connects = 0;
    socket.on('connect', () => (connects += 1));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));

    const load = startLoad(client, token, patientUid, 8, 'rolling restart note');
    // Load first, then the signal: every worker is replaced while requests arrive.
    await until(() => load.answers >= 50, 'the load is under way');
    cluster.child.kill('SIGHUP');
    await cluster.printed(/rolling restart done/, 180_000);
    const answersAtDone = load.answers;
    await until(() => load.answers >= answersAtDone + 50, 'requests go on after the restart');
    await load.stop();

    assert.deepEqual(load.failures, [], `failed requests during the rolling restart (${load.answers} answered)`);
    const after = await processesReporting(cluster.url);
    assert.equal(after.size, 3, 'three workers again');
    assert.deepEqual([...after].filter((pid) => before.has(pid)), [], 'every worker was replaced');

    const stored = await database.db.selectFrom('patient_note').select(['note_uid', 'note']).where('patient_uid', '=', patientUid).where('note', 'like', 'rolling restart note %').execute();
    assert.ok(load.acknowledged.size > 100, `a steady write load (${load.acknowledged.size} notes acknowledged)`);
    const byId = new Map(stored.map((n) => [n.note_uid, n.note]));
    for (const [id, note] of load.acknowledged) assert.equal(byId.get(id), note, `acknowledged note ${id} is stored`);
    assert.equal(new Set(stored.map((n) => n.note)).size, stored.length, 'no note stored twice');

    // The socket was closed as each of its processes drained and came back each time.
    await until(() => socket.connected, 'the socket reconnects');
    assert.ok(connects >= 2, `the socket reconnected (${connects} connects)`);
    socket.close();
    console.log(`[rolling restart] ${load.answers} requests, ${load.acknowledged.size} notes acknowledged, ${client.resent} sent again on a new connection, 0 failed`);
  });
});
