import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * Issue 39 section 4: something painted before any script arrives. Both pages (the staff shell's
 * index.html and the public forms' public.html) get the Careweave mark, from its one file, inside
 * #root; React replaces it with the page.
 */
export function firstPaint(iconFile: string): Plugin {
  const mark = readFileSync(iconFile, 'utf8').trim().replace('<svg ', '<svg width="48" height="48" role="img" aria-label="Careweave" ');
  return {
    name: 'careweave-first-paint',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', `<div id="root"><div style="text-align: center; padding-top: 12vh" aria-busy="true">${mark}</div></div>`),
  };
}
