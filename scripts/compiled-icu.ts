import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from '../shared/i18n/en.json';
import es from '../shared/i18n/es.json';

/**
 * Issue 39 section 4: the public catalogues' ICU messages (those with an argument or a plural, about twenty
 * per language) parsed here, once, into `shared/i18n/compiled-icu.json`, so a phone formats them without
 * the ICU parser: the browser build and the browser tests alias it to its no-parser build (a quarter of the
 * public forms' i18n chunk, and its first use was most of the forms' first translation). A server test
 * fails when the file is not what this makes of the catalogues: `npm run i18n:compile` writes it again.
 */
export const COMPILED_ICU_FILE = 'shared/i18n/compiled-icu.json';

type Tree = { [key: string]: string | Tree };

const textsOf = (tree: Tree): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : textsOf(v)));

/** Each catalogue message with an argument or a plural, by its text, as IntlMessageFormat parses it (i18next-icu asks it to ignore tags). */
export function compileCatalogues(catalogues: Record<string, Tree> = { en, es }): Record<string, MessageFormatElement[]> {
  const compiled: Record<string, MessageFormatElement[]> = {};
  for (const [lang, catalogue] of Object.entries(catalogues)) {
    for (const text of textsOf(catalogue).filter((t) => /[{}]/.test(t)).sort()) compiled[text] ??= parse(text, { ignoreTag: true, locale: new Intl.Locale(lang) });
  }
  return compiled;
}

/** The file's text: one message a line, so a change to the catalogues shows as the lines it changes. */
export const compiledText = (compiled = compileCatalogues()): string =>
  `{\n${Object.entries(compiled).map(([text, ast]) => `${JSON.stringify(text)}: ${JSON.stringify(ast)}`).join(',\n')}\n}\n`;

/** The parser's no-parser build: IntlMessageFormat then takes only parsed messages (the alias both browser builds set). */
export const ICU_NO_PARSER = createRequire(import.meta.url).resolve('@formatjs/icu-messageformat-parser/no-parser.js');

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(resolve(import.meta.dirname, '..', COMPILED_ICU_FILE), compiledText());
}
