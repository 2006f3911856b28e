/** The wire is snake_case (spec), TypeScript is camelCase; these are the only converters. */

export function camelCase(key: string): string {
  return key.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Keeps filter-operator suffixes (`__like`, `__>>=`) intact: only the column part changes. */
export function snakeCase(key: string): string {
  const at = key.indexOf('__');
  const column = at === -1 ? key : key.slice(0, at);
  const rest = at === -1 ? '' : key.slice(at);
  return column.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() + rest;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function convertKeys(value: unknown, convert: (k: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[convert(k)] = convertKeys(v, convert);
    return out;
  }
  return value;
}

export const camelKeys = <T = unknown>(value: unknown): T => convertKeys(value, camelCase) as T;
export const snakeKeys = <T = Json>(value: unknown): T => convertKeys(value, snakeCase) as T;
