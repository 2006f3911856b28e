import { shellApi } from './api';
import { adopt, drop, type SessionDoc } from './session-actions';

/*
 * The session changes a user asks for (sign in, sign out, a division switch, a new password) and the inactivity
 * timeout's: the login page, the user menu and the dialogs load them, the shell's first load does not.
 */

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
  const answer = await shellApi({ onUnauthorized: undefined })
    .post<{ data?: { attributes: { endSessionUrl: string; providerName: string } } } | undefined>('auth/logout')
    .catch(() => undefined);
  localStorage.clear();
  // After a single sign-on, the login page offers the provider's own sign-out once (issue 34).
  const ended = answer?.data?.attributes;
  if (ended) sessionStorage.setItem('careweave.endSession', JSON.stringify({ url: ended.endSessionUrl, name: ended.providerName }));
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
