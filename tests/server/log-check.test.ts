import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CASELOAD, phoneOf } from '../../server/db/seed/caseload';
import { IDENTITY_CHILDREN } from '../../server/db/seed/identity-children';
import { logProblems } from '../e2e/support/log-check';

/** A request's two lines as Fastify writes them with LOG_REQUESTS=1, the URL as given; the time holds a phone's digits, not a phone number. */
const requestLines = (url: string, reqId = 'r-1') => [
  JSON.stringify({ level: 30, time: 1761455502101, pid: 7, hostname: 'ci', reqId, req: { method: 'GET', url, remoteAddress: '127.0.0.1' }, msg: 'incoming request' }),
  JSON.stringify({ level: 30, time: 1761455502109, pid: 7, hostname: 'ci', reqId, res: { statusCode: 200 }, responseTime: 8.2, msg: 'request completed' }),
];
const log = (...lines: string[]) => `${lines.join('\n')}\n`;
const CLEAN = log(JSON.stringify({ level: 30, time: 1, pid: 7, hostname: 'ci', msg: 'Server listening at http://127.0.0.1:40123' }), ...requestLines('/api/patient-search?q=[redacted]&page=2'));

// The fifth of the caseload in the seed; its index is also what phoneOf numbers.
const at = 5;
const patient = CASELOAD[at];
const phone = phoneOf(at);

describe('the e2e log check (tests/e2e/support/log-check.ts)', () => {
  it('passes a log of JSON request lines with their reqId and no patient data', () => {
    assert.deepEqual(logProblems(CLEAN), []);
  });

  it('finds a demo patient name, as typed, URL-encoded, without its accents, and a full name of everyday words', () => {
    const accented = IDENTITY_CHILDREN.find((c) => c.last === 'García')!;
    for (const url of [`/api/patient-search?q=${patient.last}`, `/api/x?q=${patient.first.toUpperCase()}`, `/api/x?name=${encodeURIComponent(accented.last)}`, '/api/x?name=garcia', '/api/x?q=Juniper+Hale']) {
      const problems = logProblems(log(...requestLines(url)));
      assert.equal(problems.length, 1, `${url}: ${problems.join('\n')}`);
      assert.match(problems[0], /^line 1 holds the name /);
    }
    // Everyday words alone, and a name inside another word, are not a patient's name.
    assert.deepEqual(logProblems(log(...requestLines('/api/x?q=juniper'), ...requestLines(`/api/x?q=s${patient.last}s`))), []);
  });

  it('finds a demo phone number in every form it is written, and a birth date and street', () => {
    const [a, b, c] = [phone.slice(0, 3), phone.slice(3, 6), phone.slice(6)];
    for (const form of [phone, `${a}-${b}-${c}`, encodeURIComponent(`(${a}) ${b}-${c}`), `${a}.${b}.${c}`, `%2B1+${a}+${b}+${c}`]) {
      const problems = logProblems(log(...requestLines(`/api/x?phone=${form}`)));
      assert.deepEqual(problems.map((p) => p.split(':')[0]), [`line 1 holds the phone number ${phone}`], form);
    }
    const [y, m, d] = patient.birth.split('-');
    assert.match(logProblems(log(...requestLines(`/api/x?dob=${m}%2F${d}%2F${y}`)))[0], /holds the birth date/);
    assert.match(logProblems(log(JSON.stringify({ reqId: 'r', err: { message: `bad date: ${patient.birth}` } })))[0], /holds the birth date/);
    assert.match(logProblems(log(...requestLines(`/api/x?addr=${encodeURIComponent(patient.address.addr1)}`)))[0], /holds the street/);
    assert.match(logProblems(log(JSON.stringify({ reqId: 'r', phone: Number(phone) })))[0], /holds the phone number/);
  });

  it('fails a line that is not JSON, a request line without its reqId, and a log without requests', () => {
    assert.match(logProblems(`${CLEAN}[careweave] started\n`).join('\n'), /^line 4 is not JSON/);
    assert.match(logProblems(log(JSON.stringify({ reqId: 'r', msg: 'x' }), JSON.stringify({ res: { statusCode: 200 } })))[0], /^line 2 is about a request but has no reqId/);
    assert.match(logProblems('').join('\n'), /no line carries a reqId/);
    assert.match(logProblems(log(JSON.stringify({ msg: 'Server listening' }))).join('\n'), /no line carries a reqId/);
  });
});
