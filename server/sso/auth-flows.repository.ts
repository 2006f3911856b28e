import { hashToken } from '../auth/sessions.repository';
import type { Db } from '../db/connect';
import { now, nowMs } from '../../shared/clock';
import { sqlNow } from '../db/clock';
import type { FlowSecrets } from './oidc-client';

/** A sign-in must come back from the provider within this time. */
export const FLOW_MINUTES = 10;

export interface StartedFlow {
  kind: 'sso' | 'smart';
  sourceUid: string;
  returnTo?: string | null;
  context?: Record<string, string>;
}

/** Only the state's hash is stored: a leaked table does not let anyone finish a flow. */
export async function saveFlow(db: Db, secrets: FlowSecrets, flow: StartedFlow): Promise<void> {
  await db
    .insertInto('auth_flow')
    .values({
      state_hash: hashToken(secrets.state),
      kind: flow.kind,
      source_uid: flow.sourceUid,
      code_verifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      return_to: flow.returnTo ?? null,
      context: JSON.stringify(flow.context ?? {}),
      created_at: now(),
      expires_at: new Date(nowMs() + FLOW_MINUTES * 60_000),
    })
    .execute();
}

/**
 * Takes the flow a `state` names, once: deleted in the same statement, so a
 * replayed callback finds nothing. Expired flows are deleted and not returned.
 */
export async function takeFlow(db: Db, state: string, kind: 'sso' | 'smart') {
  const row = await db.deleteFrom('auth_flow').where('state_hash', '=', hashToken(state)).returningAll().executeTakeFirst();
  await db.deleteFrom('auth_flow').where('expires_at', '<=', sqlNow()).execute();
  if (!row || row.kind !== kind || row.expires_at.getTime() <= nowMs()) return undefined;
  return { ...row, secrets: { state, nonce: row.nonce, codeVerifier: row.code_verifier } satisfies FlowSecrets };
}
