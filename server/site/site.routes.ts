import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { isFlag } from '../../shared/permissions';
import { DEFAULT_LANG } from '../../shared/i18n-defaults';
import { publicRoute, signedIn } from '../security/access';
import { DestinationList, HealthDocument, HealthDownDocument, LiveDocument, NotReadyDocument, ReadyDocument, TranslationsDocument } from './site.responses';
import { translationsFor } from './translations';

const HEALTH_TIMEOUT_MS = 2000;

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** Health, translations and destinations: what the shell and a load balancer need besides the session. */
export const siteRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  // Liveness: the process answers. No session, no database (the benchmark's baseline).
  app.get('/live', withSchemas(publicRoute, { 200: LiveDocument }), async () => ({ status: 'ok' }));

  // Readiness for a load balancer: a stuck pool or database makes this a 503 within a few seconds.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  const readiness = (extra: Record<string, unknown>) => async (_request: FastifyRequest, reply: FastifyReply) => {
    if (draining && extra.ready) return reply.status(503).header('retry-after', '1').send({ status: 'draining', ready: false, errors: [{ message: 'This process is stopping' }] });
    try {
      await withTimeout(sql`select 1`.execute(db), HEALTH_TIMEOUT_MS);
      return { status: 'ok', database: 'ok', ...extra };
    } catch {
      return reply.status(503).header('retry-after', '5').send({ status: 'unavailable', database: 'unavailable', ...(extra.ready ? { ready: false } : {}), errors: [{ message: 'The database does not answer' }] });
    }
  };
  app.get('/health', withSchemas(publicRoute, { 200: HealthDocument, 503: HealthDownDocument }), readiness({}));
  /**
   * Issue 36: readiness apart from liveness (/live). Not ready while the
   * database does not answer, nor while the process drains (a load balancer
   * sends it nothing new); before migrations finish nothing listens.
   */
  app.get('/ready', withSchemas(publicRoute, { 200: ReadyDocument, 503: NotReadyDocument }), readiness({ ready: true }));

  // Signed in, the current division's own strings win over the install's (the patient word, spec 000); signed out, the install's.
  app.get<{ Querystring: { lang?: string } }>('/translations', withSchemas(publicRoute, { 200: TranslationsDocument }), async (request, reply) => {
    const lang = /^[a-z]{2}(-[A-Z]{2})?$/.test(request.query.lang ?? '') ? request.query.lang! : DEFAULT_LANG;
    const strings = await translationsFor(db, lang, request.auth?.divisionUid ?? null);
    reply.header('cache-control', 'no-store');
    return { data: { type: 'translations', id: lang, attributes: { lang, strings } } };
  });

  app.get('/destinations', withSchemas(signedIn, { 200: DestinationList }), async (request) => {
    const auth = requireAuth(request);
    const rows = await db.selectFrom('destination').selectAll().orderBy('name').execute();
    const allowed = rows.filter((r) => !r.required_flag || (isFlag(r.required_flag) && auth.flags[r.required_flag]));
    return { data: allowed.map((r) => ({ type: 'destination', id: r.name, attributes: { name: r.name, label: r.label, url: r.url } })) };
  });
};
