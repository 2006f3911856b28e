/** Plain assertions for browser tests (node:assert does not run in the browser). */
export function ok(value: unknown, message = 'expected a truthy value'): asserts value {
  if (!value) throw new Error(message);
}

/** A value for a failure message: JSON where it can be, an element by its tag and class. */
function shown(value: unknown): string {
  if (typeof Element !== 'undefined' && value instanceof Element) return `<${value.localName}${value.className ? ` class="${String(value.className)}"` : ''}>`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function equal<T>(actual: T, expected: T, message?: string): void {
  if (!Object.is(actual, expected)) throw new Error(`${message ? `${message}: ` : ''}expected ${shown(expected)}, got ${shown(actual)}`);
}

export function deepEqual(actual: unknown, expected: unknown, message?: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${message ? `${message}: ` : ''}expected ${e}, got ${a}`);
}
