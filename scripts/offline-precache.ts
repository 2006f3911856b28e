import type { Plugin } from 'vite';

/**
 * Which built files the service worker precaches: the public forms' entry
 * (public.html, its scripts and styles) and everything it imports, now or
 * later (each form, shell/public-forms.ts, with the worker's registration),
 * not the whole build. A visitor on a prepaid phone
 * downloads the forms, not the staff product (2.5 MB). The plugin reads the
 * import graph as the bundle is written; `keep` filters Workbox's manifest.
 */
export function offlinePrecache() {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'careweave-offline-precache',
    apply: 'build',
    // After Vite's own: public.html is in the bundle by then.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        files.clear();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk') return;
          chunk.imports.forEach(add);
          // What a form loads later (a toast's alert, a dialog) is needed offline too.
          chunk.dynamicImports.forEach(add);
          chunk.viteMetadata?.importedCss.forEach(add);
          chunk.viteMetadata?.importedAssets.forEach(add);
        };
        const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'public');
        if (entry) add(entry.fileName);
        if (files.size && bundle['public.html']) files.add('public.html');
      },
    },
  };
  /** Workbox's manifestTransforms: the entries of the files above; an empty set (the bundle unread) is a warning, not a silent empty cache. */
  const keep = async <E extends { url: string }>(entries: E[]) => {
    const missing = files.size === 0 ? ['the bundle was not read'] : [];
    return { manifest: entries.filter((entry) => files.has(entry.url)), warnings: missing };
  };
  return { plugin, keep };
}
