import dayjs from 'dayjs';
import { nowMs } from '../../../shared/clock';
import { signInAs } from './sign-in';
import { waitForAsync } from './dom';

/** Talks to the real test server directly (not through a widget), to set up and check reminders. */
export const url = __CAREWEAVE_URL__;

export interface Api {
  token: string;
  /** The caller's navigator provider id. */
  me: string;
  navigators: { id: string; attributes: { display_name: string } }[];
  call: (path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<any>;
}

export async function signIn(userName = 'navigator'): Promise<Api> {
  const { token } = await signInAs(userName);
  const call = async (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const response = await fetch(`${url}/api${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const me = (await call('/reminders/me')).body.data.attributes;
  const navigators = (await call(`/providers/mv?role_type=Navigator&org_users_only=true&organization-id=${me.org_uid}`)).body.data;
  return { token, me: me.provider_uid, navigators, call };
}

/** A patient the navigator may see: one the seeded reminders are about. */
export async function visiblePatient(api: Api): Promise<string> {
  return (await api.call('/data/public/home-page-notifications-view?page-size=1')).body.data[0].attributes.patient_uid;
}

let counter = 0;
/** A reminder due at noon today with a note unique to the test run. */
export async function createReminder(api: Api, patientUid: string, targetUid: string | null, note = `Browser test reminder ${Date.now()}-${++counter}`) {
  const answer = await api.call('/reminders', {
    body: {
      data: {
        type: 'reminders',
        attributes: { subject_uid: patientUid, subject_type: 'patient', reminder_date: dayjs(nowMs()).hour(12).startOf('hour').toISOString(), note, target_uid: targetUid },
        relationships: { patient: { data: { type: 'patients', id: patientUid } } },
      },
    },
  });
  if (answer.status !== 201) throw new Error(`create reminder: ${JSON.stringify(answer.body)}`);
  return { id: answer.body.data.id as string, note };
}

export async function reminderRow(api: Api, id: string) {
  const answer = await api.call(`/data/public/home-page-notifications-view/${id}`);
  return answer.status === 200 ? answer.body.data.attributes : null;
}

/** Polls an asynchronous check (the server's state after an optimistic change) until it holds. */
export async function eventually(check: () => Promise<boolean>, message = 'the server state', timeout = 5000): Promise<void> {
  await waitForAsync(check, { message, timeout });
}
