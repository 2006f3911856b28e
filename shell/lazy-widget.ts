import { lazy, type ComponentType } from 'react';

/** A page's widget as a lazy component: its chunk loads when the page is first drawn. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function widget<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy<M[K]>(() => load().then((m) => ({ default: m[name] })));
}
