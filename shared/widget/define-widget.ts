import { createElement, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { WidgetProvider } from './widget-context';
import { adoptWidgetStyles } from './styles';
// Every widget module brings <care-session>, so an embedder needs one script tag per widget.
import './care-session';

type R2wcType = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

/** Attributes every widget element understands (docs/architecture.md). */
interface CommonProps {
  apiBase?: string;
  token?: string;
  lang?: string;
  primaryColor?: string;
  container?: HTMLElement | ShadowRoot;
}

export interface DefineWidgetOptions<P> {
  /** The widget's own attributes, camelCased (`queueId` is the `queue-id` attribute). */
  props?: { [K in keyof P]?: R2wcType };
}

/**
 * Registers a React component as a custom element rendering into an open
 * shadow root with our styles, the common attributes and the API context.
 * Running it twice (two bundles on one page) keeps the first definition.
 */
export function defineWidget<P extends object>(tagName: string, Component: ComponentType<P>, options: DefineWidgetOptions<P> = {}): CustomElementConstructor {
  const existing = customElements.get(tagName);
  if (existing) return existing;

  function Widget(props: P & CommonProps) {
    const { container, apiBase, token, lang, primaryColor, ...own } = props;
    const root = container instanceof ShadowRoot ? container : null;
    if (root) adoptWidgetStyles(root);
    return createElement(
      WidgetProvider,
      { host: root ? (root.host as HTMLElement) : null, apiBase, token, lang, primaryColor },
      createElement(Component, own as P),
    );
  }

  const element = r2wc<P & CommonProps>(Widget, {
    shadow: 'open',
    props: { apiBase: 'string', token: 'string', lang: 'string', primaryColor: 'string', ...options.props } as never,
  });
  customElements.define(tagName, element);
  return element;
}
