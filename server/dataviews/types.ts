import type { RawBuilder } from 'kysely';
import type { AuthContext } from '../auth/context';
import type { Access } from '../security/access';

/**
 * The shape of a data view. Every area's *.views.ts and the engine import
 * these from here, and the registry imports the areas: the arrows run one way.
 */

export type ColumnKind = 'text' | 'number' | 'date' | 'timestamp' | 'boolean' | 'uuid' | 'uuid[]' | 'text[]';

export interface ViewDefinition {
  /** Name on the wire (`/api/data/public/<name>`). */
  name: string;
  /** SQL table or view it reads. */
  source: string;
  /**
   * The rows read in place of `source`, for one call: a select over it with
   * every column the view's queries name (the reports' event details emptied
   * for a caller who may not read them, reports.views.ts readableBy).
   */
  from?: RawBuilder<unknown>;
  idColumn: string;
  columns: Record<string, ColumnKind>;
  defaultSort: string;
  /** Row scope for the caller: division, restricted cases, organisation. */
  scope: (auth: AuthContext) => RawBuilder<unknown>;
  /** Who may read it (deny by default: every view says). */
  access: Access;
  /**
   * A list of one patient's rows (notes, documents, ...): the call must name the
   * patient in this column (`patient_uid=<id>`), and the patient access guard
   * answers 404 for one the caller may not see, as every patient route does.
   */
  patientColumn?: string;
  /**
   * The view is a short list whose best plan never turns on the call's values
   * (reference lists, the record's left menu): planned once per connection,
   * as every patient's list is (engine.ts plannedFor).
   */
  planOnce?: true;
  /**
   * Choose a page's ids before reading its rows (engine.ts pageOf): for a view
   * whose commonest sort and filters an index covers with the access facts,
   * so the rows a filter passes over are never read from the table.
   */
  pageByKey?: true;
  /** What `/<view>/{id}` answers (404) for a row the caller does not have, when the spec names it ('Uknown Facility'); 'Not found' otherwise. */
  notFoundMessage?: string;
  /** Fixed condition that makes a shared table look like one model (reference data). */
  fixed?: Record<string, string>;
  /** Counts of the rows kept per group, which answer charts and totals without visiting each row; the first that answers a call is read (smallest first). */
  counts?: ViewCounts[];
}

/**
 * A table of counts per group of a view's rows, read through a view (alias
 * `v`) that has `columns` under the view's names and values, and each
 * group's count in `events`. A count that groups and filters by these columns
 * only is summed from it (engine.ts); a timestamp column there holds days, so
 * it answers only comparisons with dates. `scope` picks the groups the caller
 * sees whole; `rest` the view's rows the caller also sees that `scope` leaves
 * out (counted row by row; null: none).
 */
export interface ViewCounts {
  source: string;
  /** The counts read in place of `source`, for one call (as ViewDefinition.from). */
  from?: RawBuilder<unknown>;
  columns: readonly string[];
  scope: (auth: AuthContext) => RawBuilder<unknown>;
  rest: (auth: AuthContext) => RawBuilder<unknown> | null;
}
