import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const THEME = /@shoelace-style\/shoelace\/dist\/themes\/light\.(styles\.js|css)$/;
const COLOR = /--sl-color-[a-z]+-\d+/g;
const COLOR_DECL = /(--sl-color-[a-z]+-\d+):([^;]+);/g;

/** The colour tokens the source files under these folders name (`--sl-color-danger-600`), written out whole. */
function colorsIn(dirs: string[]): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx?|js|css)$/.test(entry.name)) for (const [name] of readFileSync(file, 'utf8').matchAll(COLOR)) found.add(name);
    }
  };
  dirs.forEach(walk);
  return found;
}

/**
 * Shoelace's light theme declares 22 colour families of 11 shades; its
 * components use five semantic families (primary, success, warning, danger,
 * neutral) that point at five of them, and only some shades of each. The
 * theme is on every page (the shell's first load and each widget's shadow
 * root), so the build keeps only the colour tokens that Shoelace's components,
 * our code or the theme's other tokens (`--sl-input-border-color`) name, and
 * those these point at (`--sl-color-danger-600` → `--sl-color-red-600`):
 * 1.6 KB gzip per copy for the unused families, 0.2 KB more for the unused shades.
 * A token must be written out whole to count: none is built from parts.
 */
export function trimShoelacePalette(root: string): Plugin {
  const named = colorsIn([...['shell', 'widgets', 'shared'].map((d) => join(root, d)), join(root, 'node_modules/@shoelace-style/shoelace/dist/chunks')]);
  return {
    name: 'careweave-trim-shoelace-palette',
    enforce: 'pre',
    transform(code, id) {
      if (!THEME.test(id)) return null;
      const values = new Map([...code.matchAll(COLOR_DECL)].map(([, name, value]) => [name, value]));
      const used = new Set<string>();
      // A kept token keeps the ones its value points at (--sl-color-primary-600: var(--sl-color-sky-600)).
      const keep = (name: string) => {
        if (used.has(name)) return;
        used.add(name);
        for (const [token] of values.get(name)?.matchAll(COLOR) ?? []) keep(token);
      };
      const namedByOtherTokens = [...code.replace(COLOR_DECL, '').matchAll(COLOR)].map(([name]) => name);
      [...named, ...namedByOtherTokens].forEach(keep);
      const trimmed = code.replace(COLOR_DECL, (decl, name: string) => (used.has(name) ? decl : ''));
      // The JS theme is a css`` template that keeps its indentation and blank lines (the build minifies CSS files, not this): 0.2 KB gzip per copy.
      return { code: id.endsWith('.js') ? trimmed.replace(/css`([^`]*)`/, (_, text: string) => `css\`${text.replace(/\s+/g, ' ').replace(/ ?([{};]) ?/g, '$1').trim()}\``) : trimmed, map: null };
    },
  };
}
