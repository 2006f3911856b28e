import { createContext, useContext, type ReactNode } from 'react';
import i18next, { type TFunction } from 'i18next';
import ICU from 'i18next-icu';
import { IntlMessageFormat } from 'intl-messageformat';
import LanguageDetector from 'i18next-browser-languagedetector';
import { useTranslation } from 'react-i18next';
import en from '../../shared/i18n/en.json';
import es from '../../shared/i18n/es.json';
import { PUBLIC_LANGUAGE_COOKIE } from '../../shared/public-form-pages';
import { FieldWording, fieldText } from './field-wording';

/**
 * Issue 39: the public forms in English and Spanish. One catalogue per
 * language (shared/i18n/<lang>.json, ICU messages): `translation` holds the
 * forms' own texts by key; `messages` holds, by their English text, the
 * messages the shared schemas and the server send back. The language is the
 * browser's (Accept-Language), then the one chosen on the form, then
 * `?lang=`; a choice is remembered on the device. Dates and phone numbers
 * keep the US format.
 */
const PUBLIC_LANGUAGES = { en: 'English', es: 'Español' } as const;
export type PublicLanguage = keyof typeof PUBLIC_LANGUAGES;
const LANGUAGE_STORAGE = 'careweave.lang';

type Parse = (res: unknown, ...rest: unknown[]) => unknown;
const parseIcu = (ICU.prototype as unknown as { parse: Parse }).parse;

/**
 * ICU parses a message only when it has an argument or a plural ({...}): most of a form's texts are
 * plain labels, said as written. Each parse (a new IntlMessageFormat, with its locale lookup) was a
 * good part of drawing the form on a slow phone (issue 39 section 4). The catalogues hold no ICU
 * quote ('') outside braces, so a plain message reads the same either way.
 */
class PlainFirstIcu extends ICU {
  parse(...args: Parameters<Parse>) {
    const [res] = args;
    return typeof res === 'string' && !/[{}]/.test(res) ? res : parseIcu.apply(this, args);
  }
}

/**
 * The forms speak only languages every browser has, so the locale is taken as given: the library's
 * check (Intl.NumberFormat.supportedLocalesOf) lists every locale the browser knows the first time it
 * runs, about 180 ms on a slow phone before the form could draw (issue 39 section 4).
 */
IntlMessageFormat.resolveLocale = (locales) => new Intl.Locale(Array.isArray(locales) ? locales[0] : locales);

export const publicI18n = i18next.createInstance();
void publicI18n
  .use(PlainFirstIcu)
  .use(LanguageDetector)
  .init({
    resources: { en, es },
    ns: ['translation', 'messages'],
    fallbackLng: 'en',
    supportedLngs: Object.keys(PUBLIC_LANGUAGES),
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    detection: {
      order: ['querystring', 'localStorage', 'cookie', 'navigator'],
      lookupQuerystring: 'lang',
      lookupLocalStorage: LANGUAGE_STORAGE,
      // The choice also travels as a cookie, so the server sends the form's first screen in it.
      lookupCookie: PUBLIC_LANGUAGE_COOKIE,
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'lax' },
      cookieMinutes: 60 * 24 * 365,
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });

/** Messages that carry a number: read by their shape, said with the number. */
const SHAPED: [RegExp, string, (m: RegExpExecArray) => Record<string, string>][] = [
  [/^Must be at most (\d+) characters$/, 'Must be at most {max} characters', (m) => ({ max: m[1] })],
  [/^Birth date cannot be more than (\d+) years ago$/, 'Birth date cannot be more than {years} years ago', (m) => ({ years: m[1] })],
];

/** A schema's or the server's message in the current language; one the catalogue does not know stays as sent. */
export function sayMessage(message: string): string {
  const opts = { ns: 'messages', keySeparator: false as const, nsSeparator: false as const };
  for (const [shape, key, values] of SHAPED) {
    const m = shape.exec(message);
    if (m) return publicI18n.t(key, { ...opts, ...values(m), defaultValue: message });
  }
  return publicI18n.t(message, { ...opts, defaultValue: message });
}

/** "Required" names its field in a whole sentence: a label and an adjective would not agree in every language (la Raza, el Sexo). */
const publicWording = (label: string, message: string) => (message === 'Required' ? publicI18n.t('form.required', { label }) : fieldText(label, sayMessage(message)));

/** The public form's texts: `t('hwc.title')`, in the visitor's language or, given one, in that language. */
export function usePublicText(fixed?: PublicLanguage): { t: TFunction; language: PublicLanguage } {
  const { t, i18n } = useTranslation('translation', { i18n: publicI18n, lng: fixed });
  return { t, language: fixed ?? ((i18n.resolvedLanguage ?? 'en') as PublicLanguage) };
}

const Translated = createContext(false);

/** The kit's texts (notices, the frame): the visitor's language inside a translated form, English in the others. */
export const useFormText = () => usePublicText(useContext(Translated) ? undefined : 'en');

/** Inside, the kit's texts and the field errors (Field and ErrorSummary ask useFieldWording) read in the visitor's language. */
export function PublicLanguageScope({ children }: { children: ReactNode }) {
  return (
    <Translated.Provider value={true}>
      <FieldWording.Provider value={publicWording}>{children}</FieldWording.Provider>
    </Translated.Provider>
  );
}

/** A choice made on the form wins over the address's `?lang=` from then on: the address follows it. */
function choose(lang: PublicLanguage): void {
  void publicI18n.changeLanguage(lang);
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.set('lang', lang);
    window.history.replaceState(window.history.state, '', url);
  }
}

/** The visible switch: each language named in itself. */
export function LanguageSwitch() {
  const { t, language } = usePublicText();
  return (
    <nav className="public-form-languages" aria-label={t('frame.language')}>
      {(Object.keys(PUBLIC_LANGUAGES) as PublicLanguage[]).map((lang) => (
        <button key={lang} type="button" lang={lang} className="link-button" aria-current={lang === language ? 'true' : undefined} onClick={() => choose(lang)}>
          {PUBLIC_LANGUAGES[lang]}
        </button>
      ))}
    </nav>
  );
}
