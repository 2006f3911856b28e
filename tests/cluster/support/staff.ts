import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo-users';
import { DEFAULT_TIME_ZONE, todayIn } from '../../../shared/schemas/medical-events';
import type { BrowserLikeClient, Reply } from './client';
import { sleep } from './wait';

/**
 * Simulated staff for load under a restart: each signs in, then reads a
 * patient's notes and adds one, over and over. Every answer is kept; a note
 * answered 201 is an acknowledged write that must be in the database after.
 */
export interface Load {
  answers: number;
  failures: string[];
  /** Notes answered 201: id and text. */
  acknowledged: Map<string, string>;
  /** Every answer's time in ms, for the p95. */
  latencies: number[];
  stop(): Promise<void>;
}

export async function signIn(client: BrowserLikeClient, userName: string): Promise<string> {
  const answer = await client.request('/api/auth/login', { body: { user_name: userName, password: DEMO_PASSWORD } });
  if (answer.status !== 200) throw new Error(`sign-in as ${userName}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text).data.attributes.token;
}

const notePayload = (patientUid: string, note: string) => ({
  data: { type: 'notes', attributes: { note, activity_date: todayIn(DEFAULT_TIME_ZONE) }, relationships: { patient: { data: { type: 'patients', id: patientUid } } } },
});

export function startLoad(client: BrowserLikeClient, token: string, patientUid: string, staff: number, marker: string, thinkMs = 0): Load {
  const load: Load = { answers: 0, failures: [], acknowledged: new Map(), latencies: [], stop: async () => {} };
  let running = true;
  const headers = { authorization: `Bearer ${token}` };
  const timed = async (what: string, send: () => Promise<Reply>, ok: number): Promise<Reply | undefined> => {
    const started = performance.now();
    try {
      const answer = await send();
      load.latencies.push(performance.now() - started);
      load.answers += 1;
      if (answer.status !== ok) load.failures.push(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      return answer;
    } catch (err) {
      load.failures.push(`${what}: ${(err as Error).message}`);
      return undefined;
    }
  };
  const person = async (n: number) => {
    for (let i = 0; running; i++) {
      await timed('GET notes', () => client.request(`/api/data/public/patient_note?patient_uid=${patientUid}&is_archived=false&page-size=5`, { headers }), 200);
      const note = `${marker} ${n}-${i}`;
      const key = randomUUID();
      const saved = await timed('POST note', () => client.request('/api/notes', { headers: { ...headers, 'idempotency-key': key }, body: notePayload(patientUid, note) }), 201);
      if (saved?.status === 201) load.acknowledged.set(JSON.parse(saved.text).data.id, note);
      if (thinkMs) await sleep(thinkMs * (0.5 + Math.random()));
    }
  };
  const people = Array.from({ length: staff }, (_, n) => person(n));
  load.stop = async () => {
    running = false;
    await Promise.all(people);
  };
  return load;
}

export const p95 = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};
