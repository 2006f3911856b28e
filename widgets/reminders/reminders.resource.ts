import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { snakeCase } from '../../shared/casing';
import { nowMs } from '../../shared/clock';
import { NAVIGATOR_LIST_LIMIT } from '../../shared/constants';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult } from '../kit/data-table';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** A row of `home-page-notifications-view` after key conversion (spec 000 "Reminder (notification)"). */
export interface Reminder {
  id: string;
  patientUid: string;
  patientFirstName: string;
  patientLastName: string;
  reminderDate: string;
  note: string;
  isRead: boolean;
  displayName: string | null;
  targetUid: string | null;
  assignedTo: string | null;
}

/** Spec 002 "Navigator provider". */
export interface Navigator {
  providerUid: string;
  displayName: string;
  userUid: string | null;
  providerRoleLabel: string | null;
}

/** `GET reminders/me`: who "assigned to me" is. */
interface Assignee {
  userUid: string;
  orgUid: string;
  providerUid: string | null;
}

export type ReminderChange = Partial<Pick<Reminder, 'isRead' | 'displayName' | 'targetUid' | 'reminderDate'>>;

const VIEW = 'data/public/home-page-notifications-view';
/** The spec leaves the reminder-list limit open (000 section 9); one person's day stays far below this. */
export const CARD_LIST_LIMIT = 100;

const rowsOf = <A>(doc: Document<Resource<A>[]>) => doc.data.map((r) => r.attributes);

/** Today in the user's own time zone, as the instants the server compares with. */
export function todayRange(now = dayjs(nowMs())) {
  return { start: now.startOf('day').toISOString(), end: now.endOf('day').toISOString() };
}

export const isDueToday = (reminder: Reminder, now = dayjs(nowMs())) => dayjs(reminder.reminderDate).isSame(now, 'day');

async function fetchToday(client: ApiClient, targetUid: string | null): Promise<Reminder[]> {
  const { start, end } = todayRange();
  const doc = await client.get<Document<Resource<Reminder>[]>>(VIEW, {
    'reminderDate__>>=': start,
    'reminderDate__<=': end,
    targetUid,
    isRead: false,
    sort: '-reminder_date',
    pageSize: CARD_LIST_LIMIT,
  });
  return rowsOf(doc);
}

export async function fetchNavigators(client: ApiClient, orgUid: string): Promise<Navigator[]> {
  const doc = await client.get<Document<Resource<Navigator>[]>>('providers/mv', {
    limit: NAVIGATOR_LIST_LIMIT,
    orgUsersOnly: true,
    'organization-id': orgUid,
    roleType: 'Navigator',
  });
  return rowsOf(doc);
}

export async function updateReminder(client: ApiClient, id: string, attributes: ReminderChange): Promise<Reminder> {
  const doc = await client.put<Document<Resource<Reminder>>>(`data/public/notification/${encodeURIComponent(id)}`, { data: { type: 'notification', id, attributes } });
  return doc.data.attributes;
}

export async function deleteReminder(client: ApiClient, id: string): Promise<void> {
  await client.delete(`data/public/notification/${encodeURIComponent(id)}`);
}

/** The full page's rows: unread reminders I may see. Table columns are the view's columns in camelCase. */
export async function fetchReminderPage(client: ApiClient, { page, pageSize, sort }: PageRequest): Promise<PageResult<Reminder & Record<string, unknown>>> {
  const wireSort = sort
    .split(',')
    .filter(Boolean)
    .map((s) => (s.startsWith('-') ? `-${snakeCase(s.slice(1))}` : snakeCase(s)))
    .join(',');
  const doc = await client.get<Document<Resource<Reminder>[]>>(VIEW, { page, pageSize, sort: wireSort || undefined, isRead: false });
  return { rows: rowsOf(doc) as (Reminder & Record<string, unknown>)[], total: doc.meta?.total ?? doc.data.length };
}

/** The page's fetcher and Mark as Done; a done reminder leaves the table through a fresh fetch. */
export function useReminderPage() {
  const client = useWidgetApi();
  const [version, setVersion] = useState(0);
  // A new version makes a new fetcher, and DataTable refetches whenever its fetcher changes.
  const fetchPage = useCallback((request: PageRequest) => fetchReminderPage(client, request), [client, version]);
  const markDone = useCallback(
    async (reminder: Reminder) => {
      await updateReminder(client, reminder.id, { isRead: true });
      setVersion((v) => v + 1);
    },
    [client],
  );
  return { fetchPage, markDone };
}

export interface Load<T> {
  data: T | null;
  error: unknown;
  isLoading: boolean;
}

/** The navigators of my organisation I may assign to; waits for the organisation. */
export function useNavigators(orgUid: string | undefined): Loaded<Navigator[]> {
  const client = useWidgetApi();
  // Until the organisation is known the list stays loading (an empty list would read as 'no navigators').
  return useLoaded(() => (orgUid ? fetchNavigators(client, orgUid) : new Promise<never>(() => {})), [client, orgUid]);
}

/** Who I am as an assignee (`reminders/me`). */
export const fetchMe = async (client: ApiClient) => (await client.get<Document<Resource<Assignee>>>('reminders/me')).data.attributes;

/**
 * Today's unread reminders for the card: mine and unassigned, one list in
 * state so a change can move a reminder between them, and who I am. The
 * unassigned are asked for at once and mine as soon as `reminders/me`
 * answers, in one chain, not after a render: they are the home's largest
 * paint. Changes show at once and are put back as they were when the server
 * refuses them.
 */
export function useTodayReminders() {
  const client = useWidgetApi();
  const [state, setState] = useState<Load<Reminder[]> & { who: Assignee | null }>({ data: null, who: null, error: null, isLoading: true });

  useEffect(() => {
    let live = true;
    const unassigned = fetchToday(client, null);
    const mine = fetchMe(client).then(async (who) => {
      if (live) setState((s) => ({ ...s, who }));
      // Without a navigator record of my own nothing can be assigned to me.
      return who.providerUid ? fetchToday(client, who.providerUid) : [];
    });
    Promise.all([mine, unassigned]).then(
      ([own, rest]) => live && setState((s) => ({ ...s, data: [...own, ...rest], error: null, isLoading: false })),
      (error: unknown) => live && setState((s) => ({ ...s, data: null, error, isLoading: false })),
    );
    return () => {
      live = false;
    };
  }, [client]);

  const replace = (id: string, next: Reminder | null) =>
    setState((s) => ({ ...s, data: (s.data ?? []).flatMap((r) => (r.id === id ? (next ? [next] : []) : [r])) }));
  /** Restores a reminder even if it had been dropped from the list meanwhile. */
  const restore = (original: Reminder) =>
    setState((s) => {
      const rest = (s.data ?? []).filter((r) => r.id !== original.id);
      return { ...s, data: [...rest, original] };
    });

  const change = useCallback(
    async (reminder: Reminder, attributes: ReminderChange) => {
      replace(reminder.id, { ...reminder, ...attributes });
      try {
        replace(reminder.id, await updateReminder(client, reminder.id, attributes));
      } catch (error) {
        restore(reminder);
        throw error;
      }
    },
    [client],
  );

  const remove = useCallback(
    async (reminder: Reminder) => {
      replace(reminder.id, null);
      try {
        await deleteReminder(client, reminder.id);
      } catch (error) {
        restore(reminder);
        throw error;
      }
    },
    [client],
  );

  return { ...state, change, remove };
}
