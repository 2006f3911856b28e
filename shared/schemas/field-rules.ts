import { Struct } from 'superstruct';

/** The rules that read several fields, as field → message, for a value as sent. */
export type FieldRules = (value: Record<string, unknown>) => Map<string, string>;

/** A field's struct that also fails with `message` once its own check passes. */
function failingWith<T, S>(struct: Struct<T, S>, message: string): Struct<T, S> {
  return new Struct<T, S>({
    ...struct,
    validator: (value, ctx) => {
      const own = [...struct.validator(value, ctx)];
      return own.length ? own : { message };
    },
  });
}

/**
 * An object schema whose cross-field rules fail on the field they name. Not
 * superstruct's `refine`: a refinement runs only once every field passes on
 * its own, so a form was checked in rounds (one rule's message only after the
 * other errors were fixed), and its failure names no field. Here each rule is
 * checked as part of its own field, on the client and the server alike.
 */
export function withFieldRules<T, S>(base: Struct<T, S>, rules: FieldRules): Struct<T, S> {
  return new Struct<T, S>({
    ...base,
    *entries(value, ctx) {
      const failures = value && typeof value === 'object' && !Array.isArray(value) ? rules(value as Record<string, unknown>) : new Map<string, string>();
      for (const [key, v, struct] of base.entries(value, ctx)) {
        const message = failures.get(String(key));
        yield [key, v, message ? failingWith(struct as Struct<unknown, unknown>, message) : struct];
      }
    },
  });
}
