import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { MAX_CHAT_BODY } from '../../shared/schemas/chat';
import { call, demoFacts, errorsOf, fieldErrors, login, type DemoFacts, type LoggedIn } from './support/http';

let server: TestServer;
let facts: DemoFacts;
let nav: LoggedIn;
let community: LoggedIn;
let admin: LoggedIn;
let sponsor: LoggedIn;
/** Ordinary patients of the first division without a care team, one per test group. */
let patients: string[];

const message = (body: string) => ({ data: { type: 'chat-messages', attributes: { body } } });
const send = (user: LoggedIn, patient: string, body: string, key: string = randomUUID()) =>
  call(server.url, `/api/patient/${patient}/chat`, { token: user.token, body: message(body), headers: { 'idempotency-key': key } });
const read = (user: LoggedIn, patient: string, query = '') => call(server.url, `/api/patient/${patient}/chat${query}`, { token: user.token });
const subscriptions = (user: LoggedIn, query = `?recipient_user_uid=${user.session.user_uid}`) => call(server.url, `/api/real-time-subscription${query}`, { token: user.token });
const markRead = (user: LoggedIn, id: string, lastReadSeq: number) =>
  call(server.url, `/api/real-time-subscription/${id}`, { method: 'PUT', token: user.token, body: { data: { type: 'real-time-subscriptions', attributes: { last_read_seq: lastReadSeq } } } });
const seqs = (answer: { body: { data: { attributes: { real_time_message_seq: number } }[] } }) => answer.body.data.map((m) => m.attributes.real_time_message_seq);

function open(token: string, url = server.url): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}
const joined = async (token: string, url = server.url) => {
  const socket = await open(token, url);
  assert.equal(await socket.emitWithAck('join', 'subscriptions'), true);
  return socket;
};
const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
/**
 * What the socket hears of `event` while `action` runs, and the action's
 * result. The server emits what an action causes before it answers it (a
 * sent message is delivered before the send's answer); a `join` of no
 * channel, sent once the action is answered, is then acknowledged after all
 * of it, as socket.io delivers in order on a connection. Hearing stops at
 * that acknowledgement.
 */
async function heard<T>(socket: Socket, event: string, action: () => Promise<T>): Promise<[unknown[], T]> {
  const got: unknown[] = [];
  const listener = (payload: unknown) => got.push(payload);
  socket.on(event, listener);
  try {
    const result = await action();
    // The marker: 'join' answers false to anything but 'subscriptions' and joins nothing.
    assert.equal(await socket.timeout(5000).emitWithAck('join', 'the end of what the action caused'), false);
    return [got, result];
  } finally {
    socket.off(event, listener);
  }
}

before(async () => {
  server = await startTestServer();
  facts = await demoFacts(server.db);
  [nav, community, admin, sponsor] = await Promise.all(['navigator', 'community', 'admin', 'sponsor'].map((u) => login(server.url, u)));
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  patients = (
    await server.db
      .selectFrom('patient')
      .select('patient_uid')
      .where('division_uid', '=', facts.divisionUids[0])
      .where('patient_uid', 'not in', hidden)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('provider_patient').select('patient_uid').whereRef('provider_patient.patient_uid', '=', 'patient.patient_uid'))))
      .orderBy('last_name', 'desc')
      .limit(9)
      .execute()
  ).map((p) => p.patient_uid);
});
after(async () => {
  await server?.stop();
});

describe('chat access', () => {
  it('needs the chat flag on every call', async () => {
    const [patient] = patients;
    for (const answer of [await subscriptions(sponsor), await read(sponsor, patient), await send(sponsor, patient, 'hello')]) errorsOf(answer, 403);
    errorsOf(await call(server.url, '/api/real-time-subscription'), 401);
  });

  it("lists only the caller's own subscriptions", async () => {
    errorsOf(await subscriptions(nav, `?recipient_user_uid=${community.session.user_uid}`), 404);
    assert.equal((await subscriptions(nav, '')).status, 200);
  });

  it('lets participants read and answers 404 to others, to a patient they may not see, and to one no longer visible', async () => {
    const patient = patients[0];
    const first = await send(nav, patient, 'Who can take the 3 pm appointment?');
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.data.attributes.real_time_message_seq, 1);
    assert.equal(first.body.data.attributes.author_display_name, 'Nora Navigator');

    // Not a participant yet: the same 404 as for a conversation that does not exist.
    assert.deepEqual(errorsOf(await read(community, patient), 404), [{ message: 'Conversation not found' }]);
    assert.deepEqual(errorsOf(await read(community, patients[1]), 404), [{ message: 'Conversation not found' }]);
    // A patient the caller may not see (another division, someone else's restricted case) is the guard's 404.
    errorsOf(await read(community, facts.restricted.others[0]), 404);
    errorsOf(await send(community, facts.restricted.others[0], 'hello'), 404);
    const south = (await server.db.selectFrom('patient').select('patient_uid').where('division_uid', '=', facts.divisionUids[1]).executeTakeFirstOrThrow()).patient_uid;
    errorsOf(await send(community, south, 'hello'), 404);

    // Sending makes the sender a participant, who then sees the history.
    assert.equal((await send(community, patient, 'I can.')).status, 201);
    assert.deepEqual(seqs(await read(community, patient)), [1, 2]);

    // The patient becomes a restricted case neither may see: reads, sends and the list all stop.
    const { restricted_flag } = await server.db.selectFrom('patient').select('restricted_flag').where('patient_uid', '=', patient).executeTakeFirstOrThrow();
    await server.db.updateTable('patient').set({ restricted_flag: '1' }).where('patient_uid', '=', patient).execute();
    try {
      errorsOf(await read(community, patient), 404);
      errorsOf(await send(nav, patient, 'still there?'), 404);
      const list = await subscriptions(community);
      assert.ok(!list.body.data.some((s: { attributes: { patient_uid: string } }) => s.attributes.patient_uid === patient));
      const own = (await server.db.selectFrom('chat_subscription as s').innerJoin('chat_topic as t', 't.topic_uid', 's.topic_uid').select('s.subscription_uid').where('t.patient_uid', '=', patient).where('s.user_uid', '=', community.session.user_uid).executeTakeFirstOrThrow()).subscription_uid;
      errorsOf(await markRead(community, own, 2), 404);
    } finally {
      await server.db.updateTable('patient').set({ restricted_flag }).where('patient_uid', '=', patient).execute();
    }
    assert.equal((await read(community, patient)).status, 200);
  });

  it("adds the patient's care team users with the chat flag, who see the whole history as unread", async () => {
    const patient = patients[2];
    const provider = (await server.db.selectFrom('provider as p').innerJoin('app_user as u', 'u.user_uid', 'p.user_uid').select('p.provider_uid').where('u.user_name', '=', 'admin').executeTakeFirstOrThrow()).provider_uid;
    assert.equal((await send(nav, patient, 'Before the team.')).status, 201);
    await server.db.insertInto('provider_patient').values({ provider_uid: provider, patient_uid: patient }).execute();
    assert.equal((await send(nav, patient, 'After the team.')).status, 201);
    const mine = (await subscriptions(admin)).body.data.find((s: { attributes: { patient_uid: string } }) => s.attributes.patient_uid === patient);
    assert.equal(mine.attributes.unread_count, 2);
    assert.equal(mine.attributes.last_message.body, 'After the team.');
    assert.deepEqual(seqs(await read(admin, patient)), [1, 2]);
    // The director is on no team and holds no chat flag: never a participant.
    assert.equal((await server.db.selectFrom('chat_subscription as s').innerJoin('chat_topic as t', 't.topic_uid', 's.topic_uid').select('s.user_uid').where('t.patient_uid', '=', patient).execute()).length, 2);
  });
});

describe('chat messages', () => {
  it('numbers 50 concurrent sends 1..50 with no gaps or duplicates, and reads them in sequence order', async () => {
    const patient = patients[3];
    const senders = [nav, community, admin];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(senders[i % senders.length], patient, `message ${i}`)));
    assert.deepEqual(answers.map((a) => a.status), Array(50).fill(201));
    const numbers = answers.map((a) => a.body.data.attributes.real_time_message_seq).sort((a, b) => a - b);
    assert.deepEqual(numbers, Array.from({ length: 50 }, (_, i) => i + 1));
    const all = await read(nav, patient, '?page-size=200');
    assert.deepEqual(seqs(all), Array.from({ length: 50 }, (_, i) => i + 1));
    assert.equal(all.body.meta.last_seq, 50);
    // Paging by sequence number: the newest page, older ones before it, newer ones after a point.
    assert.deepEqual(seqs(await read(nav, patient, '?page-size=5')), [46, 47, 48, 49, 50]);
    assert.deepEqual(seqs(await read(nav, patient, '?page-size=5&before=46')), [41, 42, 43, 44, 45]);
    assert.deepEqual(seqs(await read(nav, patient, '?page-size=3&after=40')), [41, 42, 43]);
    assert.deepEqual(seqs(await read(nav, patient, '?after=50')), []);
    errorsOf(await read(nav, patient, '?before=1&after=2'), 400);
    errorsOf(await read(nav, patient, '?after=-1'), 400);
    errorsOf(await read(nav, patient, '?page-size=201'), 400);
  });

  it('limits the body to 4,000 characters, requires it, and stores markup as inert text', async () => {
    const patient = patients[4];
    assert.equal((await send(nav, patient, 'x'.repeat(MAX_CHAT_BODY))).status, 201);
    assert.deepEqual(fieldErrors(await send(nav, patient, 'x'.repeat(MAX_CHAT_BODY + 1))), { 'data.attributes.body': 'Must be at most 4000 characters' });
    assert.deepEqual(fieldErrors(await send(nav, patient, '   ')), { 'data.attributes.body': 'Required' });
    errorsOf(await call(server.url, `/api/patient/${patient}/chat`, { token: nav.token, body: { data: { type: 'chat-messages', attributes: {} } }, headers: { 'idempotency-key': randomUUID() } }), 422);
    errorsOf(await call(server.url, `/api/patient/${patient}/chat`, { token: nav.token, body: message('no key') }), 400);

    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const sent = await send(nav, patient, script);
    assert.equal(sent.status, 201);
    const stored = await server.db.selectFrom('chat_message').select('body').where('message_uid', '=', sent.body.data.id).executeTakeFirstOrThrow();
    assert.equal(stored.body, script, 'stored as the text that was typed, not escaped or stripped');
    const back = await read(nav, patient);
    assert.match(back.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(back.body.data.at(-1).attributes.body, script);
  });

  it('stores a retried send once (Idempotency-Key) and logs the send without its text', async () => {
    const patient = patients[5];
    const key = randomUUID();
    const [a, b] = await Promise.all([send(nav, patient, 'once', key), send(nav, patient, 'once', key)]);
    assert.deepEqual([a.status, b.status], [201, 201]);
    assert.equal(a.body.data.id, b.body.data.id);
    assert.deepEqual(seqs(await read(nav, patient)), [1]);
    const audit = await server.db.selectFrom('audit_entry').select(['action', 'message']).where('patient_uid', '=', patient).where('action', '=', 'SentChatMessage').execute();
    assert.deepEqual(audit, [{ action: 'SentChatMessage', message: 'Nora Navigator sent a chat message' }]);
  });

  it('keeps unread counts per topic and marks read forward only, never past the last message', async () => {
    const patient = patients[6];
    await send(nav, patient, 'one');
    await send(community, patient, 'two');
    await send(nav, patient, 'three');
    const find = async (user: LoggedIn) => (await subscriptions(user)).body.data.find((s: { attributes: { patient_uid: string } }) => s.attributes.patient_uid === patient);
    const mine = await find(community);
    assert.equal(mine.attributes.unread_count, 1);
    assert.equal(mine.attributes.real_time_topic.length > 0, true);
    const list = await subscriptions(community);
    assert.equal(list.body.meta.unread_total, list.body.data.reduce((n: number, s: { attributes: { unread_count: number } }) => n + s.attributes.unread_count, 0));

    const done = await markRead(community, mine.id, 99);
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(done.body.data.attributes, { subscription_uid: mine.id, last_read_seq: 3, unread_count: 0 });
    assert.equal((await markRead(community, mine.id, 1)).body.data.attributes.last_read_seq, 3, 'never moves back');
    errorsOf(await markRead(nav, mine.id, 1), 404);
    errorsOf(await markRead(community, 'not-an-id', 1), 404);
    errorsOf(await markRead(community, mine.id, -1), 422);
  });
});

describe('chat in real time', () => {
  it('delivers new_message with the receiver’s unread count to participants only, after commit, and tells other tabs about reads', async () => {
    const patient = patients[7];
    await send(community, patient, 'first');
    const [navSocket, communitySocket, otherTab, adminSocket] = await Promise.all([joined(nav.token), joined(community.token), joined(community.token), joined(admin.token)]);
    try {
      // A user without the chat flag cannot join the channel.
      const sponsorSocket = await open(sponsor.token);
      assert.equal(await sponsorSocket.emitWithAck('join', 'subscriptions'), false);
      sponsorSocket.close();

      const arriving = next<any>(communitySocket, 'new_message');
      const [adminHeard, sent] = await heard(adminSocket, 'new_message', () => send(nav, patient, 'second'));
      const event = await arriving;
      assert.equal(event.message.body, 'second');
      assert.equal(event.message.real_time_message_seq, 2);
      assert.equal(event.message.patient_uid, patient);
      assert.equal(event.unread_count, 1);
      assert.equal(event.message.message_uid, sent.body.data.id);
      assert.deepEqual(adminHeard, [], 'not a participant');

      // A message whose transaction rolls back is neither stored, numbered nor delivered.
      await sql`create function chat_test_fail() returns trigger language plpgsql as $$ begin raise exception 'rolled back'; end $$;
                create trigger chat_test_fail before insert on chat_message for each row when (new.body = 'roll me back') execute function chat_test_fail()`.execute(server.db);
      try {
        const [silent, failed] = await heard(communitySocket, 'new_message', () => send(nav, patient, 'roll me back'));
        assert.equal(failed.status, 500);
        assert.deepEqual(silent, []);
      } finally {
        await sql`drop trigger chat_test_fail on chat_message; drop function chat_test_fail()`.execute(server.db);
      }
      assert.equal((await send(nav, patient, 'third')).body.data.attributes.real_time_message_seq, 3);

      // Reading in one tab clears the count in the other.
      const subscriptionUid = event.subscription_uid;
      const told = next<any>(otherTab, 'subscription_read');
      await markRead(community, subscriptionUid, 3);
      assert.deepEqual(await told, { subscription_uid: subscriptionUid, last_read_seq: 3, unread_count: 0 });
    } finally {
      for (const s of [navSocket, communitySocket, otherTab, adminSocket]) s.close();
    }
  });

  it(`delivers new_message sent through one server to a socket on ${process.env.REDIS_URL ? 'a second server on the same database (through Redis)' : 'the same server (REDIS_URL not set)'}`, { timeout: 30_000 }, async () => {
    const patient = patients[8];
    assert.equal((await send(community, patient, 'on server A')).status, 201);
    // With Redis: server B shares only the database and Redis with A, so the event can reach B's socket through Redis alone.
    const receiving = process.env.REDIS_URL ? await startTestServer({ DATABASE_URL: server.connectionString }) : server;
    try {
      const receiver = await login(receiving.url, 'community');
      const socket = await joined(receiver.token, receiving.url);
      try {
        const arriving = next<any>(socket, 'new_message');
        const sent = await send(nav, patient, 'across servers');
        const event = await arriving;
        assert.equal(event.message.message_uid, sent.body.data.id);
        assert.equal(event.message.body, 'across servers');
        assert.equal(event.unread_count, 1);
      } finally {
        socket.close();
      }
    } finally {
      if (receiving !== server) await receiving.stop();
    }
  });

  it('catches up after a reconnect by asking for the messages after its last sequence number', async () => {
    const patient = patients[1];
    await send(community, patient, 'before the drop');
    let socket = await joined(community.token);
    const seen = (await read(community, patient)).body.meta.last_seq as number;
    socket.close();
    await send(nav, patient, 'while away 1');
    await send(nav, patient, 'while away 2');
    socket = await joined(community.token);
    try {
      const missed = await read(community, patient, `?after=${seen}`);
      assert.deepEqual(missed.body.data.map((m: { attributes: { body: string } }) => m.attributes.body), ['while away 1', 'while away 2']);
      assert.deepEqual(seqs(missed), [seen + 1, seen + 2]);
      const live = next<any>(socket, 'new_message');
      await send(nav, patient, 'back again');
      assert.equal((await live).message.real_time_message_seq, seen + 3);
    } finally {
      socket.close();
    }
  });

  it('refuses a logged-out token and disconnects its open sockets', async () => {
    const leaving = await login(server.url, 'community');
    const socket = await joined(leaving.token);
    const closed = next<string>(socket, 'disconnect');
    assert.equal((await call(server.url, '/api/auth/logout', { method: 'POST', token: leaving.token, body: {} })).status, 204);
    assert.equal(await closed, 'io server disconnect');
    await assert.rejects(open(leaving.token), /unauthorized/);
  });
});
