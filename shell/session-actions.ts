import { atom } from 'nanostores';
import type { Resource } from '../shared/api/client';
import { ApiError } from '../shared/api/errors';
import { loadTranslations } from '../shared/i18n';
import { $session, type Session } from '../shared/session-store';
import { confirmActivity } from './activity';
import { shellApi } from './api';

/*
 * What the first paint needs of the session: checking the cookie and holding the result. What a user asks of it
 * later (signing in or out, a division switch, a new password) and the inactivity timeout are in account-actions.ts,
 * loaded with the pages and menus that ask, not with the shell's first load.
 */

export type SessionDoc = { data: Resource<Session> };

/** 'checking' until GET /api/session/current has told us whether the cookie still signs us in. */
export const $boot = atom<'checking' | 'ready'>('checking');

/** Makes a session the shell's (after a sign-in, a division switch, a sign-in link). */
export function adopt(session: Session): void {
  $session.set({ apiBase: $session.get().apiBase, token: session.token, csrfToken: session.csrfToken, session });
  confirmActivity();
  void loadTranslations(shellApi()).catch(() => undefined);
}

/** Signed out: no session, no token. */
export function drop(): void {
  $session.set({ apiBase: $session.get().apiBase, token: null, csrfToken: null, session: null });
}

/**
 * A public form's page (public-main.tsx): a signed-in user's session, for what a form shows them (the CIT
 * sheet's debug fields); a visitor's 401 changes nothing and asks for nothing more (no staff translations).
 */
export async function readSession(): Promise<void> {
  try {
    adopt((await shellApi({ onUnauthorized: undefined }).get<SessionDoc>('session/current')).data.attributes);
  } catch {
    // Signed out: the form is the same for everyone.
  }
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
