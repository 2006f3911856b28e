import { atom } from 'nanostores';
import type { Resource } from '../shared/api/client';
import { ApiError } from '../shared/api/errors';
import { loadTranslations } from '../shared/i18n';
import { $session, type Session } from '../shared/session-store';
import { confirmActivity } from './activity';
import { shellApi } from './api';

export type SessionDoc = { data: Resource<Session> };

/** 'checking' until GET /api/session/current has told us whether the cookie still signs us in. */
export const $boot = atom<'checking' | 'ready'>('checking');

/** Makes a session the shell's (after a sign-in, a division switch, a sign-in link). */
export function adopt(session: Session): void {
  $session.set({ apiBase: $session.get().apiBase, token: session.token, csrfToken: session.csrfToken, session });
  confirmActivity();
  void loadTranslations(shellApi()).catch(() => undefined);
}

function drop(): void {
  $session.set({ apiBase: $session.get().apiBase, token: null, csrfToken: null, session: null });
}

export async function bootSession(): Promise<void> {
  try {
    const doc = await shellApi({ onUnauthorized: undefined }).get<SessionDoc>('session/current');
    adopt(doc.data.attributes);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) console.error(err);
    drop();
    // The login page may be translated too; without a session the server may refuse, which is fine.
    void loadTranslations(shellApi()).catch(() => undefined);
  } finally {
    $boot.set('ready');
  }
}

/** Throws ApiError: 401 for wrong credentials, 429 after too many tries. */
export async function signIn(userName: string, password: string): Promise<void> {
  const doc = await shellApi({ onUnauthorized: undefined }).post<SessionDoc>('auth/login', { userName, password });
  adopt(doc.data.attributes);
}

/**
 * Spec 000 section 4: clear local storage, then go to the login page.
 * Navigating and dropping the session in one synchronous step lets React
 * render them together, so the route guard never sees a signed-out private
 * page (which it would remember as an attempted route).
 */
export async function signOut(goToLogin: () => void): Promise<void> {
  await shellApi({ onUnauthorized: undefined }).post('auth/logout').catch(() => undefined);
  localStorage.clear();
  goToLogin();
  drop();
}

/**
 * Spec 002 "Session": at 60 minutes idle the server session is ended too,
 * so nothing keeps working behind the timeout page. Same synchronous
 * navigate-then-drop as signOut().
 */
export async function expireSession(goToTimeoutPage: () => void): Promise<void> {
  const api = shellApi({ onUnauthorized: undefined });
  goToTimeoutPage();
  drop();
  await api.post('auth/logout').catch(() => undefined);
}

/** Spec 000 section 4: new division on the session, clear local storage, keep the NEW token (the old one stops working). */
export async function switchDivision(divisionUid: string): Promise<void> {
  const doc = await shellApi().put<SessionDoc>('session/current', { data: { attributes: { currentDivisionUid: divisionUid } } });
  localStorage.clear();
  adopt(doc.data.attributes);
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await shellApi().post('auth/change-password', { currentPassword, newPassword });
}
