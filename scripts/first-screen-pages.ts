import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { scriptsAfterPaint } from '../shared/after-paint-scripts.ts';
import { firstScreenSlot } from '../shared/first-screen-slot.ts';
import { PUBLIC_FORM_LANGUAGES, PUBLIC_FORMS, publicFormHtml, SIGN_IN_HTML } from '../shared/public-form-pages.ts';
import { THEME_STYLE_ID } from '../shared/widget/theme-style.ts';
import { renderFirstScreens } from './first-screens.ts';

type OutputBundle = Rollup.OutputBundle;

/** The chunk that holds `module`, and every chunk it imports that `html` does not already name. */
function chunksOf(bundle: OutputBundle, module: string, html: string): string[] {
  const holder = Object.values(bundle).find((c) => c.type === 'chunk' && !c.isEntry && c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(module)));
  if (!holder) throw new Error(`no chunk holds ${module}`);
  const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
  const files = new Set<string>();
  const add = (file: string) => {
    if (files.has(file) || named.has(file)) return;
    files.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') chunk.imports.forEach(add);
  };
  add(holder.fileName);
  return [...files];
}

/**
 * A page that paints its first screen with no request after the HTML: its stylesheets and the theme's
 * tokens inline, `css` (more sheets the screen needs) after them, `files` preloaded, and `screen`
 * beside #root, where the live page removes it when it draws (shared/first-screen.ts).
 */
function firstScreenPage(bundle: OutputBundle, html: string, { themeCss, files, css = [], screen, lang }: { themeCss: string; files: string[]; css?: string[]; screen: string; lang?: string }): string {
  // Each inlined sheet keeps a disabled link (never fetched, never applied) that names it: Vite's loader of a
  // lazy chunk adds a chunk's sheets unless a stylesheet link names them, and a second copy of the shell's
  // sheet, after the page's others, would undo their rules (the sign-in card lost its size and place).
  const sheet = (file: string) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset') throw new Error(`no stylesheet ${file}`);
    return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" disabled>`;
  };
  const preloads = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
  const page = html
    .replace(/<link rel="stylesheet"[^>]* href="\/([^"]+)">/g, (_, file: string) => sheet(file))
    // First in <head>, as shell/page-theme.ts puts it, so the page's own sheets still come after.
    .replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n    <style id="${THEME_STYLE_ID}">${themeCss}</style>`)
    .replace(/<html lang="[^"]*">/, (tag) => (lang ? `<html lang="${lang}">` : tag))
    .replace('</head>', `  ${css.map(sheet).join('')}\n    ${preloads}\n  </head>`)
    .replace(/<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*<\/body>/, `${firstScreenSlot(screen)}\n    <div id="root"></div>\n  </body>`);
  if (!page.includes(screen)) throw new Error('the page has no #root to put its first screen beside');
  // The first screen paints from the HTML alone: the scripts are asked for once it has.
  return scriptsAfterPaint(page);
}

/**
 * Issue 39 section 4: pages that paint before any script, for a slow phone.
 * - Each public form's own page in each language, dist/forms/{form}.{lang}.html: the public forms' entry
 *   (public.html) with the form's chunks, and all they import, preloaded beside the entry's, so the form's
 *   code arrives with the entry, and the form's first screen (first-screens.ts) in the visitor's language.
 * - The sign-in page, dist/login.html: the shell's page with the sign-in form's code and styles.
 */
export function firstScreenPages(root: string): Plugin {
  return {
    name: 'careweave-first-screen-pages',
    apply: 'build',
    // After Vite's own: the HTML pages are in the bundle by then.
    generateBundle: {
      order: 'post',
      async handler(_, bundle) {
        const publicHtml = bundle['public.html'];
        const shellHtml = bundle['index.html'];
        if (publicHtml?.type !== 'asset' || shellHtml?.type !== 'asset') return;
        const { themeCss, screens, login } = await renderFirstScreens(root);
        // Written after vite-plugin-compression2 has compressed the bundle: compressed here, the same two ways.
        const emit = (fileName: string, page: string) => {
          this.emitFile({ type: 'asset', fileName, source: page });
          this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: brotliCompressSync(page) });
          this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gzipSync(page) });
        };
        const entry = String(publicHtml.source);
        for (const { form, module } of PUBLIC_FORMS) {
          const files = chunksOf(bundle, module, entry);
          for (const lang of PUBLIC_FORM_LANGUAGES) emit(publicFormHtml(form, lang), firstScreenPage(bundle, entry, { themeCss, files, screen: screens[form][lang], lang }));
        }
        const shell = String(shellHtml.source);
        const files = chunksOf(bundle, 'shell/login-page.tsx', shell);
        const css = files.flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        emit(SIGN_IN_HTML, firstScreenPage(bundle, shell, { themeCss, files, css, screen: login }));
      },
    },
  };
}
