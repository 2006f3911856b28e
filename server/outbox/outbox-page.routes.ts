import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';
import { sessionPolicy } from '../auth/auth.routes';
import { resolveAuth } from '../auth/context';
import { isLoopbackHost } from '../config';
import { formatDateTime } from '../../shared/format';
import { recentMessages } from './outbox.repository';
import { REST_HOOK } from './rest-hook';

/** The product's type (Shoelace's --sl-font-sans), so the demo pages read like the app they belong to. */
const PRODUCT_FONT = `-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol'`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * /demo/outbox: what was e-mailed or texted, or waits to be, readable in a
 * browser. It holds one-time codes and children's names, so it is open only
 * on a demo install listening on loopback; anywhere else only a signed-in
 * administrator (navigatorAdmin) may read it, and others get a plain 404.
 * A REST-hook's headers (a subscriber's credentials) are never shown.
 */
export const outboxPageRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const openToAll = config.demoSeed && isLoopbackHost(config.host);
  app.get('/demo/outbox', async (request, reply) => {
    if (!openToAll && !(await resolveAuth(db, request, sessionPolicy(config)))?.flags.navigatorAdmin) {
      return reply.status(404).send({ errors: [{ message: 'Not found' }] });
    }
    const rows = await recentMessages(db);
    const items = rows
      .map(
        (m) => `<article><header><strong>${escape(m.channel.toUpperCase())}</strong> to ${escape(m.recipient)}
          <span class="status ${escape(m.status)}">${escape(m.status)}</span> <time datetime="${escape(m.created_at.toISOString())}">${escape(formatDateTime(m.created_at))}</time></header>
          ${m.subject && m.channel !== REST_HOOK ? `<h2>${escape(m.subject)}</h2>` : ''}<pre>${escape(m.body)}</pre></article>`,
      )
      .join('\n');
    void reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Careweave demo outbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 ${PRODUCT_FONT};max-width:50rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccd;border-radius:6px;padding:.75rem 1rem;margin:.75rem 0}
pre{white-space:pre-wrap;font:inherit;margin:.5rem 0 0}h2{font-size:1.05rem;margin:.5rem 0 0}.status{margin-left:.5rem;padding:0 .4rem;border-radius:4px;background:#eef}.delivered{background:#d1e7dd}.failed{background:#f8d7da}time{color:#555;font-size:.85rem;margin-left:.5rem}</style>
</head><body><h1>Demo outbox</h1><p>Messages Careweave sent, or keeps waiting when no provider is set for their channel (e-mail: SMTP_URL, text: SMS_URL). Newest first.</p>
${items || '<p>No messages yet.</p>'}</body></html>`);
  });
};
