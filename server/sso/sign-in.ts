import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordAdminChange, type AdminChange } from '../admin/admin-audit';
import { setSessionCookie } from '../auth/context';
import { trustClient } from '../auth/trusted-clients';
import { createSession, hashToken, type SessionPolicy } from '../auth/sessions.repository';
import type { Db } from '../db/connect';
import type { SignInProblem } from '../../shared/sign-in-problems';
import { saveFederation, type Federation } from './federation.repository';

/** An outside sign-in succeeded: an ordinary Careweave session (same flags, timeouts and audit), with what the service gave kept beside it. */
export async function signInFederated(db: Db, request: FastifyRequest, reply: FastifyReply, policy: SessionPolicy, user: { userUid: string; divisionUid: string }, federation: Federation) {
  const created = await createSession(db, user.userUid, user.divisionUid, policy);
  await saveFederation(db, hashToken(created.token), federation);
  setSessionCookie(request, reply, created.token);
  await trustClient(db, user.userUid, request, reply);
  return created;
}

/** Only a path of this site: never `//host` or a scheme, so a sign-in cannot be made to send the user elsewhere. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.length > 500) return null;
  return /[\u0000-\u001f]/.test(value) ? null : value;
}

export interface Refusal {
  code: SignInProblem;
  /** The provider or EHR the page names. */
  about: string;
  /** The organisations whose admin audit log records it (none when the caller named nothing we know of). */
  orgUids: readonly string[];
  /** What the log says, beyond the code: the claim, the issuer, the error. */
  detail: Record<string, unknown>;
  targetType: AdminChange['targetType'];
  targetUid: string | null;
}

/** An outside service a refusal is about: an identity provider or a registered EHR. */
export interface RefusingSource {
  uid: string;
  orgUid: string;
  name: string;
  issuer: string;
  targetType: 'identity-provider' | 'ehr';
}

/** The refusal of a known provider or EHR: its name on the page, its organisation's log, its issuer in the entry. */
export const refusalOf = (source: RefusingSource, code: Refusal['code'], detail: Record<string, unknown> = {}): Refusal => ({
  code,
  about: source.name,
  orgUids: [source.orgUid],
  detail: { issuer: source.issuer, ...detail },
  targetType: source.targetType,
  targetUid: source.uid,
});

/**
 * Issue 34 section 3: every refusal is a clear page (the sign-in page with
 * the reason) and an entry in the admin audit log of each organisation it
 * concerns, by the system actor: the user is not signed in.
 */
export async function refuse(db: Db, reply: FastifyReply, refusal: Refusal) {
  for (const orgUid of refusal.orgUids) {
    await recordAdminChange(db, { userUid: null, name: 'Sign-in' }, {
      orgUid,
      action: 'RefusedSignIn',
      targetType: refusal.targetType,
      targetUid: refusal.targetUid,
      targetLabel: refusal.about,
      after: { reason: refusal.code, ...refusal.detail },
    });
  }
  const query = new URLSearchParams({ problem: refusal.code, about: refusal.about });
  return reply.redirect(`/login?${query}`, 303);
}
