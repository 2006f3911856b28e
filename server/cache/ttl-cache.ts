/** Once this share of an entry's time to live has passed, a read starts its next load and keeps answering from it meanwhile. */
const REFRESH_AFTER = 2 / 3;

interface Entry<V> {
  expires: number;
  refreshAt: number;
  value: Promise<V>;
  refreshing: boolean;
}

/**
 * A small in-process cache of promises with a time to live. Identical loads in
 * flight at once share one promise; a failed load is forgotten at once. It
 * only ever saves work: every entry can be dropped at any time, and nothing
 * another process needs lives here.
 *
 * An entry read late in its life is reloaded in the background while it still
 * answers, so callers do not queue behind an expensive load every TTL (bench:
 * the patient list's total, 80 ms to count, set its p99). Every answer still
 * comes from a load started within the TTL, and a reload that finishes after
 * its entry was dropped (a write cleared it) is thrown away.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    public ttlMs: number,
    private readonly maxEntries = 2000,
    /** The app's clock (shared/clock) where a test must see an entry's life end. */
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      if (now >= hit.refreshAt && !hit.refreshing) this.refresh(key, hit, load, now);
      return hit.value;
    }
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, this.entry(value, now));
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  private entry(value: Promise<V>, loadedFrom: number): Entry<V> {
    return { expires: loadedFrom + this.ttlMs, refreshAt: loadedFrom + this.ttlMs * REFRESH_AFTER, value, refreshing: false };
  }

  private refresh(key: string, hit: Entry<V>, load: () => Promise<V>, now: number): void {
    hit.refreshing = true;
    const value = load();
    value.then(
      () => {
        if (this.entries.get(key) === hit) this.entries.set(key, this.entry(value, now));
      },
      () => {
        hit.refreshing = false;
      },
    );
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
