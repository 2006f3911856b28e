import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppContext } from '../app-context';
import type { Db } from '../db/connect';
import { DEMO_PASSWORD } from '../db/seed/demo-users';
import { SMART_CALLBACK_PATH } from '../smart/smart.routes';
import { nowMs } from '../../shared/clock';
import { DEMO_EHR_MRN_SYSTEM, DEMO_EHR_PATIENTS, DEMO_EHR_PRACTITIONERS, fhirPatient, fhirPractitioner } from './demo-ehr-data';
import { DEMO_EHR_JWKS_PATH } from './demo-ehr-referrals';
import { createDemoProvider } from './demo-provider';

/**
 * Issue 34 section 1 on a demo install: "Riverside General", an EHR that
 * launches Careweave by SMART on FHIR. Its authorization server is an
 * oidc-provider at /demo/ehr/auth; its FHIR R4 base, /demo/ehr/fhir, serves
 * the SMART configuration and the Patient and Practitioner of a launch to a
 * bearer of the access token it issued. A clinician's "Open Careweave"
 * makes a launch context (patient and clinician) and opens Careweave's
 * launch URL with it.
 */
export const DEMO_EHR = {
  path: '/demo/ehr',
  authPath: '/demo/ehr/auth',
  fhirPath: '/demo/ehr/fhir',
  name: 'Riverside General EHR',
  clientId: 'careweave-smart',
  clientSecret: 'riverside-general-client-secret',
};
const LAUNCH_MS = 10 * 60_000;

export const demoEhrPractitioners = () => DEMO_EHR_PRACTITIONERS(DEMO_PASSWORD);

interface LaunchContext {
  patient: string;
  practitioner: string;
  at: number;
}

export class DemoEhr {
  private readonly launches = new Map<string, LaunchContext>();
  private readonly grants = new Map<string, LaunchContext>();
  private provider?: Promise<Provider>;

  /**
   * `publicUrl`: where this EHR is served; `careweaveUrl`: the Careweave it
   * launches (the same server on a demo install; another in the tests).
   */
  constructor(
    private readonly publicUrl: () => string,
    private readonly careweaveUrl: () => string = publicUrl,
    private readonly signingKey?: Record<string, unknown>,
  ) {}

  get fhirBase() {
    return `${this.publicUrl()}${DEMO_EHR.fhirPath}`;
  }

  /** What the clinician's "Open Careweave" makes: a launch id naming the open chart and the clinician. */
  createLaunch(patient: string, practitioner: string): string | null {
    if (!DEMO_EHR_PATIENTS.some((p) => p.id === patient) || !demoEhrPractitioners().some((p) => p.id === practitioner)) return null;
    for (const [id, l] of this.launches) if (nowMs() - l.at > LAUNCH_MS) this.launches.delete(id);
    const id = crypto.randomBytes(16).toString('base64url');
    this.launches.set(id, { patient, practitioner, at: nowMs() });
    return id;
  }

  authorizationServer(): Promise<Provider> {
    return (this.provider ??= this.build());
  }

  private async build(): Promise<Provider> {
    const publicUrl = this.publicUrl();
    const provider = await createDemoProvider({
      issuer: `${publicUrl}${DEMO_EHR.authPath}`,
      title: DEMO_EHR.name,
      clients: [
        {
          client_id: DEMO_EHR.clientId,
          client_secret: DEMO_EHR.clientSecret,
          redirect_uris: [`${this.careweaveUrl()}${SMART_CALLBACK_PATH}`],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        },
      ],
      accounts: async () =>
        demoEhrPractitioners().map((p) => ({
          id: p.id,
          password: p.password,
          label: `${p.given} ${p.family}, ${p.title}`,
          claims: { fhirUser: `${this.fhirBase}/Practitioner/${p.id}`, name: `${p.given} ${p.family}` },
        })),
      claims: { fhirUser: ['fhirUser'], profile: ['name'] },
      scopes: ['launch', 'patient/Patient.rs', 'patient/Patient.read'],
      extraParams: ['launch', 'aud'],
      signingKey: this.signingKey,
      // The clinician is signed in to the EHR already: the launch says who.
      signedInBy: (params) => (typeof params.launch === 'string' ? this.launches.get(params.launch)?.practitioner : undefined),
      onGrant: (grantId, params) => {
        const launch = typeof params.launch === 'string' ? this.launches.get(params.launch) : undefined;
        if (launch) this.grants.set(grantId, launch);
      },
    });
    // SMART's launch context beside the tokens: the open chart's patient.
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as Record<string, unknown> | undefined;
      const grantId = (ctx.oidc?.entities as { Grant?: { jti: string } } | undefined)?.Grant?.jti;
      if (ctx.path === '/token' && ctx.status === 200 && body?.access_token && grantId) {
        const launch = this.grants.get(grantId);
        if (launch) Object.assign(body, { patient: launch.patient, need_patient_banner: false });
      }
    });
    return provider;
  }

  /** The launch context an access token was issued for, and its scopes; undefined for a token this EHR did not issue or that expired. */
  async tokenContext(request: FastifyRequest) {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return undefined;
    const provider = await this.authorizationServer();
    const token = await provider.AccessToken.find(header.slice(7).trim());
    if (!token || token.isExpired) return undefined;
    return { accountId: token.accountId, scopes: new Set(String(token.scope ?? '').split(' ')), launch: token.grantId ? this.grants.get(token.grantId) : undefined };
  }
}

/** The demo EHR's FHIR base and its "Open Careweave" call. */
export const demoEhrRoutes = (ehr: DemoEhr): FastifyPluginAsync<AppContext> => async (app) => {
  const fhir = DEMO_EHR.fhirPath;
  const outcome = (code: string, text: string) => ({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, diagnostics: text }] });

  app.get(`${fhir}/.well-known/smart-configuration`, async (_request, reply) => {
    const auth = (await ehr.authorizationServer()).issuer;
    return reply.type('application/json').send({
      issuer: auth,
      jwks_uri: `${auth}/jwks`,
      authorization_endpoint: `${auth}/auth`,
      token_endpoint: `${auth}/token`,
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      scopes_supported: ['openid', 'fhirUser', 'launch', 'patient/Patient.rs', 'offline_access'],
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      capabilities: ['launch-ehr', 'client-confidential-symmetric', 'context-ehr-patient', 'sso-openid-connect', 'permission-patient'],
    });
  });

  app.get(`${fhir}/metadata`, async (_request, reply) =>
    reply.type('application/fhir+json').send({
      resourceType: 'CapabilityStatement',
      status: 'active',
      kind: 'instance',
      fhirVersion: '4.0.1',
      format: ['json'],
      rest: [{ mode: 'server', resource: [{ type: 'Patient', interaction: [{ code: 'read' }] }, { type: 'Practitioner', interaction: [{ code: 'read' }] }] }],
    }),
  );

  app.get<{ Params: { id: string } }>(`${fhir}/Patient/:id`, async (request, reply) => {
    const context = await ehr.tokenContext(request);
    if (!context) return reply.status(401).type('application/fhir+json').send(outcome('login', 'A valid access token is needed'));
    const allowed = (context.scopes.has('patient/Patient.rs') || context.scopes.has('patient/Patient.read')) && context.launch?.patient === request.params.id;
    const patient = DEMO_EHR_PATIENTS.find((p) => p.id === request.params.id);
    if (!allowed || !patient) return reply.status(404).type('application/fhir+json').send(outcome('not-found', 'No such patient in this launch'));
    return reply.type('application/fhir+json').send(fhirPatient(patient));
  });

  app.get<{ Params: { id: string } }>(`${fhir}/Practitioner/:id`, async (request, reply) => {
    const context = await ehr.tokenContext(request);
    const practitioner = demoEhrPractitioners().find((p) => p.id === request.params.id);
    if (!context || context.accountId !== request.params.id || !practitioner) return reply.status(404).type('application/fhir+json').send(outcome('not-found', 'Not found'));
    return reply.type('application/fhir+json').send(fhirPractitioner(practitioner));
  });

  app.post<{ Body: { patient?: string; practitioner?: string } }>(`${DEMO_EHR.path}/launch`, async (request, reply) => {
    const launch = ehr.createLaunch(String(request.body?.patient ?? ''), String(request.body?.practitioner ?? ''));
    if (!launch) return reply.status(422).send({ errors: [{ message: 'Unknown patient or clinician' }] });
    return { launch, iss: ehr.fhirBase };
  });

  app.get(`${DEMO_EHR.path}/context`, async () => ({
    iss: ehr.fhirBase,
    patients: DEMO_EHR_PATIENTS.map((p) => ({ id: p.id, name: `${p.given.join(' ')} ${p.family}`, birthDate: p.birthDate, mrn: p.mrn })),
    practitioners: demoEhrPractitioners().map((p) => ({ id: p.id, name: `${p.given} ${p.family}, ${p.title}` })),
  }));
};

/**
 * The demo organisation registers Riverside General (its FHIR base is this
 * server's address, known once it listens), its MRNs of Careweave patients,
 * and the clinicians an administrator approved.
 */
export async function registerDemoEhr(db: Db, publicUrl: string): Promise<void> {
  const division = await db
    .selectFrom('division')
    .innerJoin('organization', 'organization.org_uid', 'division.org_uid')
    .select(['division.division_uid', 'division.org_uid'])
    .where('organization.org_name', '=', 'Careweave Demo Health')
    .where('division.division_name', '=', 'Franklin County Care')
    .executeTakeFirst();
  if (!division) return;
  const issuer = `${publicUrl}${DEMO_EHR.fhirPath}`;
  const existing = await db.selectFrom('ehr_registration').select('ehr_uid').where('client_id', '=', DEMO_EHR.clientId).where('org_uid', '=', division.org_uid).executeTakeFirst();
  const ehrUid = existing
    ? (await db.updateTable('ehr_registration').set({ issuer }).where('ehr_uid', '=', existing.ehr_uid).returning('ehr_uid').executeTakeFirstOrThrow()).ehr_uid
    : (
        await db
          .insertInto('ehr_registration')
          .values({ org_uid: division.org_uid, display_name: DEMO_EHR.name, issuer, client_id: DEMO_EHR.clientId, client_secret: DEMO_EHR.clientSecret, mrn_system: DEMO_EHR_MRN_SYSTEM, division_uid: division.division_uid })
          .returning('ehr_uid')
          .executeTakeFirstOrThrow()
      ).ehr_uid;
  // Its FHIR client (seeded with the demo's referrals) signs with the key it publishes here, at this address.
  await db
    .updateTable('fhir_client')
    .set({ jwks: null, jwks_url: `${publicUrl}${DEMO_EHR_JWKS_PATH}` })
    .where('org_uid', '=', division.org_uid)
    .where('display_name', '=', DEMO_EHR.name)
    .execute();
  if (existing) return;
  for (const p of DEMO_EHR_PATIENTS) {
    if (!p.careweave) continue;
    const match = await db
      .selectFrom('patient')
      .select('patient_uid')
      .where('division_uid', '=', division.division_uid)
      .where('first_name', '=', p.careweave.first)
      .where('last_name', '=', p.careweave.last)
      .where('birth_date', '=', p.careweave.birth)
      .executeTakeFirst();
    if (match) await db.insertInto('patient_identifier').values({ patient_uid: match.patient_uid, system: DEMO_EHR_MRN_SYSTEM, value: p.mrn }).onConflict((oc) => oc.doNothing()).execute();
  }
  for (const p of demoEhrPractitioners()) {
    const user = p.careweaveUser ? await db.selectFrom('app_user').select('user_uid').where('user_name', '=', p.careweaveUser).executeTakeFirst() : undefined;
    if (!user) continue;
    await db
      .insertInto('external_user_link')
      .values({ org_uid: division.org_uid, source: ehrUid, subject: `Practitioner/${p.id}`, display_name: `${p.given} ${p.family}`, user_uid: user.user_uid, status: 'approved', decided_at: new Date(nowMs()) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
