import { sql } from 'kysely';
import { now } from '../../shared/clock';

/**
 * The one clock (shared/clock) as SQL values. Lifetimes, windows and "today"
 * are computed from these rather than PostgreSQL's now(), so moving the clock
 * in a test moves them too.
 */
export const sqlNow = () => sql<Date>`${now()}::timestamptz`;
/** Today in the database session's time zone, as ${sqlToday()} would be. */
export const sqlToday = () => sql<string>`${now()}::timestamptz::date`;
