import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppContext } from '../app-context';
import { DemoEhr, DEMO_EHR, demoEhrRoutes } from './demo-ehr';
import { createDemoIdp, DEMO_IDP } from './demo-idp';
import { DemoEhrReferrals, demoEhrReferralRoutes } from './demo-ehr-referrals';

/**
 * Issue 34: the demo's outside servers, served by this process on a demo
 * install (and so in the tests): each authorization server is an
 * oidc-provider mounted under its path, built when first asked (its issuer
 * is this server's public address, known once it listens).
 */
export const demoOidcRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { config } = ctx;
  if (!config.demoSeed) return;
  const ehr = new DemoEhr(() => config.publicUrl);
  let idp: Promise<Provider> | undefined;
  const servers: { path: string; provider(): Promise<Provider> }[] = [
    { path: DEMO_IDP.path, provider: () => (idp ??= createDemoIdp(config.publicUrl)) },
    { path: DEMO_EHR.authPath, provider: () => ehr.authorizationServer() },
  ];
  for (const server of servers) await mountProvider(app, server.path, server.provider);
  await app.register(demoEhrRoutes(ehr), ctx);
  demoEhrReferralRoutes(app, new DemoEhrReferrals(ctx.db, () => config.publicUrl, DEMO_EHR.name));
};

/** Serves an oidc-provider under `path` of a Fastify app. */
export async function mountProvider(app: FastifyInstance, path: string, provider: () => Promise<Provider>): Promise<void> {
  await app.register(async (scope) => {
    // The provider reads its own request bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${path}/*`, async (request, reply) => {
      const handler = (await provider()).callback();
      reply.hijack();
      // Mounted: the provider sees its own paths, and finds its mount in originalUrl.
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(path.length) || '/';
      handler(raw, reply.raw);
    });
  });
}
