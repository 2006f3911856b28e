import { useCallback, useEffect, useRef, useState } from 'react';
import { map } from 'nanostores';
import { useStore } from '@nanostores/react';
import { io, type Socket } from 'socket.io-client';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { camelKeys } from '../../shared/casing';
import {
  CHAT_PAGE_SIZE,
  MAX_CHAT_PAGE_SIZE,
  NEW_MESSAGE,
  SUBSCRIPTION_READ,
  type ChatMessage,
  type ChatSubscription,
  type NewMessageEvent,
  type SubscriptionReadEvent,
} from '../../shared/schemas/chat';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';

/** Unread messages per subscription, shared by every chat view on the page (the top bar's badge, the list). */
export const $unread = map<Record<string, number>>({});

export const unreadTotal = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

interface Shared {
  socket: Socket;
  users: number;
}
const sockets = new Map<string, Shared>();

/**
 * One socket per server and session on the page, shared by every chat view:
 * authenticated with the widget's bearer token (or the shell's cookie), it
 * joins 'subscriptions' on every (re)connect (spec 000 section 7). Closed when
 * the last view using it goes.
 */
function acquireSocket(client: ApiClient): { socket: Socket; release: () => void } {
  const { apiBase, token } = client.config;
  const key = `${apiBase}\u0000${token ?? ''}`;
  let shared = sockets.get(key);
  if (!shared) {
    const socket = io(new URL(apiBase, window.location.href).origin, {
      path: '/socket.io',
      auth: token ? { token } : {},
      withCredentials: !token,
      transports: ['websocket'],
    });
    socket.on('connect', () => socket.emit('join', 'subscriptions'));
    socket.on(NEW_MESSAGE, (raw: unknown) => {
      const event = camelKeys(raw) as NewMessageEvent;
      $unread.setKey(event.subscriptionUid, event.unreadCount);
    });
    socket.on(SUBSCRIPTION_READ, (raw: unknown) => {
      const event = camelKeys(raw) as SubscriptionReadEvent;
      $unread.setKey(event.subscriptionUid, event.unreadCount);
    });
    shared = { socket, users: 0 };
    sockets.set(key, shared);
  }
  shared.users += 1;
  const mine = shared;
  return {
    socket: mine.socket,
    release: () => {
      mine.users -= 1;
      if (mine.users === 0) {
        mine.socket.close();
        sockets.delete(key);
      }
    },
  };
}

export interface ChatFeedHandlers {
  onMessage?: (event: NewMessageEvent) => void;
  onRead?: (event: SubscriptionReadEvent) => void;
  /** After the socket comes back: ask for what was sent meanwhile. */
  onReconnect?: () => void;
}

/** Listens to the page's chat socket while mounted. */
export function useChatFeed(handlers: ChatFeedHandlers): void {
  const client = useWidgetApi();
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const { socket, release } = acquireSocket(client);
    let connectedBefore = socket.connected;
    const onMessage = (raw: unknown) => latest.current.onMessage?.(camelKeys(raw) as NewMessageEvent);
    const onRead = (raw: unknown) => latest.current.onRead?.(camelKeys(raw) as SubscriptionReadEvent);
    const onConnect = () => {
      if (connectedBefore) latest.current.onReconnect?.();
      connectedBefore = true;
    };
    socket.on(NEW_MESSAGE, onMessage);
    socket.on(SUBSCRIPTION_READ, onRead);
    socket.on('connect', onConnect);
    return () => {
      socket.off(NEW_MESSAGE, onMessage);
      socket.off(SUBSCRIPTION_READ, onRead);
      socket.off('connect', onConnect);
      release();
    };
  }, [client]);
}

/** `GET real-time-subscription?recipient_user_uid=`: the caller's conversations, newest activity first. */
export async function fetchSubscriptions(client: ApiClient, userUid: string | undefined): Promise<ChatSubscription[]> {
  // A widget given only a token knows its user from session/current.
  const recipient = userUid ?? (await client.get<Document<Resource<{ userUid: string }>>>('session/current')).data.attributes.userUid;
  const doc = await client.get<Document<Resource<ChatSubscription>[]>>('real-time-subscription', { recipientUserUid: recipient });
  const subscriptions = doc.data.map((r) => r.attributes);
  $unread.set(Object.fromEntries(subscriptions.map((s) => [s.subscriptionUid, s.unreadCount])));
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
    onReconnect: reload,
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
  $unread.setKey(subscriptionUid, doc.data.attributes.unreadCount);
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

  useEffect(() => {
    let live = true;
    setState({ messages: null, subscriptionUid: null, error: null, isLoading: true, hasOlder: false, loadingOlder: false });
    fetchMessages(client, patientId).then(
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
    onReconnect: () => void catchUp().catch(() => {}),
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
  useChatFeed({ onReconnect: () => setRound((r) => r + 1) });
  return unreadTotal(useStore($unread));
}
