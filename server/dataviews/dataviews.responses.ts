import type { TSchema } from '@sinclair/typebox';
import { FILTER_OPERATORS, RESERVED_PARAMS } from '../../shared/filters';
import { Bool, Day, Nullable, One, Page, Resource, Text, Type, Uuid, WallClock } from '../api-docs/json-api';
import type { ColumnKind, ViewDefinition } from './types';

/** A column's value on the wire, by its kind; any column may be empty. */
const VALUE: Record<ColumnKind, () => TSchema> = {
  text: () => Nullable(Text()),
  // A count or an integer column is a number; a numeric column (an amount: 6.5 mg) comes from pg as its exact text.
  number: () => Type.Unsafe<number | string | null>({ type: ['number', 'string', 'null'] }),
  date: () => Nullable(Day()),
  // A view's timestamp may be a moment (with its offset) or a wall-clock time (without one).
  timestamp: () => Nullable(WallClock()),
  boolean: () => Nullable(Bool()),
  uuid: () => Nullable(Uuid()),
  'uuid[]': () => Nullable(Type.Array(Uuid())),
  'text[]': () => Nullable(Type.Array(Text())),
};

/** A view's row: every column the view declares (the engine reads them all). */
export const viewColumns = (view: ViewDefinition) => Object.fromEntries(Object.entries(view.columns).map(([column, kind]) => [column, VALUE[kind]()]));

const rowOf = (view: ViewDefinition) => Resource(view.name, viewColumns(view));

/** A page of the view's rows, and one row. */
export const viewPage = (view: ViewDefinition) => Page(rowOf(view));
export const viewRow = (view: ViewDefinition) => One(rowOf(view));

/** The list call's parameters (the spec's filter grammar, shared/filters.ts), for the OpenAPI document. */
export const viewQuery = (view: ViewDefinition) =>
  Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 1 })),
      'page-size': Type.Optional(Type.Integer({ minimum: 1 })),
      'all-data': Type.Optional(Type.String({ enum: ['1', 'true'] })),
      sort: Type.Optional(Type.String({ description: `Columns, comma-separated, '-' first for descending; ${view.defaultSort} when left out` })),
      include: Type.Optional(Type.String()),
    },
    {
      description: `Filters: <column>=<value> or <column>__<operator>=<value>, on ${Object.keys(view.columns).join(', ')}; operators ${FILTER_OPERATORS.join(', ')}; 'null' for empty. Reserved: ${RESERVED_PARAMS.join(', ')}.`,
      additionalProperties: Type.String(),
    },
  );
