import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { SmartAppFormSchema, type SmartAppHelp, type SmartAppView } from '../../shared/schemas/smart-apps';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import type { Config } from '../config';
import { notFound, parseBody } from '../errors';
import { AUTHORIZE_PATH, FHIR_PATH, TOKEN_PATH } from '../fhir/paths';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { createSmartApp, findOrgSmartApp, listSmartApps, updateSmartApp } from '../smart-apps/smart-apps.repository';
import { actorOf } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { SmartAppDocument, SmartAppList } from './smart-apps.responses';

export const SMART_APP_NOT_FOUND = 'SMART app not found';

/** The addresses an app's developer configures (the GET's meta, `npm run admin -- add-smart-app`'s output). */
export const smartAppHelp = ({ publicUrl }: Pick<Config, 'publicUrl'>): SmartAppHelp => ({
  fhirBase: `${publicUrl}${FHIR_PATH}`,
  authorizeUrl: `${publicUrl}${AUTHORIZE_PATH}`,
  tokenUrl: `${publicUrl}${TOKEN_PATH}`,
});

const resource = (a: SmartAppView) => ({ type: 'smart-apps', id: a.clientId, attributes: snakeKeys(a) });

/**
 * Issue 35 section 2, the administrator's side: the organisation's
 * user-facing SMART apps (the authorization itself is server/smart-apps).
 * The FHIR clients' anatomy: navigatorAdmin only, another organisation's app
 * is a 404, each change locks the organisation and writes the admin audit
 * log in its transaction (createSmartApp, updateSmartApp).
 */
export const smartAppRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const admin = allow('navigatorAdmin');

  /** The apps, and in `meta` the FHIR base URL (the app's `iss`), the authorize URL and the token URL. */
  app.get('/admin/smart-apps', withSchemas(admin, { 200: SmartAppList }), async (request) => {
    const auth = requireAuth(request);
    return { data: (await listSmartApps(db, auth.orgUid)).map(resource), meta: snakeKeys(smartAppHelp(config)) };
  });

  app.post('/admin/smart-apps', withSchemas(admin, { 201: SmartAppDocument }, { body: SmartAppFormSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(SmartAppFormSchema, request.body);
    return onceOnly(db, request, reply, 'admin-smart-apps', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      return { status: 201, body: { data: resource(await createSmartApp(trx, actorOf(auth), auth.orgUid, body)) } };
    });
  });

  /** Name, addresses, scopes, on or off; an edit that takes something away ends what users granted the app (updateSmartApp). */
  app.put<{ Params: { id: string } }>('/admin/smart-apps/:id', withSchemas(admin, { 200: SmartAppDocument }, { body: SmartAppFormSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(SmartAppFormSchema, request.body);
    const updated = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await findOrgSmartApp(trx, auth.orgUid, request.params.id);
      if (!before) throw notFound(SMART_APP_NOT_FOUND);
      return updateSmartApp(trx, actorOf(auth), auth.orgUid, before, body);
    });
    return { data: resource(updated) };
  });
};
