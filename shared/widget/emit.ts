import { useCallback } from 'react';
import { mayLeave } from './leave-guard';
import { useWidgetEventSource } from './widget-context';

/** Every event a widget may send out (docs/architecture.md). */
export interface WidgetEvents {
  'care-navigate': { path: string };
  'care-saved': Record<string, unknown>;
  'care-error': { message: string; status?: number };
}

export type WidgetEventName = keyof WidgetEvents;

/**
 * The one way events leave a widget: bubbling and composed so they cross
 * shadow roots. `care-navigate` is cancelable; when nobody cancels it and the
 * element has `route-base`, the browser opens the path under that base, so an
 * embedder gets working links without writing a handler.
 * Navigating away from a form with unsaved changes asks first (leave-guard).
 * Returns false when a listener called preventDefault() or the user stayed.
 */
export function emit<N extends WidgetEventName>(from: HTMLElement, name: N, detail: WidgetEvents[N]): boolean {
  if (name === 'care-navigate' && !mayLeave()) return false;
  const event = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: name === 'care-navigate' });
  from.dispatchEvent(event);
  if (event.defaultPrevented) return false;
  if (name === 'care-navigate') {
    const routeBase = from.getAttribute('route-base');
    if (routeBase !== null) window.location.assign(routeBase.replace(/\/+$/, '') + (detail as WidgetEvents['care-navigate']).path);
  }
  return true;
}

/** emit() bound to the widget's host element (or its root node when rendered without one). */
export function useEmit() {
  const { host, eventTarget } = useWidgetEventSource();
  return useCallback(
    <N extends WidgetEventName>(name: N, detail: WidgetEvents[N]): boolean => {
      const from = host ?? eventTarget();
      return from ? emit(from, name, detail) : false;
    },
    [host, eventTarget],
  );
}
