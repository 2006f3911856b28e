import type { DemoAccount } from './demo-provider';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The demo provider's own sign-in page: plain HTML of the provider, not of
 * Careweave (it stands for the county's or the hospital's page), with the
 * demo accounts listed so that a visitor can try each path.
 */
export function loginPage(options: { title: string; action: string; accounts: DemoAccount[]; error?: string; login?: string }): string {
  const hints = options.accounts
    .filter((a) => a.password)
    .map((a) => `<li><code>${escape(a.id)}</code> ${escape(a.label)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(options.title)}</title><link rel="stylesheet" href="/demo/demo-oidc.css"></head>
<body class="demo-oidc"><main>
<h1>${escape(options.title)}</h1>
<p class="demo-oidc-note">A demonstration identity provider. Every account's password is the demo password.</p>
${options.error ? `<p class="demo-oidc-error" role="alert">${escape(options.error)}</p>` : ''}
<form method="post" action="${escape(options.action)}">
<label for="login">Account</label><input id="login" name="login" autocomplete="username" required value="${escape(options.login ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<details><summary>Demo accounts</summary><ul>${hints}</ul></details>
</main></body></html>`;
}
