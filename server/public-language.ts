import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../shared/i18n/en.json';
import es from '../shared/i18n/es.json';
import { PUBLIC_LANGUAGE_COOKIE } from '../shared/public-form-pages';

/**
 * Issue 39: what the server says to the public (a text message, an e-mail)
 * in the visitor's language, from the same catalogues as the forms
 * (shared/i18n). A public form sends its language as Accept-Language.
 */
const CATALOGUES = { en: en.translation, es: es.translation };
export type PublicLanguage = keyof typeof CATALOGUES;

/**
 * The catalogue a language tag names, as the forms read tags (`es-MX` is Spanish), or null. Its own keys
 * only: `constructor`, which every object has, is no language.
 */
function catalogued(tag: unknown): PublicLanguage | null {
  const lang = typeof tag === 'string' ? tag.trim().toLowerCase().split('-')[0] : '';
  return Object.hasOwn(CATALOGUES, lang) ? (lang as PublicLanguage) : null;
}

/** The first language of Accept-Language (by weight) that has a catalogue; English otherwise. */
export function publicLanguageOf(request: FastifyRequest): PublicLanguage {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  const asked = header
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { lang: catalogued(tag), q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((a) => a.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return asked.find((a) => a.lang)?.lang ?? 'en';
}

/**
 * The language a public form's page is sent in, as the form itself chooses (widgets/kit/public-i18n.tsx):
 * `?lang=`, then the choice remembered from the form's switch, then the browser's languages.
 */
export function publicFormLanguage(request: FastifyRequest): PublicLanguage {
  return catalogued((request.query as Record<string, unknown> | undefined)?.lang) ?? catalogued(request.cookies?.[PUBLIC_LANGUAGE_COOKIE]) ?? publicLanguageOf(request);
}

type Tree = { [key: string]: string | Tree };

/** A catalogue text (`ext.sms.registrationCode`) in `lang`, with its values. */
export function sayToPublic(lang: PublicLanguage, key: string, values: Record<string, string | number> = {}): string {
  const text = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), CATALOGUES[lang] as Tree);
  if (typeof text !== 'string') throw new Error(`No text ${key} in the ${lang} catalogue`);
  return String(new IntlMessageFormat(text, lang).format(values));
}
