import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { PUBLIC_FORMS, publicFormHtml } from '../shared/public-form-pages.ts';

/**
 * Issue 39 section 4: each public form's own page, dist/forms/{form}.html. It is the public forms'
 * entry (public.html) with the form's chunks, and all they import, preloaded beside the entry's:
 * on a slow phone the form's code arrives with the entry, not one round of requests after it.
 */
export function publicFormEntries(): Plugin {
  return {
    name: 'careweave-public-form-entries',
    apply: 'build',
    // After Vite's own: public.html is in the bundle by then.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const entry = bundle['public.html'];
        if (entry?.type !== 'asset') return;
        const html = String(entry.source);
        const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
        for (const { form, module } of PUBLIC_FORMS) {
          const holder = Object.values(bundle).find((c) => c.type === 'chunk' && !c.isEntry && c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)));
          if (!holder) this.error(`no chunk holds ${module}`);
          const files = new Set<string>();
          const add = (file: string) => {
            if (files.has(file) || named.has(file)) return;
            files.add(file);
            const chunk = bundle[file];
            if (chunk?.type === 'chunk') chunk.imports.forEach(add);
          };
          add(holder.fileName);
          const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
          const page = html.replace('</head>', `  ${links}\n  </head>`);
          // Written after vite-plugin-compression2 has compressed the bundle: compressed here, the same two ways.
          this.emitFile({ type: 'asset', fileName: publicFormHtml(form), source: page });
          this.emitFile({ type: 'asset', fileName: `${publicFormHtml(form)}.br`, source: brotliCompressSync(page) });
          this.emitFile({ type: 'asset', fileName: `${publicFormHtml(form)}.gz`, source: gzipSync(page) });
        }
      },
    },
  };
}
