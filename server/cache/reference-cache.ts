import { TtlCache } from './ttl-cache';

const caches = new Set<TtlCache<unknown>>();
let ttlMs = 5000;

/**
 * A cache of reference rows (types, statuses, reasons ...) that many calls
 * read and administrators rarely change. An administrator's change clears
 * every such cache in its process at once; other processes see it within
 * REFERENCE_CACHE_MS.
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

/** Call after any write to reference data. */
export function clearReferenceCaches(): void {
  for (const cache of caches) cache.clear();
}
