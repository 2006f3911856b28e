import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { isFlag } from '../../shared/permissions';
import { DEFAULT_LANG } from '../../shared/i18n-defaults';

/** Translations and destinations: what the shell needs besides the session. */
export const siteRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  // Liveness for load balancers and the benchmark's baseline: no session, no database.
  app.get('/health', async () => ({ status: 'ok' }));

  app.get<{ Querystring: { lang?: string } }>('/translations', async (request) => {
    const lang = /^[a-z]{2}(-[A-Z]{2})?$/.test(request.query.lang ?? '') ? request.query.lang! : DEFAULT_LANG;
    const rows = await db.selectFrom('translation').select(['key', 'value']).where('lang', '=', lang).execute();
    return { data: { type: 'translations', id: lang, attributes: { lang, strings: Object.fromEntries(rows.map((r) => [r.key, r.value])) } } };
  });

  app.get('/destinations', async (request) => {
    const auth = requireAuth(request);
    const rows = await db.selectFrom('destination').selectAll().orderBy('name').execute();
    const allowed = rows.filter((r) => !r.required_flag || (isFlag(r.required_flag) && auth.flags[r.required_flag]));
    return { data: allowed.map((r) => ({ type: 'destination', id: r.name, attributes: { name: r.name, label: r.label, url: r.url } })) };
  });
};
