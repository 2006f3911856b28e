import type { FastifyReply, FastifyRequest } from 'fastify';
import { flagsFrom, type Flags } from '../../shared/permissions';
import { forbidden, unauthorized } from '../errors';
import type { Db } from '../db/connect';
import { findLiveSession, touchSession, type SessionPolicy } from './sessions.repository';
import { nowMs } from '../../shared/clock';
import { openWindows, type GlassWindow } from '../break-glass/break-glass-windows';

export const SESSION_COOKIE = 'careweave_session';

/** Who is calling, resolved once per request from the bearer token or the session cookie. */
export interface AuthContext {
  sessionId: string;
  userUid: string;
  userName: string;
  displayName: string;
  email: string | null;
  authenticationService: string;
  divisionUid: string;
  orgUid: string;
  permissions: string[];
  flags: Flags;
  csrfToken: string;
  via: 'bearer' | 'cookie';
  signedInAt: Date;
  expiresAt: Date;
  /** Issue 38: the records this user opened by breaking the glass, while their windows last (empty without the flag). */
  glass: readonly GlassWindow[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

// Writing last_seen on every request would make every read a write; a few seconds of slack is harmless.
const TOUCH_EVERY_MS = 15_000;

export function tokenOf(request: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

export async function resolveAuth(db: Db, request: FastifyRequest, policy: SessionPolicy, forceTouch = false): Promise<AuthContext | null> {
  const found = tokenOf(request);
  if (!found) return null;
  const row = await findLiveSession(db, found.token);
  if (!row) return null;
  let expiresAt = row.expires_at;
  if (forceTouch || nowMs() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) expiresAt = await touchSession(db, row, policy);
  const permissions = row.permissions ?? [];
  const flags = flagsFrom(permissions);
  flags.ownCredentialService = row.authentication_service === 'careweave';
  return {
    sessionId: row.session_id,
    userUid: row.user_uid,
    userName: row.user_name,
    displayName: row.display_name,
    email: row.email_address,
    authenticationService: row.authentication_service,
    divisionUid: row.current_division_uid,
    orgUid: row.org_uid,
    permissions,
    flags,
    csrfToken: row.csrf_token,
    via: found.via,
    signedInAt: row.created_at,
    expiresAt,
    // Only users with the flag pay for the lookup; a write sees only windows whose division allows writes.
    glass: flags.breakGlass ? await openWindows(db, row.user_uid, row.current_division_uid, readsOnly(request)) : [],
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request that changes nothing: a safe method, or a route declared `readsOnly` (server/security/access.ts). */
const readsOnly = (request: FastifyRequest) => SAFE_METHODS.has(request.method) || request.routeOptions?.config?.readsOnly === true;

/** 401 without a live session; 403 for a cookie-authenticated write without the CSRF token. */
export function requireAuth(request: FastifyRequest): AuthContext {
  const auth = request.auth;
  if (!auth) throw unauthorized('Your session has expired or you are not signed in.');
  if (auth.via === 'cookie' && !SAFE_METHODS.has(request.method) && request.headers['x-csrf-token'] !== auth.csrfToken) {
    throw forbidden('Missing or invalid CSRF token');
  }
  return auth;
}

/**
 * `Secure` whenever the browser reached us over HTTPS, directly or through a
 * trusted proxy's X-Forwarded-Proto (request.protocol follows TRUST_PROXY).
 */
export const cameOverHttps = (request: FastifyRequest) => request.protocol === 'https';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: cameOverHttps(request) });
}
