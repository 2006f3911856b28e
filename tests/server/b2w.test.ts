import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { B2W_MISSING_VENDOR } from '../../shared/schemas/b2w';
import { ALREADY_ASSESSED, B2W_CODE_LIMIT, B2W_INIT_LIMIT, B2W_STATUS_LIMIT, B2W_VENDOR_LIMIT, CODE_EXPIRED, CODE_LOCKED, CODE_WRONG, NOT_CONFIRMED } from '../../server/b2w/b2w.routes';
import { DEMO_B2W_EMPLOYEES, DEMO_B2W_VENDOR } from '../../server/db/seed/b2w';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { withClock } from './support/clock';
import { call, errorsOf } from './support/http';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server?.stop();
});

let n = 0;
const key = () => `b2w-test-key-${process.pid}-${++n}-${Date.now()}`;
const post = (path: string, body: unknown, idempotencyKey: string | null = key()) =>
  call(server.url, `/api/b2w/${path}`, { body, headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} });

const [dana, luis, priya] = DEMO_B2W_EMPLOYEES;
const vendorCode = DEMO_B2W_VENDOR.vendor_code;
const today = () => new Date().toISOString().slice(0, 10);

/** The newest code sent to a recipient, read from the outbox as a person would read /demo/outbox. */
async function codeSentTo(recipient: string): Promise<string> {
  const row = await server.db.selectFrom('outbox').select('body').where('recipient', '=', recipient).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
  return /code is (\d{6})/.exec(row.body)![1];
}

async function register(employee: (typeof DEMO_B2W_EMPLOYEES)[number], extra: Record<string, string> = {}) {
  const body = { vendor_code: vendorCode, telephone_number: `(${employee.telephone_number.slice(0, 3)}) ${employee.telephone_number.slice(3, 6)}-${employee.telephone_number.slice(6)}`, comm_method: 'sms', employee_id: employee.employee_id, ...extra };
  const answer = await post('init', body);
  assert.equal(answer.status, 201, answer.text);
  return { registration_uid: answer.body.data.id as string, vendor_code: vendorCode, telephone_number: body.telephone_number, comm_method: body.comm_method };
}

async function confirmed(employee: (typeof DEMO_B2W_EMPLOYEES)[number]) {
  const reg = await register(employee);
  const code = await codeSentTo(employee.telephone_number);
  assert.equal((await post('validate', { ...reg, code }, null)).status, 200);
  return { reg, code };
}

const clearLimits = () => server.db.deleteFrom('rate_limit').where('bucket', 'like', 'b2w-%').execute();

describe('Back to Work', () => {
  beforeEach(async () => {
    await clearLimits();
    await server.db.deleteFrom('b2w_assessment').execute();
  });

  describe('GET /api/b2w/vendor', () => {
    const vendor = (code: string) => call(server.url, `/api/b2w/vendor?vendor_code=${encodeURIComponent(code)}`);
    it("names the code's employer, with a logo, for the form's header", async () => {
      const answer = await vendor(` ${DEMO_B2W_VENDOR.vendor_code.toLowerCase()} `);
      assert.equal(answer.status, 200, answer.text);
      const { brand } = answer.body.data.attributes;
      assert.deepEqual([brand.name, brand.detail], [DEMO_B2W_VENDOR.vendor_name, 'Back to Work']);
      assert.match(brand.logo_url, /^data:image\/svg\+xml;base64,/);
    });

    it('an unknown or missing code is a 404 with the missing-vendor message; guesses are limited', async () => {
      assert.deepEqual(errorsOf(await vendor('NOPE'), 404), [{ field: 'vendor_code', message: B2W_MISSING_VENDOR }]);
      errorsOf(await call(server.url, '/api/b2w/vendor'), 404);
      for (let i = 2; i < B2W_VENDOR_LIMIT.perAddress; i++) errorsOf(await vendor(`GUESS-${i}`), 404);
      errorsOf(await vendor(DEMO_B2W_VENDOR.vendor_code), 429);
    });
  });

  describe('POST /api/b2w/init', () => {
    it('texts a 6-digit code to the phone on file when employee id and phone match', async () => {
      const reg = await register(dana);
      assert.match(reg.registration_uid, /^[0-9a-f-]{36}$/);
      const message = await server.db.selectFrom('outbox').selectAll().where('recipient', '=', dana.telephone_number).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
      assert.equal(message.channel, 'sms');
      assert.match(message.body, /^Your Careweave Back to Work code is \d{6}\. It expires in 10 minutes\.$/);
    });

    it('matches by SSN last 4 instead, and e-mails the code when asked to', async () => {
      const answer = await post('init', { vendor_code: vendorCode.toLowerCase(), telephone_number: luis.telephone_number, comm_method: 'email', ssn: luis.ssn_last4 });
      assert.equal(answer.status, 201, answer.text);
      const message = await server.db.selectFrom('outbox').selectAll().where('recipient', '=', luis.email_address!).executeTakeFirstOrThrow();
      assert.equal(message.channel, 'email');
      assert.equal(message.subject, 'Your Back to Work code');
    });

    it('texts the code when e-mail is asked for but none is on file', async () => {
      await register(priya, { comm_method: 'email' });
      const message = await server.db.selectFrom('outbox').selectAll().where('recipient', '=', priya.telephone_number).executeTakeFirstOrThrow();
      assert.equal(message.channel, 'sms');
    });

    it('answers the same when nothing matches, but sends nothing', async () => {
      const before = await server.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const answer = await post('init', { vendor_code: vendorCode, telephone_number: '6145559999', comm_method: 'sms', employee_id: dana.employee_id });
      assert.equal(answer.status, 201);
      const wrongSsn = await post('init', { vendor_code: vendorCode, telephone_number: dana.telephone_number, comm_method: 'sms', ssn: '0000' });
      assert.equal(wrongSsn.status, 201);
      const afterCount = await server.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      assert.equal(afterCount.n, before.n);
    });

    it("an unknown vendor code gets the spec's missing vendor code message", async () => {
      assert.deepEqual(errorsOf(await post('init', { vendor_code: 'NOPE', telephone_number: dana.telephone_number, comm_method: 'sms', employee_id: 'E1001' }), 422), [
        { field: 'vendor_code', message: B2W_MISSING_VENDOR },
      ]);
    });

    it('refuses each invalid case with field errors', async () => {
      const base = { vendor_code: vendorCode, telephone_number: dana.telephone_number, comm_method: 'sms', employee_id: 'E1001' };
      const fields = async (body: object) => errorsOf(await post('init', body), 422);
      assert.deepEqual(await fields({ ...base, vendor_code: '' }), [{ field: 'vendor_code', message: 'Required' }]);
      assert.deepEqual(await fields({ ...base, telephone_number: '' }), [{ field: 'telephone_number', message: 'Required' }]);
      assert.deepEqual(await fields({ ...base, telephone_number: '555-1234' }), [{ field: 'telephone_number', message: 'Must be a 10-digit phone number' }]);
      assert.deepEqual(await fields({ ...base, comm_method: '' }), [{ field: 'comm_method', message: 'Required' }]);
      assert.deepEqual(await fields({ ...base, comm_method: 'fax' }), [{ field: 'comm_method', message: 'Must be sms or email' }]);
      assert.deepEqual(await fields({ ...base, employee_id: undefined }), [
        { field: 'employee_id', message: 'Required' },
        { field: 'ssn', message: 'Required' },
      ]);
      assert.deepEqual(await fields({ ...base, employee_id: '', ssn: '12345' }), [{ field: 'ssn', message: 'Must be the last 4 digits of your SSN' }]);
      errorsOf(await post('init', base, null), 400);
    });

    it('limits registrations per phone number with a clear 429', async () => {
      for (let i = 0; i < B2W_INIT_LIMIT.perValue; i++) await register(dana);
      const refused = errorsOf(await post('init', { vendor_code: vendorCode, telephone_number: dana.telephone_number, comm_method: 'sms', employee_id: 'E1001' }), 429);
      assert.match(refused[0].message, /^Too many attempts\. Please wait 60 minutes and try again\.$/);
    });

    it('a double submit registers once and sends one code', async () => {
      const k = key();
      const body = { vendor_code: vendorCode, telephone_number: priya.telephone_number, comm_method: 'sms', employee_id: priya.employee_id };
      const before = await server.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).where('recipient', '=', priya.telephone_number).executeTakeFirstOrThrow();
      const [a, b] = await Promise.all([post('init', body, k), post('init', body, k)]);
      assert.equal(a.body.data.id, b.body.data.id);
      const afterCount = await server.db.selectFrom('outbox').select(sql<number>`count(*)::int`.as('n')).where('recipient', '=', priya.telephone_number).executeTakeFirstOrThrow();
      assert.equal(afterCount.n, before.n + 1);
    });
  });

  describe('POST /api/b2w/validate', () => {
    it('accepts the right code, and the same right code again (a retry)', async () => {
      const reg = await register(dana);
      const code = await codeSentTo(dana.telephone_number);
      const ok = await post('validate', { ...reg, code }, null);
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.data.attributes.confirmed, true);
      assert.equal((await post('validate', { ...reg, code }, null)).status, 200);
      const other = code === '000000' ? '111111' : '000000';
      assert.deepEqual(errorsOf(await post('validate', { ...reg, code: other }, null), 422), [{ field: 'code', message: CODE_WRONG }]);
    });

    it('refuses the 6th try after 5 wrong codes, even with the right code', async () => {
      const reg = await register(dana);
      const code = await codeSentTo(dana.telephone_number);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 1; i < 5; i++) assert.deepEqual(errorsOf(await post('validate', { ...reg, code: wrong }, null), 422), [{ field: 'code', message: CODE_WRONG }]);
      assert.deepEqual(errorsOf(await post('validate', { ...reg, code: wrong }, null), 422), [{ field: 'code', message: CODE_LOCKED }]);
      assert.deepEqual(errorsOf(await post('validate', { ...reg, code }, null), 422), [{ field: 'code', message: CODE_LOCKED }]);
    });

    it('refuses an expired code', async () => {
      const reg = await register(luis);
      const code = await codeSentTo(luis.telephone_number);
      await withClock(async (move) => {
        move(10 * 60_000 + 5000); // the code's 10 minutes, written out
        assert.deepEqual(errorsOf(await post('validate', { ...reg, code }, null), 422), [{ field: 'code', message: CODE_EXPIRED }]);
      });
    });

    it('refuses a code sent with another phone number or vendor than the registration, and unmatched registrations', async () => {
      const reg = await register(dana);
      const code = await codeSentTo(dana.telephone_number);
      errorsOf(await post('validate', { ...reg, telephone_number: luis.telephone_number, code }, null), 422);
      errorsOf(await post('validate', { ...reg, vendor_code: 'OTHER', code }, null), 422);
      errorsOf(await post('validate', { ...reg, registration_uid: 'not-a-uuid', code }, null), 422);
      const unmatched = await post('init', { vendor_code: vendorCode, telephone_number: '6145559998', comm_method: 'sms', employee_id: 'E1001' });
      errorsOf(await post('validate', { registration_uid: unmatched.body.data.id, vendor_code: vendorCode, telephone_number: '6145559998', comm_method: 'sms', code }, null), 422);
      assert.deepEqual(errorsOf(await post('validate', { ...reg, code: '' }, null), 422), [{ field: 'code', message: 'Required' }]);
      assert.deepEqual(errorsOf(await post('validate', { ...reg, code: '12ab' }, null), 422), [{ field: 'code', message: 'Must be the 6-digit code' }]);
    });

    it('limits code guesses per registration with a 429', async () => {
      const reg = await register(priya);
      for (let i = 0; i < B2W_CODE_LIMIT.perValue; i++) await post('validate', { ...reg, code: '999999' }, null);
      assert.match(errorsOf(await post('validate', { ...reg, code: '999999' }, null), 429)[0].message, /^Too many attempts/);
    });
  });

  describe('POST /api/b2w/status', () => {
    const assessment = (data: Record<string, unknown>) => ({ assessment_date: today(), ...data });

    it('stores the assessment and answers the outcome: report', async () => {
      const { reg, code } = await confirmed(dana);
      const answer = await post('status', { ...reg, code, data: assessment({ high_temp: false, low_temp_complications: false }) });
      assert.equal(answer.status, 201, answer.text);
      assert.equal(answer.body.data.attributes.outcome, 'report');
      const rows = await server.db.selectFrom('b2w_assessment').selectAll().execute();
      assert.equal(rows.length, 1);
      assert.equal(rows[0].assessment_date, today());
      assert.equal(rows[0].outcome, 'report');
    });

    it('a high temperature, or complications, means do not report', async () => {
      const { reg, code } = await confirmed(dana);
      const high = await post('status', { ...reg, code, data: assessment({ high_temp: true, low_temp_complications: false }) });
      assert.equal(high.body.data.attributes.outcome, 'do-not-report');
      assert.equal(high.body.data.attributes.low_temp_complications, null, 'not asked when the temperature is high');
      const other = await confirmed(luis);
      const complications = await post('status', { ...other.reg, code: other.code, data: assessment({ high_temp: false, low_temp_complications: true }) });
      assert.equal(complications.body.data.attributes.outcome, 'do-not-report');
    });

    it('a double submit stores one record; another submission for the same day is a 409', async () => {
      const { reg, code } = await confirmed(priya);
      const k = key();
      const body = { ...reg, code, data: assessment({ high_temp: false, low_temp_complications: false }) };
      const [a, b] = await Promise.all([post('status', body, k), post('status', body, k)]);
      assert.deepEqual([a.status, b.status], [201, 201]);
      assert.deepEqual(a.body, b.body);
      assert.equal((await server.db.selectFrom('b2w_assessment').selectAll().execute()).length, 1);
      assert.deepEqual(errorsOf(await post('status', body), 409), [{ message: ALREADY_ASSESSED }]);
    });

    it('never trusts the browser: an unconfirmed registration or a wrong code is refused', async () => {
      const reg = await register(dana);
      const code = await codeSentTo(dana.telephone_number);
      const data = assessment({ high_temp: false, low_temp_complications: false });
      assert.deepEqual(errorsOf(await post('status', { ...reg, code, data }), 403), [{ message: NOT_CONFIRMED }]);
      assert.equal((await post('validate', { ...reg, code }, null)).status, 200);
      const wrong = code === '000000' ? '111111' : '000000';
      errorsOf(await post('status', { ...reg, code: wrong, data }), 403);
      errorsOf(await post('status', { ...reg, telephone_number: luis.telephone_number, code, data }), 403);
      assert.equal((await server.db.selectFrom('b2w_assessment').selectAll().execute()).length, 0);
    });

    it('refuses each invalid case with field errors', async () => {
      const { reg, code } = await confirmed(luis);
      const fields = async (data: object) => errorsOf(await post('status', { ...reg, code, data }), 422);
      assert.deepEqual(await fields({ high_temp: false, low_temp_complications: false }), [{ field: 'data.assessment_date', message: 'Required' }]);
      assert.deepEqual(await fields({ assessment_date: '2024-02-30', high_temp: false, low_temp_complications: false }), [{ field: 'data.assessment_date', message: 'Must be a date' }]);
      assert.deepEqual(await fields({ assessment_date: '2001-01-01', high_temp: false, low_temp_complications: false }), [{ field: 'data.assessment_date', message: "Must be today's date" }]);
      assert.deepEqual(await fields({ assessment_date: today() }), [{ field: 'data.high_temp', message: 'Required' }]);
      assert.deepEqual(await fields({ assessment_date: today(), high_temp: false }), [{ field: 'data.low_temp_complications', message: 'Required' }]);
      assert.equal((await post('status', { ...reg, code, data: { assessment_date: today(), high_temp: true } })).status, 201, 'complications not needed when the temperature is high');
    });

    it('limits assessments per registration with a 429', async () => {
      const { reg, code } = await confirmed(dana);
      for (let i = 0; i < B2W_STATUS_LIMIT.perValue; i++) await post('status', { ...reg, code, data: { assessment_date: today(), high_temp: true } });
      errorsOf(await post('status', { ...reg, code, data: { assessment_date: today(), high_temp: true } }), 429);
    });
  });
});
