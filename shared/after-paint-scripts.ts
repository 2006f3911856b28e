/**
 * Issue 39 section 4: a page whose first screen is in its HTML (a public form's, the sign-in page's) asks
 * for its scripts only once that screen has painted. Named in the HTML, forty module files were asked for
 * while the page was still arriving, and on a slow link they shared it with the page itself: the first
 * paint waited for bandwidth the scripts took. The build (scripts/first-screen-pages.ts) moves the page's
 * module script and its preloads into AFTER_PAINT_LIST, which this loader reads.
 */
export const AFTER_PAINT_LIST = 'care-scripts';

/** What the page's scripts were: its module entry, and the modules preloaded beside it. */
interface AfterPaintScripts {
  module: string;
  preload: string[];
}

/**
 * The loader, inline at the end of the page's body (the server's Content-Security-Policy allows it by
 * its hash, server/app.ts): after the first frame, or at the latest after 300 ms (a page opened in a
 * tab behind others draws no frame until it is shown, and must still start). A fixed text: the page's
 * own files are in the JSON beside it, so one hash holds for every page and build.
 */
export const AFTER_PAINT_LOADER = `(function(){var started=false;function start(){if(started)return;started=true;var list=JSON.parse(document.getElementById('${AFTER_PAINT_LIST}').textContent);list.preload.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link)});var script=document.createElement('script');script.type='module';script.src=list.module;document.head.appendChild(script)}requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,300)})()`;

/** `page` with its module script and preloads moved behind its first paint. */
export function scriptsAfterPaint(page: string): string {
  const module = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/.exec(page);
  if (!module) throw new Error('the page has no module script');
  const preload: string[] = [];
  const rest = page.replace(module[0], '').replace(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g, (_, href: string) => {
    preload.push(href);
    return '';
  });
  const list: AfterPaintScripts = { module: module[1], preload };
  // JSON in a script element: `<` escaped, so no file name can close it.
  const json = JSON.stringify(list).replaceAll('<', '\\u003c');
  return rest.replace('</body>', `<script type="application/json" id="${AFTER_PAINT_LIST}">${json}</script><script>${AFTER_PAINT_LOADER}</script>\n  </body>`);
}
