import { TOAST_MS } from '../../shared/constants';
import { Suspense, useEffect, useState } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { SlAlert } from './lazy-shoelace';

export type ToastVariant = 'success' | 'danger' | 'warning' | 'primary';

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
}

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/**
 * Every widget root follows these stores through useSyncExternalStore, whose
 * updates React renders synchronously. Written from inside one root's effects
 * (a widget mounting, a form toasting on load), that synchronous render of
 * another root can land while React is committing it, and React throws
 * "Cannot commit the same tree as before" (minified error 177). After the
 * current task's React work, the write is an ordinary external update.
 */
const afterReactWork = (write: () => void) => queueMicrotask(write);

/** Shows a toast on the page's one toast stack, from any widget or the shell. */
export function toast(message: string, variant: ToastVariant = 'primary'): void {
  const id = nextId++;
  afterReactWork(() => $toasts.set([...$toasts.get(), { id, message, variant }]));
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== id)), TOAST_MS);
}

/**
 * Every widget renders <Toasts/>, but only the first one mounted draws the
 * stack: several widgets on one page must not show each toast several times.
 */
const $renderers = atom<symbol[]>([]);

export function Toasts() {
  const [me] = useState(() => Symbol('toasts'));
  const renderers = useStore($renderers);
  const toasts = useStore($toasts);
  useEffect(() => {
    afterReactWork(() => $renderers.set([...$renderers.get(), me]));
    return () => afterReactWork(() => $renderers.set($renderers.get().filter((r) => r !== me)));
  }, [me]);
  if (renderers[0] !== me) return null;
  return (
    <div className="toast-stack" role="status" aria-live="polite">
      <Suspense fallback={null}>
        {toasts.map((t) => (
          <SlAlert key={t.id} variant={t.variant} open>
            {t.message}
          </SlAlert>
        ))}
      </Suspense>
    </div>
  );
}
