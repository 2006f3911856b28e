import { atom } from 'nanostores';
import type { Flags } from './permissions';

/** The session document of `GET /api/session/current` after key conversion (docs/api.md). */
export interface Session {
  token: string;
  csrfToken: string;
  userName: string;
  userUid: string;
  displayName: string;
  userEmailAddress?: string;
  currentDivisionUid: string;
  accessibleDivisions: { divisionUid: string; divisionName: string; orgUid: string }[];
  authenticationService: string;
  theme?: { settingValue?: string };
  flags: Partial<Flags>;
  expiresAt?: string;
  idleTimeoutSeconds?: number;
}

export interface SessionState {
  apiBase: string;
  token: string | null;
  csrfToken: string | null;
  session: Session | null;
}

/**
 * The page-wide default session: the shell sets it after login; widgets that
 * have neither their own attributes nor a `<care-session>` ancestor use it.
 */
export const $session = atom<SessionState>({ apiBase: '/api', token: null, csrfToken: null, session: null });

/** `theme.settingValue` is a JSON string holding `color.primary`; a broken one falls back to the default. */
export function primaryColorOf(session: Session | null | undefined): string | undefined {
  const raw = session?.theme?.settingValue;
  if (!raw) return undefined;
  try {
    const color = (JSON.parse(raw) as { color?: { primary?: unknown } }).color?.primary;
    return typeof color === 'string' ? color : undefined;
  } catch {
    return undefined;
  }
}
