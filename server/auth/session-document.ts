import type { Db } from '../db/connect';
import type { AuthContext } from './context';
import { accessibleDivisions, findUser } from './users.repository';

const DEFAULT_THEME = JSON.stringify({ color: { primary: '#0d6efd' } });

/** The session user of spec 000 section 3, plus flags, as one JSON:API resource. */
export async function sessionDocument(db: Db, auth: AuthContext, idleMinutes: number, token?: string) {
  const [user, divisions] = await Promise.all([findUser(db, auth.userUid), accessibleDivisions(db, auth.userUid)]);
  return {
    data: {
      type: 'session',
      id: auth.userUid,
      attributes: {
        ...(token ? { token } : {}),
        csrf_token: auth.csrfToken,
        user_name: auth.userName,
        user_uid: auth.userUid,
        display_name: auth.displayName,
        user_email_address: auth.email,
        current_division_uid: auth.divisionUid,
        org_uid: auth.orgUid,
        // The fields of docs/api.md only: how each organisation lets its staff sign in is the server's business.
        accessible_divisions: divisions.map(({ division_uid, division_name, org_uid }) => ({ division_uid, division_name, org_uid })),
        authentication_service: auth.authenticationService,
        theme: { setting_value: user?.theme ? JSON.stringify(user.theme) : DEFAULT_THEME },
        flags: auth.flags,
        expires_at: auth.expiresAt.toISOString(),
        idle_timeout_seconds: idleMinutes * 60,
      },
    },
  };
}
