const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What the authorization server shows when it cannot send the browser back
 * to the app (an unknown app or address, a request opened in another
 * browser): the reason, and where to go from here.
 */
export function authorizationErrorPage(reason: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Careweave: The App Could Not Sign In</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1d2733}main{max-width:32rem;margin:10vh auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}h1{font-size:1.4rem;margin-top:0}p{overflow-wrap:anywhere}</style>
</head><body><main>
<h1>The App Could Not Sign In</h1>
<p role="alert">${escape(reason)}</p>
<p>Close this page and start again from the app. If it keeps happening, give your administrator the app's name and this message.</p>
<p><a href="/">Go to Careweave</a></p>
</main></body></html>`;
}
