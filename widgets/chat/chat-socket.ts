import { useEffect, useRef } from 'react';
import { map } from 'nanostores';
import { io, type Socket } from 'socket.io-client';
import type { ApiClient } from '../../shared/api/client';
import { camelKeys } from '../../shared/casing';
import { NEW_MESSAGE, SUBSCRIPTION_READ, type NewMessageEvent, type SubscriptionReadEvent } from '../../shared/schemas/chat';
import { useWidgetApi } from '../../shared/widget/widget-context';

/** Where the caller stands in one conversation: its last message and the last one they read. */
export interface Counter {
  lastSeq: number;
  lastReadSeq: number;
}

/** Counters per subscription, shared by every chat view on the page (the top bar's badge, the list). */
export const $counters = map<Record<string, Counter>>({});

export const unreadTotal = (counters: Record<string, Counter>) => Object.values(counters).reduce((sum, c) => sum + Math.max(0, c.lastSeq - c.lastReadSeq), 0);

/** Bumped by every live event, so a list read can tell which conversations it may not know about yet. */
let generation = 0;
const touchedAt = new Map<string, number>();

/**
 * Both numbers only grow on the server, so the larger of each wins: an
 * answer read before a live event but arriving after it cannot put the
 * badge back.
 */
function merge(old: Counter | undefined, next: Counter): Counter {
  return old ? { lastSeq: Math.max(old.lastSeq, next.lastSeq), lastReadSeq: Math.max(old.lastReadSeq, next.lastReadSeq) } : next;
}

/** A live event or a call's answer about one conversation. */
export function noteCounter(subscriptionUid: string, next: Counter): void {
  generation += 1;
  touchedAt.set(subscriptionUid, generation);
  $counters.setKey(subscriptionUid, merge($counters.get()[subscriptionUid], next));
}

export const readEventCounter = (e: SubscriptionReadEvent): Counter => ({ lastSeq: e.lastReadSeq + e.unreadCount, lastReadSeq: e.lastReadSeq });

/** Marks the start of a read of the caller's whole list (pass the mark to `replaceCounters`). */
export const counterMark = () => generation;

/** The caller's whole list as read after `mark`: conversations missing from it go, unless a live event about them came after the mark. */
export function replaceCounters(list: Record<string, Counter>, mark: number): void {
  const current = $counters.get();
  const next: Record<string, Counter> = {};
  for (const [uid, counter] of Object.entries(current)) if ((touchedAt.get(uid) ?? 0) > mark) next[uid] = counter;
  for (const [uid, counter] of Object.entries(list)) next[uid] = merge(current[uid], counter);
  $counters.set(next);
}

/** A refused handshake is not retried by socket.io: try again after this long, doubling up to the cap. */
const RETRY_MS = 2_000;
const RETRY_CAP_MS = 60_000;

interface Shared {
  socket: Socket;
  users: number;
  onJoin: Set<() => void>;
  retry?: ReturnType<typeof setTimeout>;
}
const sockets = new Map<string, Shared>();

/**
 * One socket per server and session on the page, shared by every chat view:
 * authenticated with the widget's bearer token (or the shell's cookie), it
 * joins 'subscriptions' on every (re)connect (spec 000 section 7) and tells
 * the views once the server has joined it, so they read again what was sent
 * before. Closed when the last view using it goes.
 */
function acquireSocket(client: ApiClient): { shared: Shared; release: () => void } {
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
    const state: Shared = { socket, users: 0, onJoin: new Set() };
    let delay = RETRY_MS;
    socket.on('connect', () => {
      delay = RETRY_MS;
      socket.emit('join', 'subscriptions', (ok: boolean) => {
        if (!ok || !socket.connected) return;
        for (const listener of state.onJoin) listener();
      });
    });
    // A handshake the server refused (its session check failed, perhaps only for a moment) is final for socket.io.
    socket.on('connect_error', () => {
      if (socket.active) return;
      clearTimeout(state.retry);
      state.retry = setTimeout(() => socket.connect(), delay);
      delay = Math.min(delay * 2, RETRY_CAP_MS);
    });
    socket.on(NEW_MESSAGE, (raw: unknown) => {
      const { subscriptionUid, message, unreadCount } = camelKeys(raw) as NewMessageEvent;
      noteCounter(subscriptionUid, { lastSeq: message.realTimeMessageSeq, lastReadSeq: message.realTimeMessageSeq - unreadCount });
    });
    socket.on(SUBSCRIPTION_READ, (raw: unknown) => {
      const event = camelKeys(raw) as SubscriptionReadEvent;
      noteCounter(event.subscriptionUid, readEventCounter(event));
    });
    shared = state;
    sockets.set(key, shared);
  }
  shared.users += 1;
  const mine = shared;
  return {
    shared: mine,
    release: () => {
      mine.users -= 1;
      if (mine.users === 0) {
        clearTimeout(mine.retry);
        mine.socket.close();
        sockets.delete(key);
      }
    },
  };
}

export interface ChatFeedHandlers {
  onMessage?: (event: NewMessageEvent) => void;
  onRead?: (event: SubscriptionReadEvent) => void;
  /**
   * The socket has joined the channel while the view is mounted (the first
   * time, or again after a reconnect): read again what was sent before, since
   * the view's last read may have missed it.
   */
  onJoin?: () => void;
}

/** Listens to the page's chat socket while mounted. */
export function useChatFeed(handlers: ChatFeedHandlers): void {
  const client = useWidgetApi();
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const { shared, release } = acquireSocket(client);
    const { socket } = shared;
    const onMessage = (raw: unknown) => latest.current.onMessage?.(camelKeys(raw) as NewMessageEvent);
    const onRead = (raw: unknown) => latest.current.onRead?.(camelKeys(raw) as SubscriptionReadEvent);
    const onJoin = () => latest.current.onJoin?.();
    socket.on(NEW_MESSAGE, onMessage);
    socket.on(SUBSCRIPTION_READ, onRead);
    shared.onJoin.add(onJoin);
    return () => {
      socket.off(NEW_MESSAGE, onMessage);
      socket.off(SUBSCRIPTION_READ, onRead);
      shared.onJoin.delete(onJoin);
      release();
    };
  }, [client]);
}
