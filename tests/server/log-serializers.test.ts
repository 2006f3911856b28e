import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { CASELOAD, phoneOf } from '../../server/db/seed/caseload';
import { registerErrorHandling } from '../../server/errors';
import { consoleError, loggableUrl } from '../../server/log-serializers';
import { loggerOptions } from '../../server/logger';
import { requestId, sendRequestIds } from '../../server/request-id';
import { logProblems } from '../e2e/support/log-check';

const dir = mkdtempSync(path.join(tmpdir(), 'careweave-log-serializers-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const patient = CASELOAD[5];
const phone = phoneOf(5);

/** PostgreSQL's error as pg gives it: the refused value in the message, detail and where. */
function databaseError(message: string, code: string, fields: Record<string, string> = {}) {
  return Object.assign(new pg.DatabaseError(message, 100, 'error'), { severity: 'ERROR', code, detail: `Key (mobile_phone)=(${phone}) already exists.`, where: `SQL function "find" statement 1: ${patient.last}`, ...fields });
}

/** An app with the server's logger and error handling, logging every request to a file. */
async function loggingApp(file: string) {
  const app = Fastify({ logger: loggerOptions(loadConfig({ LOG_REQUESTS: '1', LOG_FILE: file })), genReqId: requestId });
  registerErrorHandling(app);
  sendRequestIds(app);
  app.post('/api/patients', async () => {
    throw databaseError('duplicate key value violates unique constraint "patient_mobile_phone_key"', '23505', { constraint: 'patient_mobile_phone_key', table: 'patient' });
  });
  app.get('/api/patient-search', async () => {
    throw databaseError(`invalid input syntax for type date: "${patient.birth}x"`, '22007');
  });
  app.get('/api/reports', async (request) => {
    request.log.error(new Error(`Expected a string, but received: \`"${patient.first} ${patient.last}"\``));
    return { ok: true };
  });
  return app;
}

describe('log lines (server/log-serializers.ts, LOG_FILE, LOG_REQUESTS)', () => {
  it('a URL keeps its path and how a list is shown; every other query value, and an opt-out token, is hidden', () => {
    assert.equal(loggableUrl(`/api/patient-search?q=${patient.last}&page=2&page-size=25&sort=-last_name&phone=(614)%20555-0215`), '/api/patient-search?q=[redacted]&page=2&page-size=25&sort=-last_name&phone=[redacted]');
    assert.equal(loggableUrl(`/api/x?${patient.last}&sort=a b&token=secret`), '/api/x?[redacted]&sort=[redacted]&token=[redacted]');
    assert.equal(loggableUrl('/api/public/engagements/opt-out/tok3n?lang=en'), '/api/public/engagements/opt-out/[redacted]?lang=en');
    assert.equal(loggableUrl('/api/patients/8a3b/notes'), '/api/patients/8a3b/notes');
  });

  it('writes JSON lines with the reqId to LOG_FILE: method, URL, address, status and time, errors without the values they quote', async () => {
    const file = path.join(dir, 'server.log');
    const app = await loggingApp(file);
    const ids: string[] = [];
    try {
      const answers = [
        await app.inject({ method: 'POST', url: `/api/patients?first_name=${patient.first}`, payload: { first_name: patient.first, mobile_phone: phone }, headers: { authorization: 'Bearer s3cret', cookie: 'sid=abc' } }),
        await app.inject({ method: 'GET', url: `/api/patient-search?q=${encodeURIComponent(`${patient.first} ${patient.last}`)}&dob=${patient.birth}` }),
        await app.inject({ method: 'GET', url: '/api/reports?page=1' }),
      ];
      assert.deepEqual(answers.map((a) => a.statusCode), [500, 400, 200]);
      ids.push(...answers.map((a) => a.headers['x-request-id'] as string));
    } finally {
      await app.close();
    }
    const text = readFileSync(file, 'utf8');
    assert.deepEqual(logProblems(text), []);
    for (const secret of ['s3cret', 'sid=abc', 'detail', 'where', 'Key (']) assert.ok(!text.includes(secret), `the log holds ${secret}:\n${text}`);
    const lines = text.trim().split('\n').map((l) => JSON.parse(l));
    for (const id of ids) assert.ok(lines.filter((l) => l.reqId === id).length >= 3, `incoming, completed and the error line of ${id}`);

    const incoming = lines.find((l) => l.reqId === ids[0] && l.req);
    assert.deepEqual(incoming.req, { method: 'POST', url: '/api/patients?first_name=[redacted]', remoteAddress: '127.0.0.1' });
    const completed = lines.find((l) => l.reqId === ids[0] && l.res);
    assert.deepEqual(completed.res, { statusCode: 500 });
    assert.equal(typeof completed.responseTime, 'number');

    const failed = lines.find((l) => l.reqId === ids[0] && l.err);
    assert.equal(failed.msg, 'request failed');
    assert.deepEqual(
      { ...failed.err, stack: undefined },
      { type: 'DatabaseError', code: '23505', message: 'duplicate key value violates unique constraint "[redacted]"', constraint: 'patient_mobile_phone_key', table: 'patient', stack: undefined },
    );
    assert.match(failed.err.stack, /^error: duplicate key value violates unique constraint "\[redacted\]"\n\s+at /);

    const refused = lines.find((l) => l.reqId === ids[1] && l.err);
    assert.equal(refused.msg, 'data exception');
    assert.equal(refused.err.message, 'invalid input syntax for type date: "[redacted]"');

    // pino takes the message of log.error(err) from the error.
    const logged = lines.find((l) => l.reqId === ids[2] && l.err);
    assert.equal(logged.msg, 'Expected a string, but received: `[redacted]`');
  });

  it('a failed start prints a PostgreSQL error without its detail and where, any other error whole', () => {
    const printed = JSON.stringify(consoleError(databaseError(`new row for relation "patient" violates check constraint "x"`, '23514')));
    assert.ok(!printed.includes(phone) && !printed.includes(patient.last) && !printed.includes('detail'), printed);
    const refusal = new Error('TRUST_PROXY must be a hop count (e.g. 1) or a list of proxy addresses, not "true"');
    assert.equal(consoleError(refusal), refusal);
  });

  it('logs only server errors without LOG_REQUESTS, to stderr without LOG_FILE', () => {
    const quiet = loggerOptions(loadConfig({}));
    assert.equal(quiet.level, 'error');
    assert.equal(quiet.stream, process.stderr);
    assert.equal(loggerOptions(loadConfig({ LOG_REQUESTS: '1', LOG_LEVEL: 'debug' })).level, 'debug');
  });
});
