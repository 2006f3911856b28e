import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const THEME = /@shoelace-style\/shoelace\/dist\/themes\/light\.(styles\.js|css)$/;
const COLOR = /--sl-color-([a-z]+)-\d+/g;

/** The colour families the source files under these folders name (`--sl-color-danger-600` names danger). */
function familiesIn(dirs: string[]): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx?|js|css)$/.test(entry.name)) for (const m of readFileSync(file, 'utf8').matchAll(COLOR)) found.add(m[1]);
    }
  };
  dirs.forEach(walk);
  return found;
}

/**
 * Shoelace's light theme declares 22 colour families of 11 shades; its
 * components use five semantic families (primary, success, warning, danger,
 * neutral) that point at five of them. The theme is on every page (the
 * shell's first load and each widget's shadow root), so the build drops the
 * families neither the theme's own mapping, Shoelace's components nor our
 * code name: 1.6 KB gzip per copy.
 */
export function trimShoelacePalette(root: string): Plugin {
  const named = familiesIn([...['shell', 'widgets', 'shared'].map((d) => join(root, d)), join(root, 'node_modules/@shoelace-style/shoelace/dist/chunks')]);
  return {
    name: 'careweave-trim-shoelace-palette',
    enforce: 'pre',
    transform(code, id) {
      if (!THEME.test(id)) return null;
      const used = new Set([...named, ...[...code.matchAll(/var\(--sl-color-([a-z]+)-/g)].map((m) => m[1])]);
      return { code: code.replace(/--sl-color-([a-z]+)-\d+:[^;]+;/g, (decl, family: string) => (used.has(family) ? decl : '')), map: null };
    },
  };
}
