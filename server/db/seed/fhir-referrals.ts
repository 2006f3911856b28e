import { exportJWK, generateKeyPair } from 'jose';
import { nowMs } from '../../../shared/clock';
import type { AdminActor } from '../../admin/admin-audit';
import { DEMO_EHR } from '../../demo-oidc/demo-ehr';
import { DEMO_EHR_MRN_SYSTEM, DEMO_EHR_PATIENTS } from '../../demo-oidc/demo-ehr-data';
import { demoTaskId } from '../../demo-oidc/demo-ehr-referrals';
import { createFhirClient } from '../../fhir/fhir-clients.repository';
import { storeFhirReferral } from '../../fhir/fhir-referrals.repository';
import { gravityReferralBundle } from '../../fhir/referral-example';
import { readReferralBundle } from '../../fhir/referral-bundle';
import type { Db } from '../connect';
import type { DemoIds } from './demo';

const SEED_ACTOR: AdminActor = { userUid: null, name: 'demo seed' };
const DAY_MS = 24 * 3600_000;
const daysAgo = (days: number) => new Date(nowMs() - days * DAY_MS).toISOString().slice(0, 10);

/**
 * Issue 35 section 3 in the demo: the demo EHR ("Riverside General") as a
 * FHIR client of Franklin County Care that sent two Gravity referrals,
 * through the same intake an EHR's POST takes. Marcus Ellery's names his
 * Careweave record, so it is on his record to answer and in New Referrals;
 * Jordan Avery is not in Careweave, so hers waits in Referrals To Link. The
 * key made here only stands in until the server starts: the demo EHR then
 * publishes its own (registerDemoEhr points the client at its JWKS URL) and
 * sends more referrals from its page.
 */
export async function seedFhirReferrals(db: Db, ids: DemoIds): Promise<void> {
  const [franklin] = ids.divisionUids;
  const { publicKey } = await generateKeyPair('ES384', { extractable: true });
  const client = await createFhirClient(db, SEED_ACTOR, ids.orgUid, {
    name: DEMO_EHR.name,
    jwks: JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), alg: 'ES384', use: 'sig', kid: 'riverside-demo' }] }),
    scopes: ['system/Patient.rs', 'system/ServiceRequest.crs', 'system/Task.crus'],
    divisionUids: [franklin],
  });
  const marcus = await db.selectFrom('patient').select('patient_uid').where('division_uid', '=', franklin).where('first_name', '=', 'Marcus').where('last_name', '=', 'Ellery').executeTakeFirst();
  const jordan = DEMO_EHR_PATIENTS.find((p) => p.family === 'Avery')!;
  const bundles = [
    ...(marcus ? [gravityReferralBundle({ ownerDivisionUid: franklin, subject: `Patient/${marcus.patient_uid}`, taskId: demoTaskId(DEMO_EHR_PATIENTS[0].mrn, '1'), taskSystem: `${DEMO_EHR_MRN_SYSTEM}:task`, authoredOn: daysAgo(1) })] : []),
    gravityReferralBundle({
      ownerDivisionUid: franklin,
      taskId: demoTaskId(jordan.mrn, '1'),
      taskSystem: `${DEMO_EHR_MRN_SYSTEM}:task`,
      mrn: jordan.mrn,
      mrnSystem: DEMO_EHR_MRN_SYSTEM,
      authoredOn: daysAgo(2),
      patient: { name: [{ use: 'official', family: jordan.family, given: jordan.given }], gender: jordan.gender, birthDate: jordan.birthDate, telecom: [{ system: 'phone', value: jordan.phone!, use: 'mobile' }] },
    }),
  ];
  for (const bundle of bundles) await storeFhirReferral(db, client, await readReferralBundle(bundle, client));
}
