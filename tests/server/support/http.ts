import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo-users';
import type { Db } from '../../../server/db/connect';

/** What a call answered: status, headers, parsed JSON body (or null) and the raw text. */
export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  method?: string;
  token?: string;
  cookie?: string;
  csrf?: string;
  body?: unknown;
  /** Sent as-is (no JSON encoding), e.g. broken JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(baseUrl: string, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.csrf) headers['x-csrf-token'] = options.csrf;
  let body: string | undefined;
  if (options.rawBody !== undefined) {
    body = options.rawBody;
    headers['content-type'] ??= 'application/json';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(baseUrl + path, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

export interface LoggedIn {
  token: string;
  csrf: string;
  cookie: string;
  session: Record<string, any>;
}

export async function login(baseUrl: string, userName: string, password = DEMO_PASSWORD): Promise<LoggedIn> {
  const answer = await call(baseUrl, '/api/auth/login', { body: { user_name: userName, password } });
  assert.equal(answer.status, 200, `login as ${userName}: ${answer.text}`);
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('careweave_session='))!.split(';')[0];
  const session = answer.body.data.attributes;
  return { token: session.token, csrf: session.csrf_token, cookie, session };
}

/** Asserts the standard error document and returns its messages. */
export function errorsOf(answer: Answer, status: number): { field?: string; message: string }[] {
  assert.equal(answer.status, status, `expected ${status}, got ${answer.status}: ${answer.text}`);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  assert.ok(Array.isArray(answer.body?.errors) && answer.body.errors.length > 0, `errors list in ${answer.text}`);
  for (const e of answer.body.errors) {
    assert.equal(typeof e.message, 'string');
    assert.deepEqual(Object.keys(e).filter((k) => k !== 'field' && k !== 'message'), [], `only field and message in ${answer.text}`);
  }
  assertNoInternals(answer.text);
  return answer.body.errors;
}

/** A 422's field errors as `{ field: message }`, for comparing a form's whole answer at once. */
export function fieldErrors(answer: Answer): Record<string, string> {
  return Object.fromEntries(errorsOf(answer, 422).map((e) => [e.field, e.message]));
}

/** No SQL, stack traces or file paths in what the server says. */
export function assertNoInternals(text: string): void {
  assert.doesNotMatch(text, /\bselect\b|\bSQL\b|syntax error|\bat .+\.(ts|js):\d+|node_modules|"stack"|postgres|pg_/i, `internals leaked: ${text}`);
}

export interface DemoFacts {
  divisionUids: [string, string];
  /** Restricted patients in division 1: [navigator's own case, two others]. */
  restricted: { mine: string; others: [string, string] };
  adoption: [string, string];
}

/** Ground truth about the seeded demo data (not an imported extract's), read straight from the database. */
export async function demoFacts(db: Db): Promise<DemoFacts> {
  const divisions = await db.selectFrom('division').select(['division_uid', 'division_name']).orderBy('division_name').execute();
  assert.deepEqual(divisions.map((d) => d.division_name), ['Franklin County Care', 'Summit County Care']);
  const cases = await sql<{ patient_uid: string; case_category: string; wkr_email: string }>`
    select patient_uid, case_category, wkr_email from patient_case where not from_extract order by case_id`.execute(db);
  const protective = cases.rows.filter((c) => c.case_category === 'Protective');
  const adoption = cases.rows.filter((c) => c.case_category === 'Adoption');
  assert.equal(protective.length, 3);
  assert.equal(adoption.length, 2);
  const mine = protective.filter((c) => c.wkr_email === 'navigator@careweave.test');
  assert.equal(mine.length, 1);
  const others = protective.filter((c) => c.wkr_email !== 'navigator@careweave.test').map((c) => c.patient_uid);
  return {
    divisionUids: [divisions[0].division_uid, divisions[1].division_uid],
    restricted: { mine: mine[0].patient_uid, others: [others[0], others[1]] },
    adoption: [adoption[0].patient_uid, adoption[1].patient_uid],
  };
}

/**
 * A patient of the first division that every demo user of it may open (no
 * restricted or adoption case) and that has no row in `table`, so the list a
 * test reads holds only what the test adds; the first by last name in `order`.
 */
export async function patientWithout(db: Db, facts: DemoFacts, table: 'patient_note' | 'patient_resource' | 'provider_patient', order: 'asc' | 'desc' = 'asc'): Promise<string> {
  const hidden = [facts.restricted.mine, ...facts.restricted.others, ...facts.adoption];
  const row = await db
    .selectFrom('patient')
    .select('patient_uid')
    .where('division_uid', '=', facts.divisionUids[0])
    .where('patient_uid', 'not in', hidden)
    .where(sql<boolean>`not exists (select 1 from ${sql.table(table)} t where t.patient_uid = patient.patient_uid)`)
    .orderBy('last_name', order)
    .executeTakeFirstOrThrow();
  return row.patient_uid;
}
