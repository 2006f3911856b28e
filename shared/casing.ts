/** The wire is snake_case (spec), TypeScript is camelCase; these are the only converters. */

export function camelCase(key: string): string {
  return key.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const snakeNames = new Map<string, string>();
/** Enough for every column and member name; keys beyond it (free-form JSON) are converted each time. */
const MAX_SNAKE_NAMES = 5000;

/**
 * Keeps filter-operator suffixes (`__like`, `__>>=`) intact: only the column
 * part changes. Remembered: a 100-row list converts the same few dozen names
 * thousands of times (a tenth of the server's time on a medical-event list in npm run bench).
 */
export function snakeCase(key: string): string {
  let name = snakeNames.get(key);
  if (name === undefined) {
    name = toSnake(key);
    if (snakeNames.size < MAX_SNAKE_NAMES) snakeNames.set(key, name);
  }
  return name;
}

function toSnake(key: string): string {
  const at = key.indexOf('__');
  const column = at === -1 ? key : key.slice(0, at);
  const rest = at === -1 ? '' : key.slice(at);
  return column.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase() + rest;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
const emptyLike = (v: unknown): unknown => (Array.isArray(v) ? [] : isPlainObject(v) ? {} : v);

/**
 * Copies arrays and plain objects with every key converted. A work list, not
 * recursion: no input, however deeply nested, can overflow the stack.
 */
function convertKeys(value: unknown, convert: (k: string) => string): unknown {
  const root = emptyLike(value);
  const work: [unknown, object][] = root === value ? [] : [[value, root as object]];
  for (let item = work.pop(); item; item = work.pop()) {
    const [source, target] = item;
    for (const [key, v] of Object.entries(source as object)) {
      const copy = emptyLike(v);
      if (copy !== v) work.push([v, copy as object]);
      const name = Array.isArray(target) ? key : convert(key);
      // Assigning '__proto__' would set the copy's prototype instead of making a key.
      if (name === '__proto__') Object.defineProperty(target, name, { value: copy, enumerable: true, writable: true, configurable: true });
      else (target as Record<string, unknown>)[name] = copy;
    }
  }
  return root;
}

export const camelKeys = <T = unknown>(value: unknown): T => convertKeys(value, camelCase) as T;
export const snakeKeys = <T = Json>(value: unknown): T => convertKeys(value, snakeCase) as T;
