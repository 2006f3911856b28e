import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiClient, Resource } from '../../shared/api/client';
import { snakeCase } from '../../shared/casing';
import { ApiError } from '../../shared/api/errors';
import { EXT_REFERENCE_MODELS, EXT_REFERENCE_PAGE_SIZE, EXT_REGISTERED_COOKIE, extIndexLang, type RegisterConfirmValues, type RegisterValues } from '../../shared/schemas/ext-referral';
import { useWidgetApi, useWidgetLang } from '../../shared/widget/widget-context';
import { publicI18n, usePublicText } from '../kit/public-i18n';
import { idempotencyHeader } from '../kit/public-submit';
import { extIndexOf, type ExtIndex } from './ext-index';

/** The only file of the area that talks to the server (spec 002 "External actions"). */

export const REGISTRATION_HEADER = 'x-registration-token';

/** A confirmed registration is kept per link in localStorage, so a visitor registers once per browser. */
const tokenKey = (instance: string) => `careweave.ext.registration.${instance}`;
export const registrationToken = {
  get: (instance: string) => {
    try {
      return localStorage.getItem(tokenKey(instance));
    } catch {
      return null;
    }
  },
  set: (instance: string, token: string) => {
    localStorage.setItem(tokenKey(instance), token);
    registeredHint(instance, true);
  },
  clear: (instance: string) => {
    localStorage.removeItem(tokenKey(instance));
    registeredHint(instance, false);
  },
};

/** As long as the language chosen on a form is remembered (widgets/kit/public-i18n.tsx): a year. */
const HINT_SECONDS = 365 * 24 * 60 * 60;

/**
 * Tells the server that sends the link's page whether this browser is registered for the link (EXT_REGISTERED_COOKIE),
 * so its first screen is the step the form goes to. Only on that page: a widget on another site's page writes no cookie there.
 */
function registeredHint(instance: string, registered: boolean): void {
  const page = `/ext/${encodeURIComponent(instance)}`;
  if (window.location.pathname !== page && !window.location.pathname.startsWith(`${page}/`)) return;
  document.cookie = `${EXT_REGISTERED_COOKIE}=${registered ? `1; max-age=${HINT_SECONDS}` : '; max-age=0'}; path=${page}; samesite=lax`;
}

/** The phone number between register and register-confirm (this tab only). */
const pendingKey = (instance: string) => `careweave.ext.pending.${instance}`;
export const pendingPhone = {
  get: (instance: string) => sessionStorage.getItem(pendingKey(instance)) ?? '',
  set: (instance: string, phone: string) => sessionStorage.setItem(pendingKey(instance), phone),
};

export type LinkState = 'loading' | 'valid' | 'invalid' | 'error';

const path = (instance: string, rest = '') => `ext/${encodeURIComponent(instance)}${rest}`;
const withToken = (instance: string): Record<string, string> => {
  const token = registrationToken.get(instance);
  return token ? { [REGISTRATION_HEADER]: token } : {};
};

/** GET ext/{instance}/index: read raw so translation keys keep their dots. */
export function useExtIndex(instance: string) {
  const client = useWidgetApi();
  // The division's own texts in the visitor's language (issue 39): Spanish ones where it wrote them, else the form's catalogue.
  const lang = extIndexLang(usePublicText().language, useWidgetLang());
  const [state, setState] = useState<{ data: ExtIndex | null; error: unknown; isLoading: boolean }>({ data: null, error: null, isLoading: true });
  useEffect(() => {
    let live = true;
    // Another language keeps the form on screen while its texts load: what was typed stays.
    setState((shown) => (shown.data ? shown : { data: null, error: null, isLoading: true }));
    client
      .request<{ data: { attributes: Record<string, any> } }>('GET', path(instance, '/index'), { query: { lang }, raw: true })
      .then((doc) => {
        const data = extIndexOf(doc.data.attributes);
        if (live) setState({ data, error: null, isLoading: false });
      })
      .catch((error) => live && setState({ data: null, error, isLoading: false }));
    return () => {
      live = false;
    };
  }, [client, instance, lang]);
  return state;
}

/** GET ext/{instance}: valid (200), invalid (401), error (anything else, or no answer). */
export function useLinkState(instance: string) {
  const client = useWidgetApi();
  const [state, setState] = useState<LinkState>('loading');
  const [status, setStatus] = useState<number | null>(null);
  const recheck = useCallback(() => {
    setState('loading');
    client
      .request('GET', path(instance), { headers: withToken(instance) })
      .then(() => {
        registeredHint(instance, true);
        setStatus(200);
        setState('valid');
      })
      .catch((error) => {
        const code = error instanceof ApiError ? error.status : 0;
        if (code === 401) registeredHint(instance, false);
        setStatus(code);
        setState(code === 401 ? 'invalid' : 'error');
      });
  }, [client, instance]);
  useEffect(recheck, [recheck]);
  return { state, status, setState, recheck };
}

export interface Option {
  uid: string;
  label: string;
}

/** A provider as the public selects name them: with where they practise, so a visitor tells namesakes apart. */
export const providerLabel = (p: { displayName: string; locationLabel?: string | null }) => (p.locationLabel ? `${p.displayName} (${p.locationLabel})` : p.displayName);

/** The reference lists and providers the referral form offers (page 1, page-size 1000, default order then label). */
export function useReferralOptions(instance: string) {
  const client = useWidgetApi();
  const [state, setState] = useState<{ lists: Record<string, Option[]>; providers: Option[]; error: unknown; isLoading: boolean }>({ lists: {}, providers: [], error: null, isLoading: true });
  useEffect(() => {
    let live = true;
    const headers = withToken(instance);
    const list = (model: string) =>
      client
        .request<{ data: Resource<{ uid: string; label: string }>[] }>('GET', path(instance, `/reference/${model}`), { query: { page: 1, pageSize: EXT_REFERENCE_PAGE_SIZE, sort: 'default_sort_order,label' }, headers })
        .then((doc) => [model, doc.data.map((r) => ({ uid: r.id, label: r.attributes.label }))] as const);
    Promise.all([
      Promise.all(EXT_REFERENCE_MODELS.map(list)),
      client.request<{ data: Resource<{ displayName: string; locationLabel: string | null }>[] }>('GET', path(instance, '/providers'), { headers }),
    ])
      .then(([lists, providers]) => {
        if (live) setState({ lists: Object.fromEntries(lists), providers: providers.data.map((p) => ({ uid: p.id, label: providerLabel(p.attributes) })), error: null, isLoading: false });
      })
      .catch((error) => live && setState((s) => ({ ...s, error, isLoading: false })));
    return () => {
      live = false;
    };
  }, [client, instance]);
  return state;
}

/** Write calls; each carries the submission's Idempotency-Key. */
export function useExtActions(instance: string) {
  const client: ApiClient = useWidgetApi();
  return useMemo(
    () => ({
      // The texted code is in the visitor's language (server/public-language.ts).
      register: (values: RegisterValues, key: string) => client.post(path(instance, '/register'), values, undefined, { ...idempotencyHeader(key), 'accept-language': publicI18n.resolvedLanguage ?? 'en' }),
      confirm: async (values: RegisterConfirmValues, key: string) => {
        const doc = await client.post<{ data: { attributes: { registrationToken: string } } }>(path(instance, '/register-confirm'), values, undefined, idempotencyHeader(key));
        registrationToken.set(instance, doc.data.attributes.registrationToken);
        return doc;
      },
      /** Keys are sent as the spec names them (fromProviderPCP stays as is); empty values were dropped by the caller. */
      submitReferral: (payload: Record<string, unknown>, key: string) =>
        client.request<{ data: { id: string } }>('POST', path(instance), {
          body: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k === 'fromProviderPCP' ? 'from_provider_pcp' : snakeCase(k), v])),
          raw: true,
          headers: { ...idempotencyHeader(key), ...withToken(instance) },
        }),
    }),
    [client, instance],
  );
}
