import crypto from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';
import { notFound, unauthorized } from '../errors';
import { publicRoute } from '../security/access';
import type { Metrics } from './metrics';

const sameSecret = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/** Counts every answer by its route's pattern (`/api/patients/:id`), so ids never become labels. */
export function recordRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    metrics.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}

/**
 * Issue 36: GET /metrics for Prometheus, beside the shell (not under /api).
 * Never public by default: without METRICS_TOKEN it is not served (404);
 * with one, only a bearer of it reads it.
 */
export const metricsRoutes: FastifyPluginAsync<AppContext> = async (app, { config, metrics }) => {
  app.get('/metrics', publicRoute, async (request, reply) => {
    if (!config.metricsToken || !metrics) throw notFound();
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7).trim(), config.metricsToken)) throw unauthorized('A metrics token is needed');
    return reply.type(metrics.contentType).header('cache-control', 'no-store').send(await metrics.scrape());
  });
};
