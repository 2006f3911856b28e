import { useEffect, useRef, useState } from 'react';

export interface DebounceOptions {
  /**
   * The first change after a quiet spell settles at once (spec 002's
   * provider search, "200 ms (leading)"); changes within the next `ms`
   * settle together at the window's end, with the last value, so there is at
   * most one new value per window and the last one always lands.
   */
  leading?: boolean;
}

/**
 * The value as it was `ms` after its last change; with `leading`, at once on
 * the first change and then at most once per `ms` (see DebounceOptions).
 */
export function useDebounced<T>(value: T, ms: number, { leading = false }: DebounceOptions = {}): T {
  const [settled, setSettled] = useState(value);
  // The leading mode's window: the value it last let through, the value now, and the window's timer while it is open.
  const passed = useRef(value);
  const latest = useRef(value);
  const windowTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  latest.current = value;

  useEffect(() => {
    if (leading) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms, leading]);

  useEffect(() => {
    if (!leading || windowTimer.current !== undefined || Object.is(value, passed.current)) return;
    const pass = (next: T) => {
      passed.current = next;
      setSettled(next);
      windowTimer.current = setTimeout(() => {
        windowTimer.current = undefined;
        // What changed within the window lands at its end (and opens the next window).
        if (!Object.is(latest.current, passed.current)) pass(latest.current);
      }, ms);
    };
    pass(value);
  }, [value, ms, leading]);

  // Unmounted: the open window ends with nothing to set.
  useEffect(
    () => () => {
      clearTimeout(windowTimer.current);
      windowTimer.current = undefined;
    },
    [],
  );
  return settled;
}
