import { sql, type RawBuilder } from 'kysely';
import { FhirError } from './operation-outcome';

/**
 * FHIR search parameters (R4 section 3.1.1): the types Careweave's searches
 * use, parsed into SQL conditions. An unknown parameter is a 400 unless the
 * client asked `Prefer: handling=lenient`; then it is ignored and left out
 * of the Bundle's self link, as the specification says.
 */
export type ParamType = 'string' | 'token' | 'date' | 'reference';

export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
/** The paging parameter of the next links (opaque to clients). */
export const OFFSET_PARAM = '_offset';
const MAX_OFFSET = 10_000;
const MAX_VALUE = 200;

/** Parameters every search takes, beside the resource's own. */
const RESULT_PARAMS = new Set(['_count', OFFSET_PARAM, '_format']);

export interface ParsedSearch {
  /** Each known parameter's values (a repeated parameter ANDs, a comma inside one ORs). */
  params: Map<string, string[][]>;
  count: number;
  offset: number;
  /** The query as understood: the Bundle's self link. */
  understood: [string, string][];
  /** The `_include` values asked for, of those the type answers. */
  include?: string[];
}

export function parseSearch(query: Record<string, string | string[] | undefined>, known: Record<string, ParamType>, prefer: string | undefined, includes: readonly string[] = []): ParsedSearch {
  const lenient = /handling\s*=\s*lenient/i.test(prefer ?? '');
  const params = new Map<string, string[][]>();
  const understood: [string, string][] = [];
  const include: string[] = [];
  let count = DEFAULT_COUNT;
  let offset = 0;
  for (const [name, raw] of Object.entries(query)) {
    for (const value of [raw ?? []].flat()) {
      if (value.length > MAX_VALUE) throw new FhirError(400, 'invalid', `The value of ${name} is too long`, name);
      if (name === '_count') count = boundedInt(name, value, 1, MAX_COUNT);
      else if (name === OFFSET_PARAM) offset = boundedInt(name, value, 0, MAX_OFFSET);
      else if (name === '_include') {
        if (includes.includes(value)) include.push(value);
        else if (!lenient) throw new FhirError(400, 'not-supported', `_include=${value} is not supported${includes.length ? ` (only ${includes.join(', ')})` : ''}`, '_include');
        else continue;
      }
      else if (name === '_format') {
        if (!/^(json|application\/(fhir\+)?json)$/.test(value)) throw new FhirError(406, 'not-supported', 'Only JSON is supported', '_format');
      } else if (!RESULT_PARAMS.has(name) && !(name in known)) {
        if (lenient) continue;
        throw new FhirError(400, 'not-supported', `Unknown search parameter ${name} (send Prefer: handling=lenient to have it ignored)`, name);
      } else {
        const values = value.split(',').map((v) => v.trim());
        if (values.some((v) => !v)) throw new FhirError(400, 'invalid', `${name} needs a value`, name);
        params.set(name, [...(params.get(name) ?? []), values]);
      }
      if (name !== OFFSET_PARAM) understood.push([name, value]);
    }
  }
  return { params, count, offset, understood, include };
}

function boundedInt(name: string, value: string, min: number, max: number): number {
  if (!/^\d{1,6}$/.test(value)) throw new FhirError(400, 'invalid', `${name} must be a whole number`, name);
  return Math.min(Math.max(Number(value), min), max);
}

/** A condition no row meets: a value that cannot match (a malformed id) finds nothing rather than failing. */
export const NOTHING = sql`false`;

/** Each repetition ANDed, each comma-separated value within one ORed. */
export function allOf(groups: string[][] | undefined, one: (value: string) => RawBuilder<unknown>): RawBuilder<unknown>[] {
  return (groups ?? []).map((values) => sql`(${sql.join(values.map(one), sql` or `)})`);
}

const PREFIXES = ['eq', 'gt', 'lt', 'ge', 'le'] as const;
const DATE = /^(\d{4})(-(\d{2})(-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/**
 * A date parameter (`1990`, `ge1990-05`, `gt2026-11-01T10:00:00Z`) as a
 * condition on `column`, a date or a timestamp: the value is the range its
 * precision covers (a date without a time is a day of the server's time
 * zone), and the prefix compares the column with that range.
 */
export function dateCondition(name: string, column: RawBuilder<unknown>, text: string, columnType: 'date' | 'timestamptz'): RawBuilder<unknown> {
  const prefix = PREFIXES.find((p) => text.startsWith(p)) ?? 'eq';
  const value = PREFIXES.some((p) => text.startsWith(p)) ? text.slice(2) : text;
  const m = DATE.exec(value);
  if (!m || (m[3] && (Number(m[3]) < 1 || Number(m[3]) > 12)) || (m[5] && (Number(m[5]) < 1 || Number(m[5]) > 31))) {
    throw new FhirError(400, 'invalid', `${name} must be a date such as 1990-05-17, with an optional prefix eq, gt, lt, ge or le`, name);
  }
  const day = `${m[1]}-${m[3] ?? '01'}-${m[5] ?? '01'}`;
  const instant = m[6] && columnType === 'timestamptz';
  const unit = instant ? '1 millisecond' : m[5] ? '1 day' : m[3] ? '1 month' : '1 year';
  const from = instant ? sql`${value}::timestamptz` : sql`${day}::${sql.raw(columnType)}`;
  const to = sql`(${from} + ${unit}::interval)`;
  switch (prefix) {
    case 'eq':
      return sql`(${column} >= ${from} and ${column} < ${to})`;
    case 'gt':
      return sql`${column} >= ${to}`;
    case 'ge':
      return sql`${column} >= ${from}`;
    case 'lt':
      return sql`${column} < ${from}`;
    case 'le':
      return sql`${column} < ${to}`;
  }
}

/** A token parameter's `system|code`, `|code`, `system|` or `code`. */
export function tokenParts(text: string): { system?: string; code?: string } {
  const bar = text.indexOf('|');
  if (bar < 0) return { code: text };
  return { system: text.slice(0, bar) || undefined, code: text.slice(bar + 1) || undefined };
}
