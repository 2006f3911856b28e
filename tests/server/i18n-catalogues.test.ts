import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse as parseSource } from '@babel/parser';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import en from '../../shared/i18n/en.json';
import { formatPlain, type Messages } from '../../shared/i18n/staff-text';
import es from '../../shared/i18n/es.json';

const ROOT = resolve(import.meta.dirname, '../..');
const CATALOGUES = { en, es };

/**
 * The components whose every word comes from the catalogues (issue 39). A
 * public form joins the list when it is translated; the test then holds it
 * to having no user-facing text of its own.
 */
const TRANSLATED = ['widgets/hwc/hwc-form.component.tsx', 'widgets/ext/referral-form.component.tsx', 'widgets/ext/referral-frame.tsx', 'widgets/ext/referral-first-screen.tsx', 'widgets/cit/cit-form.component.tsx', 'widgets/cit/treatment-search.tsx', 'widgets/cit/previous-incidents.tsx', 'widgets/support/support.component.tsx', 'widgets/b2w/b2w.component.tsx', 'widgets/opt-out/opt-out.component.tsx', 'widgets/kit/public-form-frame.tsx', 'widgets/kit/offline-notices.tsx', 'shell/public-pages.tsx'];

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

const parse = (file: string, source = readFileSync(resolve(ROOT, file), 'utf8')): Node =>
  parseSource(source, { sourceType: 'module', plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'] }).program as unknown as Node;

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

/**
 * Issue 39 section 2: the staff shell's words, English for now, from catalogues of their own
 * (shared/i18n/staff/<lang>/<namespace>.json), so that a later language is only files. A shell module
 * says them with `shellText` (the frame) or `accountText` (sign-in and the account), often bound as `t`.
 */
const STAFF = resolve(ROOT, 'shared/i18n/staff');
const staffCatalogue = (lang: string, ns: string) => JSON.parse(readFileSync(resolve(STAFF, lang, `${ns}.json`), 'utf8')) as Messages;
const STAFF_NAMESPACES = { shellText: 'shell', accountText: 'account' } as const;
const SHELL_FILES = execFileSync('git', ['ls-files', 'shell'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));

/** The keys a shell module asks of each namespace: its calls, and the keys it holds in its tables (a nav item's 'nav.home'). */
function staffKeysAsked(file: string, source = readFileSync(resolve(ROOT, file), 'utf8')): { ns: string; key: string }[] {
  const bound = Object.entries(STAFF_NAMESPACES).find(([fn]) => new RegExp(`\\b${fn} as t\\b`).test(source))?.[1];
  const asked: { ns: string; key: string }[] = [];
  walk(parse(file, source), (node) => {
    const callee = node.callee as Node | undefined;
    const [first] = (node.arguments as unknown[] | undefined) ?? [];
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && text(first) !== null) {
      const ns = callee.name === 't' ? bound : STAFF_NAMESPACES[callee.name as keyof typeof STAFF_NAMESPACES];
      if (ns) asked.push({ ns, key: text(first)! });
    }
    // A key kept in a table is said later through t(item.label).
    if (node.type === 'StringLiteral' && bound && /^[a-z][a-zA-Z]*(\.[a-zA-Z]+)+$/.test(node.value as string)) {
      const group = (node.value as string).split('.')[0];
      if (group in staffCatalogue('en', bound)) asked.push({ ns: bound, key: node.value as string });
    }
  });
  return asked;
}

const missingStaffKeys = (asked: { ns: string; key: string }[]) => [
  ...new Set(asked.filter(({ ns, key }) => typeof valueAt(staffCatalogue('en', ns) as Tree, key) !== 'string').map(({ ns, key }) => `${ns}: ${key}`)),
];

describe("the staff shell's words come from its catalogues (issue 39 section 2)", () => {
  test('every key a shell module asks for is in its namespace', () => {
    assert.deepEqual(SHELL_FILES.flatMap((file) => missingStaffKeys(staffKeysAsked(file)).map((k) => `${file}: ${k}`)), []);
  });

  test('no shell page or part holds user-facing text of its own', () => {
    assert.deepEqual(SHELL_FILES.filter((f) => f.endsWith('.tsx')).flatMap((file) => literalsIn(file).map((t) => `${file}: ${t}`)), []);
  });

  test("every staff message is plain text with {name} arguments, said the same without ICU's runtime as with it", () => {
    for (const lang of readdirSync(STAFF)) {
      for (const ns of Object.values(STAFF_NAMESPACES)) {
        const messages = staffCatalogue(lang, ns);
        for (const key of keysOf(messages as Tree)) {
          const message = valueAt(messages as Tree, key) as string;
          const values = Object.fromEntries([...message.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], `<${m[1]}>`]));
          assert.equal(formatPlain(message, values), String(new IntlMessageFormat(message, lang).format(values)), `${lang} ${ns} ${key}`);
        }
      }
    }
    // A plural, or an ICU quote, would be said differently: the check above would catch it.
    const plural = '{count, plural, one {# patient} other {# patients}}';
    assert.notEqual(formatPlain(plural, { count: 2 }), new IntlMessageFormat(plural, 'en').format({ count: 2 }));
  });

  test('a later language has every key of the English, and no more', () => {
    for (const lang of readdirSync(STAFF).filter((l) => l !== 'en')) {
      for (const ns of Object.values(STAFF_NAMESPACES)) assert.deepEqual(keysOf(staffCatalogue(lang, ns) as Tree).sort(), keysOf(staffCatalogue('en', ns) as Tree).sort(), `${lang} ${ns}`);
    }
  });

  test('the checks find a missing key, one kept in a table, and a literal', () => {
    const probe = `import { accountText as t } from './account-text';
      import { shellText } from './shell-text';
      const ITEMS = [{ label: 'signIn.noSuchLabel' }];
      export const Probe = () => <p title={shellText('nav.noSuchItem')}>{t('signIn.title')}{t('signIn.noSuchKey')}<b>Sign in now</b></p>;`;
    assert.deepEqual(missingStaffKeys(staffKeysAsked('probe.tsx', probe)).sort(), ['account: signIn.noSuchKey', 'account: signIn.noSuchLabel', 'shell: nav.noSuchItem']);
    assert.deepEqual(literalsIn('probe.tsx', probe), ['Sign in now']);
  });
});
