import crypto from 'node:crypto';
import type { CodeableConcept, Task } from '@medplum/fhirtypes';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { now } from '../../shared/clock';
import type { Db } from '../db/connect';
import { FHIR_PATH, TOKEN_PATH } from '../fhir/paths';
import { gravityReferralBundle } from '../fhir/referral-example';
import { backendServicesToken } from '../fhir/remote-fhir';
import { ALG } from '../fhir/signing-key';
import { DEMO_EHR_MRN_SYSTEM, DEMO_EHR_PATIENTS } from './demo-ehr-data';

/** Where the demo EHR publishes its key: Careweave's demo registration of it reads its JWKS here. */
export const DEMO_EHR_JWKS_PATH = '/demo/ehr/jwks.json';

/** What a clinician may refer a patient to Careweave for (SDOHCC social-risk services, SNOMED CT). */
export const DEMO_REFERRAL_SERVICES: Record<string, CodeableConcept> = {
  food: { coding: [{ system: 'http://snomed.info/sct', code: '467771000124109', display: 'Assistance with application for food pantry program' }] },
  housing: { coding: [{ system: 'http://snomed.info/sct', code: '1981000124108', display: 'Referral to housing service' }] },
  recovery: { coding: [{ system: 'http://snomed.info/sct', code: '386449006', display: 'Substance use treatment referral' }] },
};

/** The EHR numbers a referral's Task after the patient's MRN, so it knows whose each Task is. */
export const demoTaskId = (mrn: string, n: string = crypto.randomUUID().slice(0, 6).toUpperCase()) => `${mrn}-${n}`;
const patientOfTask = (identifier: string | undefined) => {
  const p = DEMO_EHR_PATIENTS.find((x) => identifier?.startsWith(`${x.mrn}-`));
  return p ? `${p.given.join(' ')} ${p.family}` : null;
};

interface Client {
  clientId: string;
  divisionUid: string;
  name: string;
}

/**
 * Issue 35 in the demo: Riverside General as a Gravity referral source. It
 * is Careweave's registered FHIR client "Riverside General EHR" with its key
 * published at DEMO_EHR_JWKS_PATH (a key pair made when the server starts:
 * a restart publishes the new one), and it calls Careweave's FHIR API over
 * HTTP as any EHR would: a token for a signed assertion, the Bundle POST,
 * and the Task search that shows each referral's status.
 */
export class DemoEhrReferrals {
  private key?: Promise<{ privateKey: CryptoKey; jwk: JWK }>;

  constructor(
    private readonly db: Db,
    private readonly careweaveUrl: () => string,
    private readonly clientName: string,
  ) {}

  private keyPair() {
    return (this.key ??= (async () => {
      const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
      return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: crypto.randomUUID(), alg: ALG, use: 'sig' } };
    })());
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [(await this.keyPair()).jwk] };
  }

  /** The demo registration of this EHR (seeded for Franklin County Care). */
  private async client(): Promise<Client | undefined> {
    const row = await this.db
      .selectFrom('fhir_client')
      .select(['client_id', 'division_uids', 'display_name'])
      .where('display_name', '=', this.clientName)
      .where('is_active', '=', true)
      .orderBy('created_at')
      .executeTakeFirst();
    return row && { clientId: row.client_id, divisionUid: row.division_uids[0], name: row.display_name };
  }

  private async token(client: Client, scope: string): Promise<string> {
    const { privateKey, jwk } = await this.keyPair();
    const tokenUrl = `${this.careweaveUrl()}${TOKEN_PATH}`;
    return (await backendServicesToken(tokenUrl, { kid: jwk.kid!, privateKey }, client.clientId, scope)).token;
  }

  /** Sends a referral of one of the EHR's patients: the Task's id, or why Careweave refused it. */
  async refer(patientId: string, service: string): Promise<{ status: number; body: unknown }> {
    const patient = DEMO_EHR_PATIENTS.find((p) => p.id === patientId);
    const code = DEMO_REFERRAL_SERVICES[service];
    const client = await this.client();
    if (!patient || !code || !client) return { status: 422, body: { errors: [{ message: 'Unknown patient or service' }] } };
    const bundle = gravityReferralBundle({
      ownerDivisionUid: client.divisionUid,
      taskId: demoTaskId(patient.mrn),
      taskSystem: `${DEMO_EHR_MRN_SYSTEM}:task`,
      mrn: patient.mrn,
      mrnSystem: DEMO_EHR_MRN_SYSTEM,
      authoredOn: now().toISOString().slice(0, 10),
      patient: { name: [{ use: 'official', family: patient.family, given: patient.given }], gender: patient.gender, birthDate: patient.birthDate, ...(patient.phone && { telecom: [{ system: 'phone', value: patient.phone, use: 'mobile' }] }) },
    });
    const request = bundle.entry!.find((e) => e.resource?.resourceType === 'ServiceRequest')!.resource as { code?: CodeableConcept };
    request.code = code;
    const response = await fetch(`${this.careweaveUrl()}${FHIR_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', authorization: `Bearer ${await this.token(client, 'system/Task.c system/ServiceRequest.c')}` },
      body: JSON.stringify(bundle),
    });
    return { status: response.status, body: await response.json() };
  }

  /** The EHR's referrals to Careweave and where each stands (its Tasks, newest change first). */
  async referrals() {
    const client = await this.client();
    if (!client) return [];
    const response = await fetch(`${this.careweaveUrl()}${FHIR_PATH}/Task?owner=Organization/${client.divisionUid}&_include=Task:focus&_count=100`, {
      headers: { authorization: `Bearer ${await this.token(client, 'system/Task.rs system/ServiceRequest.rs')}` },
    });
    const bundle = (await response.json()) as { entry?: { resource: Task & { code?: CodeableConcept } }[] };
    const resources = (bundle.entry ?? []).map((e) => e.resource);
    const requests = new Map(resources.filter((r) => (r.resourceType as string) === 'ServiceRequest').map((r) => [`ServiceRequest/${r.id}`, r]));
    return resources
      .filter((r): r is Task => r.resourceType === 'Task')
      .map((task) => {
        const request = requests.get(task.focus?.reference ?? '') as { code?: CodeableConcept; subject?: { display?: string } } | undefined;
        return {
          id: task.id,
          identifier: task.identifier?.[0]?.value,
          service: request?.code?.coding?.[0]?.display ?? request?.code?.text ?? 'Referral',
          status: task.status,
          businessStatus: task.businessStatus?.text ?? null,
          output: task.output?.[0]?.valueReference?.display ?? null,
          lastModified: task.lastModified ?? task.meta?.lastUpdated,
          patient: patientOfTask(task.identifier?.[0]?.value),
        };
      })
      .sort((a, b) => String(b.lastModified).localeCompare(String(a.lastModified)));
  }
}

/** The demo EHR's referral calls (its page's "Refer to Careweave"). */
export function demoEhrReferralRoutes(app: FastifyInstance, referrals: DemoEhrReferrals): void {
  app.get(DEMO_EHR_JWKS_PATH, async () => referrals.jwks());
  app.post<{ Body: { patient?: string; service?: string } }>('/demo/ehr/refer', async (request, reply) => {
    const answer = await referrals.refer(String(request.body?.patient ?? ''), String(request.body?.service ?? ''));
    return reply.status(answer.status === 200 ? 200 : 422).send(answer.body);
  });
  app.get('/demo/ehr/referrals', async () => referrals.referrals());
}
