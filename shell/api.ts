import { ApiClient, type ApiConfig, type Query } from '../shared/api/client';
import { $session } from '../shared/session-store';
import { recordActivity } from './activity';

/** Spec 002 "Session": a successful API call counts as activity, like a key press. */
class ShellApiClient extends ApiClient {
  override async request<T>(method: string, path: string, options: { query?: Query; body?: unknown; raw?: boolean; signal?: AbortSignal } = {}): Promise<T> {
    const result = await super.request<T>(method, path, options);
    if ($session.get().session) recordActivity();
    return result;
  }
}

/**
 * The shell authenticates with the httpOnly cookie, never the bearer token:
 * the token is only handed on to widgets through `$session`.
 */
export function shellApi(config: Partial<ApiConfig> = {}): ApiClient {
  const { apiBase, csrfToken } = $session.get();
  return new ShellApiClient({
    apiBase,
    csrfToken,
    onUnauthorized: () => $session.set({ ...$session.get(), token: null, csrfToken: null, session: null }),
    ...config,
  });
}
