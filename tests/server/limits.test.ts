import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { LOGIN_LIMITS } from '../../server/auth/auth.routes';
import { B2W_CODE_LIMIT, B2W_INIT_LIMIT, B2W_STATUS_LIMIT, B2W_VENDOR_LIMIT } from '../../server/b2w/b2w.routes';
import { CIT_ADDRESS_LIMIT, CIT_IDENTITY_LIMIT } from '../../server/cit/cit.routes';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { DEMO_HWC_CODES } from '../../server/db/seed/hwc';
import { CONFIRM_LIMIT, REGISTER_LIMIT, TOKEN_LIMIT } from '../../server/ext/ext.routes';
import { HWC_CODE_LIMIT } from '../../server/hwc/hwc.routes';
import { OPT_OUT_LIMIT } from '../../server/opt-out/opt-out.routes';
import { countAttempt, type Limit } from '../../server/public-forms/limits';
import { SUPPORT_LIMIT } from '../../server/support/support.routes';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { nowMs } from '../../shared/clock';
import { withClock } from './support/clock';
import { call, errorsOf, login } from './support/http';

let server: TestServer;
let address = 0;
/** A fresh client address per caller (the server trusts one proxy hop). */
const fresh = () => ({ 'x-forwarded-for': `10.${++address >> 16}.${(address >> 8) & 255}.${address & 255}` });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

before(async () => {
  server = await startTestServer({ TRUST_PROXY: '1' });
});
after(async () => {
  await server?.stop();
});

const signIn = (userName: string, password: string, headers: Record<string, string>) =>
  call(server.url, '/api/auth/login', { body: { user_name: userName, password }, headers });

describe('limits hold under concurrency (counted and checked in one statement)', () => {
  it(`100 parallel wrong sign-ins for one name: at most ${LOGIN_LIMITS.perUser} passwords are evaluated`, async () => {
    const from = fresh();
    const statuses = (await Promise.all(Array.from({ length: 100 }, (_, i) => signIn('sponsor', `wrong-${i}`, from)))).map((a) => a.status);
    assert.equal(count(statuses, 401), LOGIN_LIMITS.perUser, statuses.join(','));
    assert.equal(count(statuses, 429), 100 - LOGIN_LIMITS.perUser);
  });

  it(`100 parallel wrong agency identifiers (CIT): at most ${CIT_IDENTITY_LIMIT.perValue} evaluated`, async () => {
    const statuses = (
      await Promise.all(Array.from({ length: 100 }, () => call(server.url, '/api/cit/oh/identify', { body: { code: 'GUESS-1', officer_name: 'Nobody' }, headers: fresh() })))
    ).map((a) => a.status);
    assert.equal(count(statuses, 403), CIT_IDENTITY_LIMIT.perValue, statuses.join(','));
    assert.equal(count(statuses, 429), 100 - CIT_IDENTITY_LIMIT.perValue);
  });

  it('identity checks in person-match count against the identity limit too', async () => {
    const from = fresh();
    const body = { code: 'GUESS-2', officer_name: 'Nobody', first_name: 'Abc', last_name: 'Def', gender_uid: '00000000-0000-0000-0000-000000000000' };
    const statuses = (await Promise.all(Array.from({ length: 60 }, () => call(server.url, '/api/cit/oh/person-match', { body, headers: from })))).map((a) => a.status);
    assert.equal(count(statuses, 403), Math.min(CIT_IDENTITY_LIMIT.perAddress, CIT_IDENTITY_LIMIT.perValue), statuses.join(','));
  });

  it('a valid officer identity is not used up by checking it', async () => {
    const identity = { code: DEMO_CIT_AGENCY.code, officer_name: DEMO_CIT_AGENCY.officers[0] };
    const from = fresh();
    for (let i = 0; i < CIT_IDENTITY_LIMIT.perAddress + 5; i++) assert.equal((await call(server.url, '/api/cit/oh/identify', { body: identity, headers: from })).status, 200);
  });

  // More calls than the limit (100 per code), so that some must be refused: with exactly 100 the limit was never reached.
  const HWC_CALLS = HWC_CODE_LIMIT.perValue + 50;
  it(`${HWC_CALLS} parallel Handle with Care calls with a wrong district code: exactly ${HWC_CODE_LIMIT.perValue} evaluated`, async () => {
    const statuses = (
      await Promise.all(Array.from({ length: HWC_CALLS }, () => call(server.url, '/api/handle_with_care/context', { headers: { authorization: 'WRONG-DISTRICT', ...fresh() } })))
    ).map((a) => a.status);
    assert.equal(count(statuses, 401), HWC_CODE_LIMIT.perValue, statuses.join(','));
    assert.equal(count(statuses, 429), HWC_CALLS - HWC_CODE_LIMIT.perValue);
  });
});

describe('sign-in lock-out cannot be caused from elsewhere', () => {
  it('failures from other addresses lock the name for new places, not for where the user signed in before', async () => {
    const home = fresh();
    assert.equal((await signIn('cit', 'careweave-demo', home)).status, 200);
    const attacker = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perUser; i++) assert.equal((await signIn('cit', `guess-${i}`, attacker)).status, 401);
    // The name is locked for the attacker and for any place the user never signed in from ...
    errorsOf(await signIn('cit', 'careweave-demo', attacker), 429);
    errorsOf(await signIn('cit', 'careweave-demo', fresh()), 429);
    // ... but the real user at their usual address gets in with the right password,
    assert.equal((await signIn('cit', 'careweave-demo', home)).status, 200);
    // and a wrong password there is still limited per address (5 tries).
    const statuses = [];
    for (let i = 0; i < LOGIN_LIMITS.perUser + 1; i++) statuses.push((await signIn('cit', `typo-${i}`, home)).status);
    assert.deepEqual(statuses, [...Array(LOGIN_LIMITS.perUser).fill(401), 429]);
  });

  it("the browser's device cookie lets the user in from a new address while the name is locked", async () => {
    const first = await signIn('community', 'careweave-demo', fresh());
    const device = first.headers.getSetCookie().find((c) => c.startsWith('careweave_device='))!;
    assert.match(device, /HttpOnly/);
    assert.match(device, /Path=\/api\/auth/);
    assert.match(device, /SameSite=Strict/);
    const attacker = fresh();
    for (let i = 0; i < LOGIN_LIMITS.perUser; i++) await signIn('community', `guess-${i}`, attacker);
    const travelling = fresh();
    errorsOf(await signIn('community', 'careweave-demo', travelling), 429);
    assert.equal((await signIn('community', 'careweave-demo', { ...travelling, cookie: device.split(';')[0] })).status, 200);
  });
});

describe('password change', () => {
  it('wrong current passwords are limited like sign-in; a change ends the other sessions and keeps this one', async () => {
    const me = await login(server.url, 'director');
    const other = await login(server.url, 'director');
    const change = (current: string) =>
      call(server.url, '/api/auth/change-password', { token: me.token, body: { current_password: current, new_password: 'a-new-password-1' } });
    for (let i = 0; i < LOGIN_LIMITS.perUser; i++) errorsOf(await change(`wrong-${i}`), 422);
    errorsOf(await change('careweave-demo'), 429);
    await withClock(async (move) => {
      // The window is fifteen one-minute counters (15 minutes, written out: a longer window fails here): a minute before
      // its end the wrong tries still count, just after it they have left it.
      move(15 * 60_000 - 60_000);
      errorsOf(await change('careweave-demo'), 429);
      move(61_000);
      assert.equal((await change('careweave-demo')).status, 204);
      errorsOf(await call(server.url, '/api/session/current', { token: other.token }), 401);
      assert.equal((await call(server.url, '/api/session/current', { token: me.token })).status, 200);
    });
  });
});

describe('the public forms\' rate-limit windows (issue 40 §4)', () => {
  /** Each limit with its window written out: a window set longer or shorter than this fails, as the clock is moved by these minutes. */
  const WINDOWS: [Limit, number][] = [
    [HWC_CODE_LIMIT, 10],
    [B2W_INIT_LIMIT, 60],
    [B2W_VENDOR_LIMIT, 60],
    [B2W_CODE_LIMIT, 15],
    [B2W_STATUS_LIMIT, 15],
    [REGISTER_LIMIT, 15],
    [CONFIRM_LIMIT, 15],
    [TOKEN_LIMIT, 15],
    [CIT_IDENTITY_LIMIT, 15],
    [CIT_ADDRESS_LIMIT, 15],
    [OPT_OUT_LIMIT, 15],
    [SUPPORT_LIMIT, 60],
  ];
  let client = 0;
  const attempt = (limit: Limit, ip: string) => countAttempt(server.db, { ip } as FastifyRequest, limit, `window-test-${limit.name}`);
  const refused = (limit: Limit, ip: string) => assert.rejects(attempt(limit, ip), { statusCode: 429 }, `${limit.name}: refused`);

  for (const [limit, minutes] of WINDOWS) {
    it(`${limit.name}: used up, it refuses until ${minutes} minutes after, and lets in again once they have passed`, async () => {
      const ip = `192.0.2.${++client}`;
      await withClock(async (move) => {
        // The counters are one-minute rows: start just after a minute begins, so every attempt lands in that minute's row.
        move(60_000 - (nowMs() % 60_000) + 1000);
        const started = nowMs();
        const minute = started - (started % 60_000);
        for (let i = 0; i < Math.min(limit.perAddress, limit.perValue); i++) await attempt(limit, ip);
        await refused(limit, ip);
        // Two seconds before the window from that minute ends, the attempts still count.
        move(minute + minutes * 60_000 - 2000 - nowMs());
        await refused(limit, ip);
        // Two seconds after, they have left it.
        move(4000);
        await attempt(limit, ip);
      });
    });
  }
});

describe('Idempotency-Key', () => {
  const submit = (key: string, lastName: string, code: string = DEMO_HWC_CODES.franklin) =>
    call(server.url, '/api/handle_with_care/submit', {
      body: { officer_name: 'Officer Kim', child_first_name: 'Sam', child_last_name: lastName, child_birth_date: '2015-04-10', facility_name: 'New School', child_age: 11 },
      headers: { authorization: code, 'idempotency-key': key, ...fresh() },
    });

  it('the same request again replays the first answer; the key with another body or agency code is a 422', async () => {
    const key = `reuse-test-${'k'.repeat(16)}`;
    const first = await submit(key, 'Keyone');
    assert.equal(first.status, 201, first.text);
    const again = await submit(key, 'Keyone');
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(errorsOf(await submit(key, 'Keytwo'), 422), [{ message: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.' }]);
    errorsOf(await submit(key, 'Keyone', DEMO_HWC_CODES.summit), 422);
    const stored = await server.db.selectFrom('hwc_patient').select('child_last_name').where('child_last_name', 'in', ['Keyone', 'Keytwo']).execute();
    assert.deepEqual(stored.map((r) => r.child_last_name), ['Keyone']);
  });
});
