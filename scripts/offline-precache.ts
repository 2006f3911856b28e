import type { Plugin } from 'vite';

/** The modules of the public forms that work offline (issue 39): their chunks, and what those import, are precached. */
const OFFLINE_FORMS = [
  'widgets/cit/cit-form.component.tsx',
  'widgets/hwc/hwc-form.component.tsx',
  'widgets/ext/referral-form.component.tsx',
  'widgets/support/support.component.tsx',
  'widgets/b2w/b2w.component.tsx',
  // Loaded with each of them (shell/public-forms.ts offlineForm).
  'shell/offline/register.ts',
];

/**
 * Which built files the service worker precaches: the public forms' entry
 * (public.html, its scripts and styles) and the forms' own chunks with
 * everything they import, not the whole build. A visitor on a prepaid phone
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
        for (const chunk of Object.values(bundle)) {
          // A form's component shares its chunk with its custom element, so the chunk is found by the modules it holds.
          const holdsForm = chunk.type === 'chunk' && !chunk.isEntry && chunk.moduleIds.some((id) => OFFLINE_FORMS.some((form) => id.replaceAll('\\', '/').endsWith(form)));
          if (chunk.type === 'chunk' && (chunk.name === 'public' || holdsForm)) add(chunk.fileName);
        }
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
