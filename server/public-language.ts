import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../shared/i18n/en.json';
import es from '../shared/i18n/es.json';

/**
 * Issue 39: what the server says to the public (a text message, an e-mail)
 * in the visitor's language, from the same catalogues as the forms
 * (shared/i18n). A public form sends its language as Accept-Language.
 */
const CATALOGUES = { en: en.translation, es: es.translation };
export type PublicLanguage = keyof typeof CATALOGUES;

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
      return { lang: tag.trim().toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((a) => a.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return (asked.find((a) => a.lang in CATALOGUES)?.lang as PublicLanguage | undefined) ?? 'en';
}

type Tree = { [key: string]: string | Tree };

/** A catalogue text (`ext.sms.registrationCode`) in `lang`, with its values. */
export function sayToPublic(lang: PublicLanguage, key: string, values: Record<string, string | number> = {}): string {
  const text = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), CATALOGUES[lang] as Tree);
  if (typeof text !== 'string') throw new Error(`No text ${key} in the ${lang} catalogue`);
  return String(new IntlMessageFormat(text, lang).format(values));
}
