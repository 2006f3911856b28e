/**
 * Issue 35 section 4: what the bench needs to call /fhir as an EHR does
 * (SMART Backend Services). bench/serve.ts registers BENCH_FHIR_CLIENTS
 * clients of the navigator's division (default 50) with this run's ES384 key
 * pair; each signs a client assertion for its token. A route's requests take
 * the clients' tokens in turn, so that no client passes its
 * FHIR_CALLS_PER_CLIENT (600 a minute): 50 clients allow about 500 calls a
 * second. The production limits are left as they are.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import type { Bundle, BundleEntry, ServiceRequest } from '@medplum/fhirtypes';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { FHIR_CALLS_PER_CLIENT } from '../server/fhir/limits';
import { gravityReferralBundle } from '../server/fhir/referral-example';
import { ASSERTION_TYPE, TOKEN_SECONDS } from '../server/fhir/token.routes';
import { log } from './servers';

export const FHIR_CLIENTS = Number(process.env.BENCH_FHIR_CLIENTS ?? 50);
/** What the bench's clients may do: read and search patients, send referrals. */
export const FHIR_SCOPES = ['system/Patient.rs', 'system/ServiceRequest.crs', 'system/Task.crus'];
/** The bench's clients are named `Bench FHIR client 1`, `2`, ... */
export const BENCH_FHIR_CLIENT = 'Bench FHIR client';

/** bench/run.ts's question to bench/serve.ts over IPC, and its answer. */
export interface FhirClientsAsked {
  fhirClients: { count: number; jwks: string };
}
export interface FhirClientsAnswer {
  clientIds: string[];
  /** The division the clients refer to and search in (the bench's 100,000 patients). */
  divisionUid: string;
  error?: string;
}

/** The bench's FHIR clients: their division, and a token of each, fresh enough for the next `seconds`. */
export interface FhirCallers {
  divisionUid: string;
  tokens(seconds: number): Promise<string[]>;
}

const ALG = 'ES384';

export async function fhirCallers(url: string, child: ChildProcess): Promise<FhirCallers> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = crypto.randomUUID();
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' }] });
  const answer = await new Promise<FhirClientsAnswer>((resolve) => {
    const on = (m: Record<string, unknown>) => {
      if (m && typeof m === 'object' && 'fhirClients' in m) {
        child.off('message', on);
        resolve(m.fhirClients as FhirClientsAnswer);
      }
    };
    child.on('message', on);
    child.send({ fhirClients: { count: FHIR_CLIENTS, jwks } } satisfies FhirClientsAsked);
  });
  if (answer.error || !answer.clientIds.length) throw new Error(`FHIR clients not registered: ${answer.error ?? 'none'}`);
  const smart = (await (await fetch(`${url}/fhir/.well-known/smart-configuration`)).json()) as { token_endpoint: string };

  /** A token for one client; a 429 (60 token requests a minute per address) waits as long as the server says. */
  const tokenOf = async (clientId: string): Promise<string> => {
    for (;;) {
      const now = Math.floor(Date.now() / 1000);
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(smart.token_endpoint)
        .setExpirationTime(now + 240)
        .setJti(crypto.randomUUID())
        .sign(privateKey);
      const res = await fetch(smart.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: ASSERTION_TYPE, client_assertion: assertion, scope: FHIR_SCOPES.join(' ') }),
      });
      if (res.status === 429) {
        const wait = Number(res.headers.get('retry-after') ?? 60);
        log(`token requests limited: waiting ${wait} s`);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      const body = (await res.json()) as { access_token?: string };
      if (!res.ok || !body.access_token) throw new Error(`FHIR token refused: ${res.status} ${JSON.stringify(body)}`);
      return body.access_token;
    }
  };

  let batch: { tokens: string[]; until: number } = { tokens: [], until: 0 };
  return {
    divisionUid: answer.divisionUid,
    async tokens(seconds) {
      if (Date.now() + seconds * 1000 > batch.until) {
        const started = Date.now();
        const tokens: string[] = [];
        for (const id of answer.clientIds) tokens.push(await tokenOf(id));
        batch = { tokens, until: started + TOKEN_SECONDS * 1000 };
        log(`${tokens.length} FHIR clients with fresh tokens (each ${FHIR_CALLS_PER_CLIENT.limit} calls in ${FHIR_CALLS_PER_CLIENT.windowSeconds} s)`);
      }
      return batch.tokens;
    },
  };
}

/** Where each request's own Task identifier goes in the Bundle's JSON (newTask). */
const TASK_ID = 'bench-task-identifier';

/**
 * A Gravity referral transaction Bundle of `size` entries: the Task, its
 * ServiceRequest, the Patient and size - 3 Conditions, each one of the
 * ServiceRequest's reasonReference (the example's food insecurity, each with
 * a note of its own). The same person every time (one MRN, linked to no
 * record), so each referral waits in the division's incoming referrals.
 */
export function referralBundle(divisionUid: string, size = 100): Bundle {
  const bundle = gravityReferralBundle({ ownerDivisionUid: divisionUid, taskId: TASK_ID });
  const entries = bundle.entry!;
  const condition = entries.find((e) => e.resource?.resourceType === 'Condition')!;
  const request = entries.find((e) => e.resource?.resourceType === 'ServiceRequest')!;
  const more: BundleEntry[] = Array.from({ length: size - entries.length }, (_, i) => ({
    ...condition,
    fullUrl: `urn:uuid:${crypto.randomUUID()}`,
    resource: { ...condition.resource!, note: [{ text: `Bench condition ${i + 2}` }] } as BundleEntry['resource'],
  }));
  (request.resource as ServiceRequest).reasonReference = [condition, ...more].map((e) => ({ reference: e.fullUrl! }));
  const at = entries.indexOf(condition) + 1;
  bundle.entry = [...entries.slice(0, at), ...more, ...entries.slice(at)];
  if (bundle.entry.length !== size) throw new Error(`the referral Bundle has ${bundle.entry.length} entries, not ${size}`);
  return bundle;
}

/** The Bundle's JSON with a new Task identifier: each request a new referral. */
export const newTask = (json: string) => json.replace(TASK_ID, crypto.randomUUID());
