import { StructError, type Struct } from 'superstruct';
import type { FieldError } from '../api/errors';

/**
 * Runs a shared schema and collects every failure as `{ field, message }`
 * (the spec's "path-to-message map"). Used by the server routes and the forms kit.
 */
export function check<T, S>(schema: Struct<T, S>, value: unknown): { value: T; errors: null } | { value: null; errors: FieldError[] } {
  const [error, result] = schema.validate(value, { coerce: true });
  if (!error) return { value: result as T, errors: null };
  return { value: null, errors: fieldErrors(error) };
}

export function fieldErrors(error: StructError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const failure of error.failures()) {
    const field = failure.path.join('.') || undefined;
    const key = field ?? '';
    if (seen.has(key)) continue;
    seen.add(key);
    const missing = failure.value === undefined || failure.value === null || failure.value === '';
    out.push({ field, message: missing ? 'Required' : failure.message });
  }
  return out;
}
