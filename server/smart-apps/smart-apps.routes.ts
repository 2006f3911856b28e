import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import type Provider from 'oidc-provider';
import { AUTHORIZATION_ENDED, CHOOSE_A_PATIENT, NOT_FOR_APPS, AppDecisionSchema, isAppScope, type AppAuthorizationView, type AppRedirect } from '../../shared/schemas/smart-apps';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import { HttpError, notFound, parseBody } from '../errors';
import { withoutCaseAccess } from '../dataviews/scopes';
import { FHIR_PATH } from '../fhir/paths';
import { findVisiblePatient, PATIENT_NOT_FOUND } from '../patients/patient-access';
import { allow, CARE_FLAGS } from '../security/access';
import { asksForPatient, describeScope, splitAsked } from './app-scopes';
import { authorizationServer } from './authorization-server';
import { providerSeconds } from './oidc-adapter';
import { findActiveSmartApp, recordLaunch } from './smart-apps.repository';
import { AppAuthorizationDocument, AppRedirectDocument } from './smart-apps.responses';

type Interaction = InstanceType<Provider['Interaction']>;

/**
 * Issue 35 section 2, the consent page's calls (`/authorize-app/:uid` in the
 * shell): what an app asks of the signed-in user, and the user's answer.
 * Only users of the care modes decide, and only for an app their own
 * organisation registered; the answer is kept by oidc-provider, which the
 * browser is then sent back to (only the browser that began the request
 * holds the cookie that lets it go on).
 */
export const smartAppsRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { db, config } = ctx;
  // The care modes: identity mode's records are never FHIR's (issue 35 section 1).
  const reader = allow(...CARE_FLAGS);

  /** The pending request and its app; 404 (one answer) when it ended, was answered, or is another organisation's app. */
  async function pending(uid: string, auth: AuthContext) {
    const provider = await authorizationServer(ctx);
    const interaction = uid.length <= 100 ? await provider.Interaction.find(uid) : undefined;
    const smartApp = interaction && !interaction.result && (await findActiveSmartApp(db, String(interaction.params.client_id ?? '')));
    if (!interaction || !smartApp || smartApp.orgUid !== auth.orgUid) throw notFound(AUTHORIZATION_ENDED);
    const asked = String(interaction.params.scope ?? '').split(' ').filter(Boolean);
    return { interaction, smartApp, ...splitAsked(asked, smartApp.scopes) };
  }

  const answer = async (interaction: Interaction, result: Interaction['result']): Promise<AppRedirect> => {
    interaction.result = result;
    await interaction.save(Math.max(1, interaction.exp - providerSeconds()));
    return { redirectTo: interaction.returnTo };
  };

  app.get<{ Params: { uid: string } }>('/smart-apps/authorizations/:uid', withSchemas(reader, { 200: AppAuthorizationDocument }), async (request) => {
    const auth = requireAuth(request);
    const { interaction, smartApp, granted, refused } = await pending(request.params.uid, auth);
    const division = await db.selectFrom('division').select('division_name').where('division_uid', '=', auth.divisionUid).executeTakeFirstOrThrow();
    const view: AppAuthorizationView = {
      uid: interaction.uid,
      appName: smartApp.name,
      scopes: granted.map(describeScope),
      refused,
      needsPatient: asksForPatient(granted) || granted.includes('launch/patient'),
      divisionName: division.division_name,
    };
    return { data: snakeKeys(view) };
  });

  app.post<{ Params: { uid: string } }>('/smart-apps/authorizations/:uid', withSchemas(reader, { 200: AppRedirectDocument }, { body: AppDecisionSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(AppDecisionSchema, request.body);
    const { interaction, smartApp, granted, refused } = await pending(request.params.uid, auth);
    if (body.decision === 'deny') return { data: snakeKeys(await answer(interaction, { error: 'access_denied', error_description: 'The user did not allow the app' })) };

    let patientUid: string | null = null;
    if (asksForPatient(granted) || granted.includes('launch/patient')) {
      if (!body.patientUid?.trim()) throw new HttpError(422, [{ field: 'patient_uid', message: CHOOSE_A_PATIENT }]);
      const patient = await findVisiblePatient(db, auth, body.patientUid.trim());
      if (!patient) throw notFound(PATIENT_NOT_FOUND);
      // The user may open this record, so saying why the app may not tells them nothing new.
      if (!(await findVisiblePatient(db, withoutCaseAccess(auth), patient.patient_uid))) throw new HttpError(422, [{ field: 'patient_uid', message: NOT_FOR_APPS }]);
      patientUid = patient.patient_uid;
    }
    const provider = await authorizationServer(ctx);
    const fhirBase = `${config.publicUrl}${FHIR_PATH}`;
    const grant = new provider.Grant({ clientId: smartApp.clientId, accountId: auth.userUid });
    grant.addOIDCScope(granted.filter((s) => !isAppScope(s)).join(' '));
    grant.addResourceScope(fhirBase, granted.filter(isAppScope).join(' '));
    // Refused ones are recorded as decided, or the provider would ask again for ever.
    if (refused.length) grant.rejectResourceScope(fhirBase, refused.join(' '));
    const grantId = await grant.save();
    await recordLaunch(db, { grantId, clientId: smartApp.clientId, userUid: auth.userUid, divisionUid: auth.divisionUid, patientUid });
    return { data: snakeKeys(await answer(interaction, { login: { accountId: auth.userUid }, consent: { grantId } })) };
  });
};
