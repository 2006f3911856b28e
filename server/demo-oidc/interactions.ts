import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { Middleware } from 'koa';
import type { DemoProviderOptions } from './demo-provider';
import { loginPage } from './interaction-page';

const FORM_LIMIT = 4096;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > FORM_LIMIT) throw Object.assign(new Error('form too large'), { status: 413 });
  }
  return new URLSearchParams(body);
}

/**
 * The provider's own sign-in step (its "interaction"): a form for the
 * account and password, as a county's or a hospital's page would ask.
 * Part of the provider itself, so it works wherever the provider is served.
 */
export function interactions(provider: Provider, mount: string, options: Pick<DemoProviderOptions, 'title' | 'accounts' | 'signedInBy'>): Middleware {
  return async (ctx, next) => {
    const uid = /^\/interaction\/([^/]+)$/.exec(ctx.path)?.[1];
    if (!uid || !['GET', 'POST'].includes(ctx.method)) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const known = details.prompt.name === 'login' ? options.signedInBy?.(details.params) : undefined;
    if (known) {
      ctx.status = 303;
      ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: known } }, { mergeWithLastSubmission: false }));
      return;
    }
    const accounts = await options.accounts();
    const page = (extra: { error?: string; login?: string } = {}) =>
      loginPage({ title: options.title, action: `${mount}/interaction/${encodeURIComponent(details.uid)}`, accounts, ...extra });
    ctx.type = 'html';
    if (ctx.method === 'GET') {
      ctx.body = page();
      return;
    }
    const form = await readForm(ctx.req);
    const login = (form.get('login') ?? '').trim().toLowerCase();
    const account = accounts.find((a) => a.id === login || a.claims.email === login);
    if (!account?.password || account.password !== form.get('password')) {
      ctx.status = 401;
      ctx.body = page({ error: 'Wrong account or password.', login });
      return;
    }
    ctx.status = 303;
    ctx.redirect(await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: account.id } }, { mergeWithLastSubmission: false }));
  };
}
