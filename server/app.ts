import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { PAGE_VIEW_HEADER } from '../shared/api/page-view';
import type { AppContext } from './app-context';
import { adminRoutes } from './admin/admin.routes';
import { organizationRoutes } from './admin/organization.routes';
import { identityProviderRoutes } from './admin/identity-providers.routes';
import { ehrRoutes } from './admin/ehrs.routes';
import { fhirClientRoutes } from './admin/fhir-clients.routes';
import { fhirDestinationRoutes } from './admin/fhir-destinations.routes';
import { smartAppRoutes } from './admin/smart-apps.routes';
import { referenceRoutes } from './admin/reference.routes';
import { accessCodeRoutes } from './admin/access-codes.routes';
import { extInstanceRoutes } from './admin/ext-instances.routes';
import { breakGlassRoutes } from './break-glass/break-glass.routes';
import { authRoutes, sessionPolicy } from './auth/auth.routes';
import { resolveAuth } from './auth/context';
import { sessionCache } from './auth/sessions.repository';
import { auditRoutes } from './audit/audit.routes';
import { countCache } from './dataviews/count-cache';
import { dataViewRoutes } from './dataviews/dataviews.routes';
import { openApiRoutes, registerApiDocs } from './api-docs/openapi';
import { logResponses } from './api-docs/response-log';
import { describeRoutes } from './api-docs/route-schemas';
import { checkAnswers } from './api-docs/strict-answers';
import { clientErrorHandler, notFound, registerErrorHandling } from './errors';
import { queueRoutes } from './queues/queues.routes';
import { attachRealtime } from './realtime/socket';
import { outboxPageRoutes } from './outbox/outbox-page.routes';
import { siteRoutes } from './site/site.routes';
import { VERSION_FILE } from './site/build-version';
import { versionRoutes } from './site/version.routes';
import { b2wRoutes } from './b2w/b2w.routes';
import { citRoutes } from './cit/cit.routes';
import { geocoderRoutes } from './geocoder/geocoder.routes';
import { extRoutes } from './ext/ext.routes';
import { hwcRoutes } from './hwc/hwc.routes';
import { optOutRoutes } from './opt-out/opt-out.routes';
import { supportRoutes } from './support/support.routes';
import { patientSearchRoutes } from './patient-search/patient-search.routes';
import { identitySearchRoutes } from './identity-search/identity-search.routes';
import { patientsRoutes } from './patients/patients.routes';
import { demographicsRoutes } from './patients/demographics.routes';
import { ssoRoutes } from './sso/sso.routes';
import { smartRoutes } from './smart/smart.routes';
import { fhirRoutes } from './fhir/fhir.routes';
import { fhirTokenRoutes } from './fhir/token.routes';
import { jwksRoutes } from './fhir/jwks.routes';
import { FHIR_PATH, OAUTH_PATH } from './fhir/paths';
import { metricsRoutes, recordRequests } from './metrics/metrics.routes';
import { launchPatientRoutes } from './smart/launch-patient.routes';
import { demoOidcRoutes } from './demo-oidc/demo-oidc.routes';
import { smartAppsRoutes } from './smart-apps/smart-apps.routes';
import { authorizationServer } from './smart-apps/authorization-server';
import { mountProvider } from './smart-apps/mount-provider';
import { faceSheetRoutes } from './face-sheet/face-sheet.routes';
import { identityRecordRoutes } from './identity/identity-record.routes';
import { notesRoutes } from './notes/notes.routes';
import { admissionsRoutes } from './admissions/admissions.routes';
import { medicalEventsRoutes } from './medical-events/medical-events.routes';
import { resourcesRoutes } from './resources/resources.routes';
import { careTeamRoutes } from './care-team/care-team.routes';
import { allergiesRoutes } from './allergies/allergies.routes';
import { medicationsRoutes } from './medications/medications.routes';
import { diagnosesRoutes } from './diagnoses/diagnoses.routes';
import { documentsRoutes } from './documents/documents.routes';
import { filesRoutes } from './files/files.routes';
import { outboundReferralsRoutes } from './outbound-referrals/outbound-referrals.routes';
import { incomingReferralsRoutes } from './outbound-referrals/incoming-referrals.routes';
import { ehrReferralsRoutes } from './outbound-referrals/ehr-referrals.routes';
import { badgesRoutes } from './badges/badges.routes';
import { addPatientRoutes } from './add-patient/add-patient.routes';
import { contactsRoutes } from './contacts/contacts.routes';
import { providersRoutes } from './providers/providers.routes';
import { remindersRoutes } from './reminders/reminders.routes';
import { chatRoutes } from './chat/chat.routes';
import { requestId, sendRequestIds } from './request-id';
import { loggerOptions } from './logger';
import { enforceAccess } from './security/access';
import { reportsRoutes } from './reports/reports.routes';
import { setReferenceCacheMs } from './cache/reference-cache';
import { registerJsonLimits } from './security/json-limits';
import { trackRequests } from './requests-in-flight';
import { pinClientAddress } from './client-address';
import { CIT_WITHOUT_STATE, publicFormHtml, publicFormOf, REFERRAL_FIRST_SCREEN_MODULE, SIGN_IN_HTML, SIGN_IN_PAGE } from '../shared/public-form-pages';
import { publicFormLanguage } from './public-language';
import { referralPages, sendDrawnPage } from './ext/referral-page';
import { AFTER_PAINT_LOADER } from '../shared/after-paint-scripts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const AFTER_PAINT_LOADER_HASH = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

/** Builds the whole HTTP app; main.ts and the tests both use it. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config, db } = ctx;
  const policy = sessionPolicy(config);
  countCache.ttlMs = config.countCacheMs;
  sessionCache.ttlMs = config.sessionCacheMs;
  setReferenceCacheMs(config.referenceCacheMs);
  const app = Fastify({
    logger: loggerOptions(config),
    genReqId: requestId,
    // A hop count trusts that many proxies nearest to us (proxy-addr's rule).
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While draining (SIGTERM, a rolling restart) a request on an open keep-alive connection is still
    // answered, with Connection: close, so the client's next one goes to a process that stays (issue 36).
    return503OnClosing: false,
    clientErrorHandler,
  });
  // First, so that every route's requests are counted until their work is over (a stop waits for them),
  // and read their client's address while it is there to read.
  trackRequests(app);
  pinClientAddress(app);
  registerErrorHandling(app);
  if (ctx.metrics) recordRequests(app, ctx.metrics);
  sendRequestIds(app);
  registerJsonLimits(app);
  if (config.responseLog) logResponses(app, config.responseLog);

  const origins = config.allowedOrigins;
  // Built once: @fastify/helmet 13 builds helmet's middleware again for every request, parsing the
  // policy each time (GET /api/live at 32 connections: 0.19 ms of server CPU per request with it, 0.12 without).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: a first-screen page's loader, by its hash (shared/after-paint-scripts.ts).
        scriptSrc: ["'self'", AFTER_PAINT_LOADER_HASH],
        // Shoelace and React set inline styles on elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Shoelace fetches its built-in icons from data: URLs.
        connectSrc: ["'self'", 'data:', 'ws:', 'wss:', ...origins],
        frameAncestors: ["'self'", ...origins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Embedding hosts load our element modules cross-origin.
    crossOriginResourcePolicy: { policy: origins.length ? 'cross-origin' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // X-Frame-Options cannot name other origins; with partners allowed, CSP frame-ancestors alone decides.
    xFrameOptions: origins.length ? false : { action: 'sameorigin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  await app.register(cors, {
    origin: origins.length ? origins : false,
    credentials: true,
    // The default (GET, HEAD, POST) would block the division switch and every update or delete from an embedding page.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // An embedding page may read these: the id to quote in a support call, a replayed submit, when to retry.
    exposedHeaders: ['x-request-id', 'idempotent-replayed', 'retry-after'],
    allowedHeaders: ['authorization', 'content-type', 'x-csrf-token', 'idempotency-key', 'x-registration-token', PAGE_VIEW_HEADER],
  });
  await app.register(cookie);
  await registerApiDocs(app, ctx, policy);

  await app.register(
    async (api) => {
      api.decorateRequest('auth', null);
      describeRoutes(api);
      if (config.strictAnswers) checkAnswers(api);
      api.addHook('onRequest', async (request) => {
        request.auth = await resolveAuth(db, request, policy);
      });
      enforceAccess(api, db);
      // A write may change what any list counts; the next totals are read fresh.
      api.addHook('onResponse', async (request, reply) => {
        if (!SAFE_METHODS.has(request.method) && reply.statusCode < 400) countCache.clear();
      });
      await api.register(openApiRoutes, ctx);
      await api.register(authRoutes, ctx);
      await api.register(siteRoutes, ctx);
      await api.register(queueRoutes, ctx);
      await api.register(auditRoutes, ctx);
      await api.register(providersRoutes, ctx);
      await api.register(remindersRoutes, ctx);
      await api.register(patientSearchRoutes, ctx);
      await api.register(identitySearchRoutes, ctx);
      await api.register(patientsRoutes, ctx);
      await api.register(demographicsRoutes, ctx);
      await api.register(faceSheetRoutes, ctx);
      await api.register(identityRecordRoutes, ctx);
      await api.register(notesRoutes, ctx);
      await api.register(admissionsRoutes, ctx);
      await api.register(medicalEventsRoutes, ctx);
      await api.register(resourcesRoutes, ctx);
      await api.register(careTeamRoutes, ctx);
      await api.register(allergiesRoutes, ctx);
      await api.register(medicationsRoutes, ctx);
      await api.register(diagnosesRoutes, ctx);
      await api.register(documentsRoutes, ctx);
      await api.register(filesRoutes, ctx);
      await api.register(outboundReferralsRoutes, ctx);
      await api.register(incomingReferralsRoutes, ctx);
      await api.register(ehrReferralsRoutes, ctx);
      await api.register(badgesRoutes, ctx);
      await api.register(chatRoutes, ctx);
      await api.register(addPatientRoutes, ctx);
      await api.register(contactsRoutes, ctx);
      await api.register(supportRoutes, ctx);
      await api.register(b2wRoutes, ctx);
      await api.register(optOutRoutes, ctx);
      await api.register(hwcRoutes, ctx);
      await api.register(citRoutes, ctx);
      await api.register(geocoderRoutes, ctx);
      await api.register(extRoutes, ctx);
      await api.register(adminRoutes, ctx);
      await api.register(organizationRoutes, ctx);
      await api.register(identityProviderRoutes, ctx);
      await api.register(ehrRoutes, ctx);
      await api.register(fhirClientRoutes, ctx);
      await api.register(fhirDestinationRoutes, ctx);
      await api.register(smartAppRoutes, ctx);
      await api.register(referenceRoutes, ctx);
      await api.register(accessCodeRoutes, ctx);
      await api.register(extInstanceRoutes, ctx);
      await api.register(reportsRoutes, ctx);
      await api.register(breakGlassRoutes, ctx);
      await api.register(ssoRoutes, ctx);
      await api.register(launchPatientRoutes, ctx);
      await api.register(smartAppsRoutes, ctx);
      // Last: a view's path an area answers itself is left to it (dataviews.routes.ts).
      await api.register(dataViewRoutes, ctx);
      api.setNotFoundHandler((request) => {
        throw notFound(`No API route ${request.method} ${request.url.split('?')[0]}`);
      });
    },
    { prefix: '/api' },
  );

  // Beside the shell, not under /api (spec 000 section 7): declared like every API route.
  await app.register(async (site) => {
    enforceAccess(site, db);
    await site.register(versionRoutes, ctx);
    await site.register(smartRoutes, ctx);
    await site.register(metricsRoutes, ctx);
    await site.register(fhirTokenRoutes, ctx);
    await site.register(jwksRoutes, ctx);
  });
  // Issue 35: FHIR R4 for registered outside systems, with its own access rule (a token's scopes) and OperationOutcome errors.
  await app.register(fhirRoutes, { ...ctx, prefix: FHIR_PATH });
  // Issue 35: Careweave's authorization server for user-facing SMART apps (its token endpoint is the Backend Services one, which hands it app grants).
  await mountProvider(app, OAUTH_PATH, () => authorizationServer(ctx));
  await app.register(outboxPageRoutes, ctx);
  await app.register(demoOidcRoutes, ctx);
  registerStatic(app, config.distDir, referralPages(db, config.distDir, app.log));
  await attachRealtime(app, ctx);
  return app;
}

const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.\w+(\.br|\.gz)?$/;

/** The built shell and elements from dist/, the demo pages, and the shell for every other path. */
function registerStatic(app: FastifyInstance, distDir: string, referralPage: ReturnType<typeof referralPages>): void {
  const root = path.resolve(import.meta.dirname, '..');
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    // The build's version record is answered by GET /version.json (server/site/version.routes.ts), not as a file.
    // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are, never compressed per request.
    // Hashed file names never change content, so a browser keeps them; fixed names (the shell, elements, sw.js) are asked again.
    void app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: true,
      // The module the server draws referral links' first screens with is the server's own, not a file to send.
      globIgnore: [VERSION_FILE, `${path.dirname(REFERRAL_FIRST_SCREEN_MODULE)}/**`],
      preCompressed: true,
      setHeaders: (reply, file) => {
        if (HASHED_ASSET.test(file)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  void app.register(fastifyStatic, { root: path.join(root, 'demo'), prefix: '/demo/', decorateReply: !hasDist, index: ['index.html'] });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' || !hasDist) return reply.status(404).send({ errors: [{ message: 'Not found' }] });
    // Client-side routes (/home, /patients/...) all load the shell; the public forms load their own entry (issue 39).
    const address = request.url.split('?')[0];
    // Spec 002: /cit without a state is Ohio's sheet. Said here, a phone loads the sheet's page once, not a page whose script then draws it all again at the new address.
    if (CIT_WITHOUT_STATE.test(address)) return reply.redirect(`/cit/oh${request.url.slice(address.length)}`, 302);
    const form = publicFormOf(address);
    if (!form) return reply.type('text/html').sendFile(SIGN_IN_PAGE.test(address) ? SIGN_IN_HTML : 'index.html', distDir);
    // The form's first screen is in the page, in the visitor's language (issue 39 section 4); a referral link's names its division and step.
    const lang = publicFormLanguage(request);
    const drawn = form === 'ext' ? await referralPage(request, lang) : null;
    if (drawn) return sendDrawnPage(request, reply, drawn);
    return reply.type('text/html').header('vary', 'Accept-Language, Cookie').sendFile(publicFormHtml(form, lang), distDir);
  });
}
