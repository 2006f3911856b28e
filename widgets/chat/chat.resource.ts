import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { CHAT_PAGE_SIZE, MAX_CHAT_PAGE_SIZE, type ChatMessage, type ChatSubscription, type SubscriptionReadEvent } from '../../shared/schemas/chat';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';
import { $counters, counterMark, noteCounter, readEventCounter, replaceCounters, unreadTotal, useChatFeed } from './chat-socket';

/** `GET real-time-subscription?recipient_user_uid=`: the caller's conversations, newest activity first. */
export async function fetchSubscriptions(client: ApiClient, userUid: string | undefined): Promise<ChatSubscription[]> {
  const mark = counterMark();
  // A widget given only a token knows its user from session/current.
  const recipient = userUid ?? (await client.get<Document<Resource<{ userUid: string }>>>('session/current')).data.attributes.userUid;
  const doc = await client.get<Document<Resource<ChatSubscription>[]>>('real-time-subscription', { recipientUserUid: recipient });
  const subscriptions = doc.data.map((r) => r.attributes);
  replaceCounters(Object.fromEntries(subscriptions.map((s) => [s.subscriptionUid, { lastSeq: s.lastSeq, lastReadSeq: s.lastReadSeq }])), mark);
  return subscriptions;
}

export interface Subscriptions {
  data: ChatSubscription[] | null;
  error: unknown;
  isLoading: boolean;
}

/** The conversation list, kept current by the socket (a new message moves its conversation to the top). */
export function useSubscriptions(): Subscriptions & { reload: () => void } {
  const client = useWidgetApi();
  const userUid = useWidgetSession()?.userUid;
  const [state, setState] = useState<Subscriptions>({ data: null, error: null, isLoading: true });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    let live = true;
    fetchSubscriptions(client, userUid).then(
      (data) => live && setState({ data, error: null, isLoading: false }),
      (error: unknown) => live && setState({ data: null, error, isLoading: false }),
    );
    return () => {
      live = false;
    };
  }, [client, userUid, round]);
  useChatFeed({
    onMessage: ({ subscriptionUid, message, unreadCount }) =>
      setState((s) => {
        const known = s.data?.find((x) => x.subscriptionUid === subscriptionUid);
        // A conversation this list has not seen yet (the caller was just added): read the list again.
        if (!s.data || !known) {
          reload();
          return s;
        }
        const moved = { ...known, unreadCount, lastSeq: message.realTimeMessageSeq, lastMessage: message };
        return { ...s, data: [moved, ...s.data.filter((x) => x !== known)] };
      }),
    onRead: ({ subscriptionUid, lastReadSeq, unreadCount }) =>
      setState((s) => ({ ...s, data: s.data?.map((x) => (x.subscriptionUid === subscriptionUid ? { ...x, lastReadSeq, unreadCount } : x)) ?? null })),
    onJoin: reload,
  });
  return { ...state, reload };
}

interface MessagesMeta {
  subscriptionUid: string;
  lastReadSeq: number;
  lastSeq: number;
}

/** `GET patient/{id}/chat`: a page of messages by sequence number; null when the caller is not in the conversation yet (404). */
export async function fetchMessages(client: ApiClient, patientId: string, page: { before?: number; after?: number; pageSize?: number } = {}) {
  try {
    const doc = await client.get<Document<Resource<ChatMessage>[]>>(`patient/${encodeURIComponent(patientId)}/chat`, { ...page, pageSize: page.pageSize ?? CHAT_PAGE_SIZE });
    return { messages: doc.data.map((r) => r.attributes), meta: doc.meta as unknown as MessagesMeta };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.errors[0]?.message === 'Conversation not found') return null;
    throw error;
  }
}

/** `POST patient/{id}/chat` under one Idempotency-Key per submission. */
export async function sendMessage(client: ApiClient, patientId: string, body: string, idempotencyKey: string) {
  const doc = await client.post<Document<Resource<ChatMessage>>>(
    `patient/${encodeURIComponent(patientId)}/chat`,
    { data: { type: 'chat-messages', attributes: { body } } },
    undefined,
    idempotencyHeader(idempotencyKey),
  );
  return { message: doc.data.attributes, subscriptionUid: (doc.meta as { subscriptionUid: string }).subscriptionUid };
}

/** `PUT real-time-subscription/{id}`: read up to `lastReadSeq`. */
export async function markRead(client: ApiClient, subscriptionUid: string, lastReadSeq: number): Promise<void> {
  const doc = await client.put<Document<Resource<SubscriptionReadEvent>>>(`real-time-subscription/${encodeURIComponent(subscriptionUid)}`, {
    data: { type: 'real-time-subscriptions', attributes: { lastReadSeq } },
  });
  noteCounter(subscriptionUid, readEventCounter(doc.data.attributes));
}

/** Adds messages, keeping sequence order and each sequence number once. */
export const mergeMessages = (a: ChatMessage[], b: ChatMessage[]) => {
  const bySeq = new Map([...a, ...b].map((m) => [m.realTimeMessageSeq, m]));
  return [...bySeq.values()].sort((x, y) => x.realTimeMessageSeq - y.realTimeMessageSeq);
};

export interface Conversation {
  messages: ChatMessage[] | null;
  /** The caller's subscription; null until they are in the conversation. */
  subscriptionUid: string | null;
  error: unknown;
  isLoading: boolean;
  /** Whether messages older than the first shown exist. */
  hasOlder: boolean;
  loadingOlder: boolean;
}

/**
 * One patient's conversation: the newest page, older pages on request, new
 * messages from the socket, and after a reconnect the messages after the last
 * sequence number shown. Read marks follow what is shown while the page is visible.
 */
export function useConversation(patientId: string) {
  const client = useWidgetApi();
  const [state, setState] = useState<Conversation>({ messages: null, subscriptionUid: null, error: null, isLoading: true, hasOlder: false, loadingOlder: false });
  const stateRef = useRef(state);
  stateRef.current = state;

  /** The first page's read: a catch-up waits for it, so it starts from what that read showed. */
  const initial = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    let live = true;
    setState({ messages: null, subscriptionUid: null, error: null, isLoading: true, hasOlder: false, loadingOlder: false });
    initial.current = fetchMessages(client, patientId).then(
      (page) => live && setState({ messages: page?.messages ?? [], subscriptionUid: page?.meta.subscriptionUid ?? null, error: null, isLoading: false, hasOlder: (page?.messages[0]?.realTimeMessageSeq ?? 1) > 1, loadingOlder: false }),
      (error: unknown) => live && setState((s) => ({ ...s, error, isLoading: false })),
    );
    return () => {
      live = false;
    };
  }, [client, patientId]);

  const append = useCallback((messages: ChatMessage[], subscriptionUid?: string) => {
    setState((s) => ({ ...s, messages: mergeMessages(s.messages ?? [], messages), subscriptionUid: subscriptionUid ?? s.subscriptionUid }));
  }, []);

  /** Everything after the last message shown (pages of the largest size until none is left). */
  const catchUp = useCallback(async () => {
    for (;;) {
      const last = stateRef.current.messages?.at(-1)?.realTimeMessageSeq ?? 0;
      const page = await fetchMessages(client, patientId, { after: last, pageSize: MAX_CHAT_PAGE_SIZE });
      if (!page) return;
      append(page.messages, page.meta.subscriptionUid);
      stateRef.current = { ...stateRef.current, messages: mergeMessages(stateRef.current.messages ?? [], page.messages) };
      if (page.messages.length < MAX_CHAT_PAGE_SIZE) return;
    }
  }, [client, patientId, append]);

  useChatFeed({
    onMessage: ({ message }) => {
      if (message.patientUid !== patientId) return;
      const last = stateRef.current.messages?.at(-1)?.realTimeMessageSeq ?? 0;
      // The next one in sequence is shown as it comes; after a gap, ask for everything since the last shown.
      if (message.realTimeMessageSeq === last + 1) append([message]);
      else void catchUp().catch(() => {});
    },
    onJoin: () => void initial.current.then(catchUp).catch(() => {}),
  });

  const loadOlder = useCallback(async () => {
    const first = stateRef.current.messages?.[0]?.realTimeMessageSeq;
    if (!first || first <= 1 || stateRef.current.loadingOlder) return;
    setState((s) => ({ ...s, loadingOlder: true }));
    try {
      const page = await fetchMessages(client, patientId, { before: first });
      setState((s) => ({ ...s, messages: mergeMessages(page?.messages ?? [], s.messages ?? []), hasOlder: (page?.messages[0]?.realTimeMessageSeq ?? 1) > 1, loadingOlder: false }));
    } catch {
      setState((s) => ({ ...s, loadingOlder: false }));
    }
  }, [client, patientId]);

  const send = useCallback(
    async (body: string, key: string) => {
      const joining = !stateRef.current.subscriptionUid;
      const sent = await sendMessage(client, patientId, body, key);
      append([sent.message], sent.subscriptionUid);
      // The first message makes the caller a participant: the history is theirs to read now.
      if (joining) {
        const page = await fetchMessages(client, patientId).catch(() => null);
        if (page) setState((s) => ({ ...s, messages: mergeMessages(page.messages, s.messages ?? []), hasOlder: (page.messages[0]?.realTimeMessageSeq ?? 1) > 1 }));
      }
      return sent;
    },
    [client, patientId, append],
  );

  // Shown while the page is visible: read up to the last message.
  const subscriptionUid = state.subscriptionUid;
  const lastSeq = state.messages?.at(-1)?.realTimeMessageSeq ?? 0;
  useEffect(() => {
    if (!subscriptionUid || lastSeq === 0) return;
    const read = () => {
      if (document.visibilityState === 'visible') void markRead(client, subscriptionUid, lastSeq).catch(() => {});
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [client, subscriptionUid, lastSeq]);

  return { ...state, loadOlder, send };
}

/** The caller's unread messages over all conversations, kept current by the socket (the top bar's Chat badge). */
export function useUnreadTotal(): number {
  const client = useWidgetApi();
  const userUid = useWidgetSession()?.userUid;
  const [round, setRound] = useState(0);
  useEffect(() => {
    void fetchSubscriptions(client, userUid).catch(() => {});
  }, [client, userUid, round]);
  useChatFeed({ onJoin: () => setRound((r) => r + 1) });
  return unreadTotal(useStore($counters));
}
