import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  isLoading: boolean;
  /** Loads again; the data shown stays until the new answer arrives. */
  reload: () => void;
}

/**
 * One read for a view's four states: loading (first time only), error, data.
 * `load` runs again when a dependency changes or on `reload()`; an answer that
 * arrives after the view moved on is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ data: null, error: null, isLoading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, error: null, isLoading: s.data === null }));
    load().then(
      (data) => live && setState({ data, error: null, isLoading: false }),
      (error: unknown) => live && setState({ data: null, error, isLoading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}
