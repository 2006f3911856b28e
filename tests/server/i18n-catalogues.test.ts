import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse as parseSource } from '@babel/parser';
import en from '../../shared/i18n/en.json';
import es from '../../shared/i18n/es.json';

const ROOT = resolve(import.meta.dirname, '../..');
const CATALOGUES = { en, es };

/**
 * The components whose every word comes from the catalogues (issue 39). A
 * public form joins the list when it is translated; the test then holds it
 * to having no user-facing text of its own.
 */
const TRANSLATED = ['widgets/hwc/hwc-form.component.tsx', 'widgets/ext/referral-form.component.tsx', 'widgets/cit/cit-form.component.tsx', 'widgets/cit/treatment-search.tsx', 'widgets/cit/previous-incidents.tsx', 'widgets/support/support.component.tsx', 'widgets/b2w/b2w.component.tsx', 'widgets/opt-out/opt-out.component.tsx', 'widgets/kit/public-form-frame.tsx', 'widgets/kit/offline-notices.tsx'];

/** Attributes a person reads or hears. */
const SPOKEN_ATTRIBUTES = new Set(['label', 'hint', 'placeholder', 'title', 'aria-label', 'alt', 'purpose', 'legend']);

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

const valueAt = (tree: Tree, key: string): string | Tree | undefined => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);

/** A node of Babel's syntax tree, as far as these checks read it. */
interface Node {
  type: string;
  [key: string]: unknown;
}

const parse = (file: string, source = readFileSync(resolve(ROOT, file), 'utf8')): Node => parseSource(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] }).program as unknown as Node;

/** Every node under `node`, with its parent. */
function walk(node: Node, visit: (node: Node, parent: Node | null) => void, parent: Node | null = null): void {
  visit(node, parent);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (child && typeof child === 'object' && typeof (child as Node).type === 'string') walk(child as Node, visit, node);
  }
}

const text = (node: unknown) => ((node as Node | null)?.type === 'StringLiteral' ? ((node as Node).value as string) : null);

/** Every `t('a.b')` key a component asks for (a key built at run time, t(`hwc.${field}`), is checked by the catalogue's own keys). */
function keysAsked(file: string, source?: string): string[] {
  const keys: string[] = [];
  walk(parse(file, source), (node) => {
    const callee = node.callee as Node | undefined;
    const [first] = (node.arguments as unknown[] | undefined) ?? [];
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 't' && text(first) !== null) keys.push(text(first)!);
  });
  return keys;
}

/** Text a person would read that is written in the component itself. */
function literalsIn(file: string, source?: string): string[] {
  const found: string[] = [];
  walk(parse(file, source), (node, parent) => {
    if (node.type === 'JSXText' && /\p{L}/u.test(node.value as string)) found.push((node.value as string).trim());
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name as string;
      const value = text(node.value);
      if (SPOKEN_ATTRIBUTES.has(name) && value !== null && /\p{L}/u.test(value)) found.push(`${name}="${value}"`);
    }
    const said = text(node.expression);
    if (node.type === 'JSXExpressionContainer' && parent?.type === 'JSXElement' && said !== null && /\p{L}{2}/u.test(said)) found.push(said);
  });
  return found;
}

describe('the public forms in every language (issue 39)', () => {
  test('every catalogue has every key of every other, and no more', () => {
    const english = keysOf(en.translation as Tree).sort();
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      const own = keysOf(catalogue.translation as Tree).sort();
      assert.deepEqual(
        own.filter((k) => !english.includes(k)),
        [],
        `${lang}: keys English does not have`,
      );
      assert.deepEqual(
        english.filter((k) => !own.includes(k)),
        [],
        `${lang}: keys missing`,
      );
    }
  });

  test('every text is a valid ICU message in its language, with the same placeholders as the English', () => {
    const placeholders = (message: string) => [...message.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1]).sort();
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      for (const key of keysOf(catalogue.translation as Tree)) {
        const text = valueAt(catalogue.translation as Tree, key) as string;
        assert.doesNotThrow(() => new IntlMessageFormat(text, lang), `${lang} ${key}`);
        assert.deepEqual(placeholders(text), placeholders(valueAt(en.translation as Tree, key) as string), `${lang} ${key}`);
      }
      for (const [message, text] of Object.entries(catalogue.messages as Record<string, string>)) {
        assert.doesNotThrow(() => new IntlMessageFormat(text, lang), `${lang} message ${message}`);
        assert.deepEqual(placeholders(text), placeholders(message), `${lang} message ${message}`);
      }
    }
  });

  test('a text with no argument reads as written: the forms say it without an ICU parse (widgets/kit/public-i18n.tsx)', () => {
    for (const [lang, catalogue] of Object.entries(CATALOGUES)) {
      const texts = [...keysOf(catalogue.translation as Tree).map((key) => valueAt(catalogue.translation as Tree, key) as string), ...Object.values(catalogue.messages as Record<string, string>)];
      for (const text of texts.filter((t) => !/[{}]/.test(t))) assert.equal(new IntlMessageFormat(text, lang).format(), text, `${lang}: ${text}`);
    }
    // An ICU quote would be said differently: the check above would catch it.
    assert.notEqual(new IntlMessageFormat("It''s", 'en').format(), "It''s");
  });

  test('every key a translated component asks for is in the catalogues', () => {
    const missing = TRANSLATED.flatMap((file) => keysAsked(file).filter((key) => typeof valueAt(en.translation as Tree, key) !== 'string').map((key) => `${file}: ${key}`));
    assert.deepEqual(missing, []);
  });

  test('a translated component holds no user-facing text of its own', () => {
    const literals = TRANSLATED.flatMap((file) => literalsIn(file).map((text) => `${file}: ${text}`));
    assert.deepEqual(literals, []);
  });

  test('the check finds a literal label and a missing key', () => {
    // The checks above, on a component that breaks both rules: a test that cannot fail proves nothing.
    const probe = `export const Probe = () => <form><Field label="District Code" hint={t('hwc.childAgeHint')} /><button>Save now</button><p>{t('hwc.noSuchKey')}</p></form>;`;
    assert.deepEqual(literalsIn('probe.tsx', probe), ['label="District Code"', 'Save now']);
    assert.deepEqual(keysAsked('probe.tsx', probe).filter((key) => typeof valueAt(en.translation as Tree, key) !== 'string'), ['hwc.noSuchKey']);
  });
});
