import { TtlCache } from '../cache/ttl-cache';

/**
 * Totals of list calls, kept for a few seconds (COUNT_CACHE_MS). An exact
 * count of a search visits every matching row (a substring match cannot be
 * answered from an index alone), and a user paging through a list asks for the
 * same total again and again. Only totals are kept, never rows. Any successful
 * write through this process clears it (app.ts); another process's writes
 * show in totals within the TTL.
 */
export const countCache = new TtlCache<number>(3000);
