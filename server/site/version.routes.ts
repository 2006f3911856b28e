import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';
import { publicRoute } from '../security/access';
import { buildVersion } from './build-version';

/**
 * `GET /version.json` (spec 000 section 7 "Versions"): the build's version
 * and commit, for the debug page's info and for anyone checking which build a
 * server runs. Public (no session: a load balancer or an operator asks it
 * too) and beside the shell, not under /api, as the spec names it. Read once
 * when the server starts.
 */
export const versionRoutes: FastifyPluginAsync<AppContext> = async (app, { config }) => {
  const build = buildVersion(path.resolve(import.meta.dirname, '../..'), config.distDir);
  app.get('/version.json', publicRoute, async (_request, reply) => {
    // A new build behind the same address answers anew; nothing in it is private.
    void reply.header('cache-control', 'no-cache');
    return { version: build.version, commit: build.commit };
  });
};
