import type { FastifyPluginAsync } from 'fastify';
import { hasAnyFlag, PATIENT_EDIT_FLAGS } from '../../shared/permissions';
import type { AppContext } from '../app-context';
import { nowMs } from '../../shared/clock';
import { sessionPolicy } from '../auth/auth.routes';
import { tooMany } from '../errors';
import { publicRoute } from '../security/access';
import { bucketKey, reserve } from '../security/rate-limit';
import { saveFlow, takeFlow } from '../sso/auth-flows.repository';
import { authorizationUrl, configuration, exchangeCode, isUnreachable, newFlowSecrets, serverMetadata } from '../sso/oidc-client';
import { refusalOf, refuse, safeReturnPath, signInFederated, type Refusal } from '../sso/sign-in';
import { findEhr, findEhrByIssuer, organisationsWithEhrs, type EhrRegistration } from './ehr-registrations.repository';
import { addPatientPrefill, matchPatient, mrnOf, readFhir, readFhirPatient, type FhirPatient } from './launch-patient';
import { popupDone, POPUP_SCRIPT } from './smart-popup';
import { linkedUser, requestLink } from './user-links.repository';

export const SMART_CALLBACK_PATH = '/smart/callback';
export const SMART_SCOPES = 'launch openid fhirUser patient/Patient.rs';
const SMART_CONFIGURATION = '.well-known/smart-configuration';
const LAUNCHES_PER_ADDRESS = { limit: 60, windowSeconds: 15 * 60 };

const refusalFor = (ehr: EhrRegistration, code: Refusal['code'], detail?: Record<string, unknown>) =>
  refusalOf({ uid: ehr.ehr_uid, orgUid: ehr.org_uid, name: ehr.display_name, issuer: ehr.issuer, targetType: 'ehr' }, code, detail);

const FHIR_USER = /^(Practitioner|PractitionerRole|Person|RelatedPerson|Patient)\/[A-Za-z0-9\-.]{1,64}$/;

/**
 * The EHR user as the registration knows them: fhirUser relative to the
 * EHR's FHIR base. A fhirUser of another server (or no resource reference
 * at all) is refused: only what this EHR vouches for is linked.
 */
export function subjectOf(fhirUser: unknown, issuer: string): string | null {
  if (typeof fhirUser !== 'string') return null;
  const relative = fhirUser.startsWith(`${issuer}/`) ? fhirUser.slice(issuer.length + 1) : fhirUser;
  return FHIR_USER.test(relative) ? relative : null;
}

async function practitionerName(ehr: EhrRegistration, accessToken: string, subject: string): Promise<string | null> {
  try {
    const body = await readFhir<{ name?: { text?: string; given?: string[]; family?: string }[] }>(ehr.issuer, accessToken, subject);
    const name = body.name?.[0];
    return (name?.text ?? [...(name?.given ?? []), name?.family].filter(Boolean).join(' ')).slice(0, 200) || null;
  } catch {
    return null;
  }
}

/** An opener page may receive the session only from its own origin, which must be this site or a partner allowed by ALLOWED_ORIGINS. */
function popupOrigin(value: unknown, allowed: readonly string[], siteOrigins: readonly string[]): string | null {
  if (typeof value !== 'string') return null;
  try {
    const origin = new URL(value).origin;
    return siteOrigins.includes(origin) || allowed.includes(origin) ? origin : null;
  } catch {
    return null;
  }
}

/**
 * Issue 34 section 1: Careweave as a SMART on FHIR app launched by an EHR.
 * `/smart/launch` is the launch URL an EHR is given; the callback exchanges
 * the code (PKCE, state, the id_token checked by openid-client), maps
 * fhirUser through an administrator-approved link, reads the EHR's Patient
 * with the EHR's token and opens the patient the user may see by MRN, or
 * Add Patient filled from the EHR.
 */
export const smartRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const policy = sessionPolicy(config);
  const callbackUrl = () => `${config.publicUrl}${SMART_CALLBACK_PATH}`;

  app.get('/smart/popup-done.js', publicRoute, async (_request, reply) => reply.type('text/javascript').header('cache-control', 'no-cache').send(POPUP_SCRIPT));

  app.get<{ Querystring: { iss?: string; launch?: string; opener?: string } }>('/smart/launch', publicRoute, async (request, reply) => {
    const attempt = await reserve(db, [{ bucket: bucketKey('smart', 'addr', request.ip), limit: LAUNCHES_PER_ADDRESS.limit }], LAUNCHES_PER_ADDRESS.windowSeconds);
    if (!attempt.allowed) throw tooMany(LAUNCHES_PER_ADDRESS.windowSeconds);
    const iss = typeof request.query.iss === 'string' ? request.query.iss.slice(0, 500) : '';
    const launch = typeof request.query.launch === 'string' ? request.query.launch.slice(0, 500) : '';
    const ehr = iss ? await findEhrByIssuer(db, iss) : undefined;
    if (!ehr || !launch) {
      // Nothing is fetched from an issuer nobody registered; the organisations that take launches hear of the attempt.
      return refuse(db, reply, { code: 'unregistered-ehr', about: iss || '(no iss)', orgUids: await organisationsWithEhrs(db), detail: { issuer: iss, launch: !!launch }, targetType: 'ehr', targetUid: null });
    }
    const secrets = newFlowSecrets();
    let url: URL;
    try {
      const server = await serverMetadata(ehr.issuer, SMART_CONFIGURATION);
      url = await authorizationUrl(configuration(server, { issuer: ehr.issuer, clientId: ehr.client_id, clientSecret: ehr.client_secret }), secrets, {
        redirect_uri: callbackUrl(),
        scope: SMART_SCOPES,
        launch,
        aud: ehr.issuer,
      });
    } catch (err) {
      return refuse(db, reply, refusalFor(ehr, 'provider', { error: (err as Error).message.slice(0, 300) }));
    }
    // This site is its public address, or the address this launch was asked on (a loopback install has two names).
    const opener = popupOrigin(request.query.opener, config.allowedOrigins, [new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`]);
    await saveFlow(db, secrets, { kind: 'smart', sourceUid: ehr.ehr_uid, context: opener ? { opener } : {} });
    return reply.redirect(url.href, 303);
  });

  app.get<{ Querystring: Record<string, string> }>(SMART_CALLBACK_PATH, publicRoute, async (request, reply) => {
    const attempt = await reserve(db, [{ bucket: bucketKey('smart-callback', 'addr', request.ip), limit: LAUNCHES_PER_ADDRESS.limit }], LAUNCHES_PER_ADDRESS.windowSeconds);
    if (!attempt.allowed) throw tooMany(LAUNCHES_PER_ADDRESS.windowSeconds);
    const state = typeof request.query.state === 'string' ? request.query.state : '';
    const flow = state ? await takeFlow(db, state, 'smart') : undefined;
    const ehr = flow ? await findEhr(db, flow.source_uid) : undefined;
    if (!flow || !ehr?.is_active) {
      // A wrong, replayed or late state names no EHR we can trust: every organisation that takes launches hears of it.
      return refuse(db, reply, { code: 'state', about: 'the EHR', orgUids: await organisationsWithEhrs(db), detail: { address: request.ip }, targetType: 'ehr', targetUid: null });
    }
    if (request.query.error) return refuse(db, reply, refusalFor(ehr, 'cancelled', { error: String(request.query.error).slice(0, 100) }));

    let tokens: Awaited<ReturnType<typeof exchangeCode>>;
    try {
      const server = await serverMetadata(ehr.issuer, SMART_CONFIGURATION);
      tokens = await exchangeCode(configuration(server, { issuer: ehr.issuer, clientId: ehr.client_id, clientSecret: ehr.client_secret }), new URL(`${callbackUrl()}?${new URLSearchParams(request.query)}`), flow.secrets);
    } catch (err) {
      return refuse(db, reply, refusalFor(ehr, isUnreachable(err) ? 'provider' : 'token', { error: (err as Error).message.slice(0, 300) }));
    }
    const claims: Record<string, unknown> = tokens.claims() ?? {};
    const subject = subjectOf(claims.fhirUser, ehr.issuer);
    if (!subject) return refuse(db, reply, refusalFor(ehr, 'token', { error: 'fhirUser is not a user of this EHR', fhirUser: String(claims.fhirUser ?? '').slice(0, 200) }));
    const patientId = typeof tokens.patient === 'string' ? tokens.patient : '';

    const user = await linkedUser(db, ehr, subject);
    if (user.state === 'pending') {
      await requestLink(db, ehr, subject, await practitionerName(ehr, tokens.access_token, subject));
      return refuse(db, reply, { ...refusalFor(ehr, 'ehr-user'), orgUids: [] });
    }
    if (user.state !== 'approved') return refuse(db, reply, refusalFor(ehr, user.state === 'inactive' ? 'inactive' : 'no-division', { subject }));

    let fhirPatient: FhirPatient;
    try {
      fhirPatient = await readFhirPatient(ehr.issuer, tokens.access_token, patientId);
    } catch (err) {
      return refuse(db, reply, refusalFor(ehr, 'provider', { error: (err as Error).message.slice(0, 300), subject }));
    }
    const mrn = mrnOf(fhirPatient, ehr.mrn_system);
    const patientUid = mrn ? await matchPatient(db, ehr, user.viewer, mrn) : null;
    const mayAdd = hasAnyFlag(user.viewer.flags, PATIENT_EDIT_FLAGS);
    if (!patientUid && !mayAdd) return refuse(db, reply, refusalFor(ehr, 'no-patient', { subject, patient: patientId }));

    const expiresIn = tokens.expiresIn();
    const created = await signInFederated(db, request, reply, policy, { userUid: user.userUid, divisionUid: ehr.division_uid }, {
      kind: 'smart',
      sourceUid: ehr.ehr_uid,
      idToken: tokens.id_token,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      tokenExpiresAt: expiresIn ? new Date(nowMs() + expiresIn * 1000) : null,
      patientUid,
      launchPatient: patientUid ? null : addPatientPrefill(fhirPatient, ehr.mrn_system),
    });
    const path = patientUid ? `/patients/${patientUid}/face-sheet` : '/patients/add?from=ehr';
    const opener = flow.context.opener;
    if (opener) return popupDone(reply, opener, { type: 'careweave-smart', token: created.token, path });
    return reply.redirect(path, 303);
  });
};
