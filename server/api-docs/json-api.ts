import { Type, type TLiteral, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';

/**
 * The wire's building blocks as JSON Schema (issue 37 section 3). Fastify serialises each answer from
 * its route's schema (fast-json-stringify): a member a schema does not name is never sent, so a column
 * added to a query later cannot leak by accident. The OpenAPI document is made from the same schemas.
 */

/** An object whose every member is declared; the test servers refuse an answer holding any other (strict-answers.ts). */
export const Obj = <P extends TProperties>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description && { description }) });

/**
 * `schema` or null, written as a type list (`["string", "null"]`) where it can be: fast-json-stringify
 * writes those directly, where an `anyOf` would be checked value by value at every answer.
 */
export function Nullable<T extends TSchema>(schema: T) {
  const single = typeof schema.type === 'string' && !('anyOf' in schema) && !('enum' in schema) && !('const' in schema);
  return Type.Unsafe<T['static'] | null>(single ? { ...schema, type: [schema.type, 'null'] } : { anyOf: [schema, Type.Null()] });
}

export const Text = (description?: string) => Type.String(description ? { description } : {});
export const Uuid = () => Type.String({ format: 'uuid' });
/** A moment: ISO 8601 with its offset (a `timestamptz` column). */
export const Timestamp = () => Type.String({ format: 'date-time' });
/** A wall-clock time, ISO 8601 with or without an offset (a `timestamp` column without a zone: an admission's hour). */
export const WallClock = () => Type.String({ format: 'iso-date-time' });
/** A calendar day, YYYY-MM-DD. */
export const Day = () => Type.String({ format: 'date' });
export const Int = () => Type.Integer();
export const Num = () => Type.Number();
export const Bool = () => Type.Boolean();
/** One of these texts. */
export const OneOf = <const V extends readonly string[]>(values: V) => Type.Unsafe<V[number]>({ type: 'string', enum: [...values] });

/** Some of an object's members, by name, in the order named (the serialiser writes them in that order). */
export const pick = <P extends TProperties, K extends keyof P>(members: P, ...names: K[]) => Object.fromEntries(names.map((name) => [name, members[name]])) as Pick<P, K>;

/** A reference to another resource: `{ data: { type, id } }`. */
export const Link = <T extends string>(type: T) => Obj({ data: Obj({ type: Type.Literal(type), id: Type.String() }) });
/** A to-many reference: `{ data: [{ type, id }] }`. */
export const Links = <T extends string>(type: T) => Obj({ data: Type.Array(Obj({ type: Type.Literal(type), id: Type.String() })) });
/** A reference that may be empty: `{ data: null }`. */
export const LinkOrNone = <T extends string>(type: T) => Obj({ data: Nullable(Obj({ type: Type.Literal(type), id: Type.String() })) });

/** A JSON:API resource object. */
export function Resource<T extends string, A extends TProperties, R extends TProperties = Record<never, never>>(
  type: T,
  attributes: A,
  relationships?: R,
): TObject<{ type: TLiteral<T>; id: ReturnType<typeof Type.String>; attributes: TObject<A> } & TProperties> {
  return Obj({
    type: Type.Literal(type),
    id: Type.String(),
    attributes: Obj(attributes),
    ...(relationships && { relationships: Obj(relationships) }),
  });
}

/** `{ data: <one resource> }`, with what else the document carries. */
export const One = <T extends TSchema, E extends TProperties = Record<never, never>>(data: T, extra?: E) => Obj({ data, ...(extra ?? ({} as E)) });

/** A page of a list: `{ data: [...], meta: { total, page, page_size } }`. */
export const Page = <T extends TSchema>(item: T) =>
  Obj({ data: Type.Array(item), meta: Obj({ total: Type.Integer(), page: Type.Integer(), page_size: Type.Integer() }) });

/** `{ data: [...] }`: a whole short list. */
export const Many = <T extends TSchema, E extends TProperties = Record<never, never>>(item: T, extra?: E) => Obj({ data: Type.Array(item), ...(extra ?? ({} as E)) });

/** A whole list with its length: `{ data: [...], meta: { total } }` (no pages). */
export const Counted = <T extends TSchema>(item: T) => Many(item, { meta: Obj({ total: Type.Integer() }) });

/** Every failed answer (architecture: a top-level `errors` list of `{ field, message }`); a 500 adds the id to quote. */
export const ErrorDocument = Type.Object(
  {
    errors: Type.Array(Obj({ field: Type.Optional(Type.String()), message: Type.String() })),
    request_id: Type.Optional(Type.String()),
  },
  { additionalProperties: false, $id: 'ErrorDocument' },
);

/** No body (204). */
export const NoContent = Type.Null({ description: 'No content' });

/** A redirect: the Location header says where; no body. */
export const Redirect = Type.Null({ description: 'A redirect: see the Location header' });

/**
 * Any JSON: only for a member whose shape is free by design (a form's saved answers, a definition an
 * administrator wrote), never for a row, whose columns are declared one by one.
 */
export const Json = (description: string) => Type.Unsafe<unknown>({ description });

export { Type };
