import type { FastifyPluginAsync } from 'fastify';
import type Provider from 'oidc-provider';
import { mountProvider } from '../smart-apps/mount-provider';
import type { AppContext } from '../app-context';
import { DemoEhr, DEMO_EHR, demoEhrRoutes } from './demo-ehr';
import { createDemoIdp, DEMO_IDP } from './demo-idp';
import { DemoEhrReferrals, demoEhrReferralRoutes } from './demo-ehr-referrals';
import { demoSmartAppRoutes } from './demo-smart-app';

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
  demoSmartAppRoutes(app, () => config.publicUrl);
};
