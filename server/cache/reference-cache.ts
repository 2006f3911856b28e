import { announce } from './cluster-notices';
import { TtlCache } from './ttl-cache';

const caches = new Set<TtlCache<unknown>>();
let ttlMs = 5000;

/**
 * A cache of reference rows (types, statuses, reasons ...) that many calls
 * read and administrators rarely change. An administrator's change clears
 * every such cache in its process at once, and in the other processes on
 * the same database as soon as its notice arrives (cluster-notices.ts).
 */
export function referenceCache<V>(): TtlCache<V> {
  const cache = new TtlCache<V>(ttlMs);
  caches.add(cache as TtlCache<unknown>);
  return cache;
}

export function setReferenceCacheMs(ms: number): void {
  ttlMs = ms;
  for (const cache of caches) cache.ttlMs = ms;
}

/** Call after any write to reference data (once it is committed: another process reads it at once). */
export function clearReferenceCaches(): void {
  forgetReferenceRows();
  announce({ kind: 'reference' });
}

/** This process's reference caches only (another process's notice, a reconnect). */
export function forgetReferenceRows(): void {
  for (const cache of caches) cache.clear();
}
