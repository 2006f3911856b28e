import { optOutTokenHash } from '../../opt-out/opt-out.routes';
import type { Db } from '../connect';
import type { DemoIds } from './demo';

/**
 * Known demo tokens, so a person can try /engagements/opt-out/demo-opt-out-1
 * (README "Demo data"). Each works once; real tokens are random.
 */
export const DEMO_OPT_OUT_TOKENS = ['demo-opt-out-1', 'demo-opt-out-2', 'demo-opt-out-3', 'demo-opt-out-4', 'demo-opt-out-5'];

export async function seedOptOut(db: Db, ids: DemoIds): Promise<void> {
  const patients = await db
    .selectFrom('patient')
    .select('patient_uid')
    .where('division_uid', '=', ids.divisionUids[0])
    .orderBy('last_name')
    .orderBy('patient_uid')
    .limit(DEMO_OPT_OUT_TOKENS.length)
    .execute();
  if (!patients.length) return;
  await db
    .insertInto('engagement_opt_out_token')
    .values(DEMO_OPT_OUT_TOKENS.map((token, i) => ({ token_hash: optOutTokenHash(token), patient_uid: patients[i % patients.length].patient_uid, engagement: 'Care coordination outreach' })))
    .execute();
}
