import { LitElement, css, html, nothing } from 'lit';
import { ApiClient, joinUrl } from '../api/client';
import { ApiError, type FieldError } from '../api/errors';
import { camelKeys } from '../casing';
import { loadTranslations } from '../i18n';
import type { Session } from '../session-store';

const storageKey = (apiBase: string) => `careweave.token:${apiBase}`;

/**
 * Signs a visitor in against a Careweave server and shares that session with
 * every widget inside it (they find it by walking up from themselves).
 *
 * @element care-session
 * @attr api-base - The server's API root, e.g. `https://care.example.org/api`.
 * @attr token - A bearer token obtained elsewhere; skips the sign-in form.
 * @fires care-session-change - After sign-in, sign-out or when a stored token proves valid or expired.
 * @slot - The widgets that use this session; shown only when signed in.
 * @csspart form - The sign-in form.
 * @csspart bar - The signed-in bar with the user's name and "Sign out".
 * @cssprop --care-color-primary - Colour of the sign-in button.
 */
export class CareSessionElement extends LitElement {
  static properties = {
    apiBase: { type: String, attribute: 'api-base' },
    token: { type: String },
    session: { state: true },
    busy: { state: true },
    error: { state: true },
  };

  static styles = css`
    :host { display: block; }
    /* Typography on our own elements: a host page's !important rules win over :host, not over these. */
    form, .bar { font-family: system-ui, sans-serif; font-size: 1rem; color: #212529; letter-spacing: normal; text-transform: none; line-height: 1.5; }
    form { display: grid; gap: 0.5rem; max-width: 20rem; }
    label { display: grid; gap: 0.25rem; font-size: 0.875rem; font-weight: 600; }
    input { font: inherit; padding: 0.25rem 0.5rem; }
    button { font: inherit; padding: 0.25rem 0.75rem; cursor: pointer; }
    button[type='submit'] { background: var(--care-color-primary, #0d6efd); color: white; border: 0; border-radius: 4px; }
    .bar { display: flex; gap: 0.5rem; align-items: center; justify-content: flex-end; font-size: 0.875rem; }
    [role='alert'] { color: #b02a37; }
  `;

  declare apiBase: string;
  declare token: string | null;
  declare session: Session | null;
  declare busy: boolean;
  declare error: string;
  /** The client widgets use; undefined while signed out. */
  client?: ApiClient;

  constructor() {
    super();
    this.apiBase = '/api';
    this.token = null;
    this.session = null;
    this.busy = false;
    this.error = '';
  }

  connectedCallback(): void {
    super.connectedCallback();
    const token = this.token || sessionStorage.getItem(storageKey(this.apiBase));
    if (token) void this.adopt(token);
  }

  /** Checks a token with the server (which also fetches the theme) before sharing it. */
  private async adopt(token: string): Promise<void> {
    const client = this.clientFor(token);
    try {
      const doc = await client.get<{ data: { attributes: Session } }>('session/current');
      this.signedIn(client, token, doc.data.attributes);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) this.signedOut();
      else this.error = (err as Error).message;
    }
  }

  private clientFor(token: string): ApiClient {
    return new ApiClient({ apiBase: this.apiBase, token, onUnauthorized: () => this.signedOut() });
  }

  private signedIn(client: ApiClient, token: string, session: Session): void {
    sessionStorage.setItem(storageKey(this.apiBase), token);
    this.client = client;
    this.session = session;
    this.error = '';
    this.changed();
    // The division's words (the patient word, spec 000) for the widgets inside, as the shell loads them; the defaults otherwise.
    void loadTranslations(client).catch(() => undefined);
  }

  private signedOut(): void {
    sessionStorage.removeItem(storageKey(this.apiBase));
    const had = this.client !== undefined;
    this.client = undefined;
    this.session = null;
    this.token = null;
    if (had) this.changed();
  }

  private changed(): void {
    this.dispatchEvent(new CustomEvent('care-session-change', { detail: { session: this.session }, bubbles: true, composed: true }));
  }

  private async onSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    this.busy = true;
    this.error = '';
    try {
      // Plain fetch without credentials: a widget session is a bearer token, never a cross-site cookie.
      const response = await fetch(joinUrl(this.apiBase, 'auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        credentials: 'omit',
        body: JSON.stringify({ user_name: data.get('userName'), password: data.get('password') }),
      });
      const body = (await response.json().catch(() => ({}))) as { data?: { attributes?: unknown }; errors?: FieldError[] };
      if (!response.ok || !body.data?.attributes) throw new ApiError(response.status, body.errors ?? [{ message: `HTTP ${response.status}` }]);
      const session = camelKeys<Session>(body.data.attributes);
      this.signedIn(this.clientFor(session.token), session.token, session);
    } catch (err) {
      this.error = err instanceof ApiError ? err.errors.map((e) => e.message).join(' ') : 'The server could not be reached.';
    } finally {
      this.busy = false;
    }
  }

  private async signOut(): Promise<void> {
    await this.client?.post('auth/logout').catch(() => undefined);
    this.signedOut();
  }

  render() {
    if (this.client && this.session) {
      return html`
        <div class="bar" part="bar">
          <span>${this.session.displayName || this.session.userName}</span>
          <button type="button" @click=${() => this.signOut()}>Sign out</button>
        </div>
        <slot></slot>
      `;
    }
    return html`
      <form part="form" @submit=${(e: SubmitEvent) => this.onSubmit(e)}>
        <label>User name <input name="userName" autocomplete="username" required /></label>
        <label>Password <input name="password" type="password" autocomplete="current-password" required /></label>
        ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
        <button type="submit" ?disabled=${this.busy}>Sign in</button>
      </form>
    `;
  }
}

if (!customElements.get('care-session')) customElements.define('care-session', CareSessionElement);

declare global {
  interface HTMLElementTagNameMap {
    'care-session': CareSessionElement;
  }
}
