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
 * @attr smart-iss - With `smart-launch`: the EHR's FHIR base of a SMART on FHIR EHR launch; the sign-in form gives way to "Open In Careweave", which runs the launch in a popup (no Careweave password).
 * @attr smart-launch - The EHR's launch id for this chart.
 * @attr launch-url - Instead of the two above: Careweave's launch URL as the EHR gave it (`…/smart/launch?iss=…&launch=…`).
 * @fires care-session-change - After sign-in, sign-out or when a stored token proves valid or expired.
 * @fires care-navigate - After a SMART launch: `detail.path` is the launched patient's face sheet, or `/patients/add` when Careweave has no record of them. Cancelable.
 * @slot - The widgets that use this session; shown only when signed in.
 * @csspart form - The sign-in form.
 * @csspart bar - The signed-in bar with the user's name and "Sign out".
 * @cssprop --care-color-primary - Colour of the sign-in button.
 */
export class CareSessionElement extends LitElement {
  static properties = {
    apiBase: { type: String, attribute: 'api-base' },
    token: { type: String },
    smartIss: { type: String, attribute: 'smart-iss' },
    smartLaunch: { type: String, attribute: 'smart-launch' },
    launchUrl: { type: String, attribute: 'launch-url' },
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
    button.launch { background: var(--care-color-primary, #0d6efd); color: white; border: 0; border-radius: 4px; min-height: 2.5rem; }
  `;

  declare apiBase: string;
  declare token: string | null;
  declare smartIss: string | null;
  declare smartLaunch: string | null;
  declare launchUrl: string | null;
  declare session: Session | null;
  declare busy: boolean;
  declare error: string;
  /** The client widgets use; undefined while signed out. */
  client?: ApiClient;

  constructor() {
    super();
    this.apiBase = '/api';
    this.token = null;
    this.smartIss = null;
    this.smartLaunch = null;
    this.launchUrl = null;
    this.session = null;
    this.busy = false;
    this.error = '';
  }

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('message', this.onLaunchMessage);
    const token = this.token || sessionStorage.getItem(storageKey(this.apiBase));
    if (token) void this.adopt(token);
  }

  disconnectedCallback(): void {
    window.removeEventListener('message', this.onLaunchMessage);
    super.disconnectedCallback();
  }

  /** The Careweave server's origin (the API root's), the only sender a launch's answer is taken from. */
  private get serverOrigin(): string {
    return new URL(this.apiBase, window.location.href).origin;
  }

  /** Careweave's launch URL for this chart, from `launch-url` or from `smart-iss` and `smart-launch`; null when the element has neither. */
  private get smartLaunchUrl(): URL | null {
    let url: URL;
    if (this.launchUrl) {
      try {
        url = new URL(this.launchUrl, this.serverOrigin);
      } catch {
        return null;
      }
      if (url.origin !== this.serverOrigin) return null;
    } else if (this.smartIss && this.smartLaunch) {
      url = new URL('/smart/launch', this.serverOrigin);
      url.searchParams.set('iss', this.smartIss);
      url.searchParams.set('launch', this.smartLaunch);
    } else return null;
    url.searchParams.set('opener', window.location.origin);
    return url;
  }

  /** Issue 34: the launch runs in a popup (a redirect would take the embedding page away); its last page posts the session here. */
  private openLaunch(): void {
    const url = this.smartLaunchUrl;
    if (!url) return;
    this.error = '';
    const popup = window.open(url.href, 'careweave-smart-launch', 'popup,width=520,height=680');
    this.launchWindow = popup;
    if (!popup) this.error = 'Allow pop-ups for this page, then select Open In Careweave again.';
  }

  private launchWindow: Window | null = null;

  /**
   * Only the popup this element opened, from the Careweave server's origin,
   * may hand it a session. On this machine the server's public address and
   * the page's may name it differently (localhost, 127.0.0.1): the same port
   * on a loopback name is the same server.
   */
  private fromServer(event: MessageEvent): boolean {
    if (!this.launchWindow || event.source !== this.launchWindow) return false;
    if (event.origin === this.serverOrigin) return true;
    const loopback = (u: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
    const a = new URL(event.origin);
    const b = new URL(this.serverOrigin);
    return loopback(a) && loopback(b) && a.port === b.port && a.protocol === b.protocol;
  }

  private readonly onLaunchMessage = (event: MessageEvent): void => {
    const data = event.data as { type?: unknown; token?: unknown; path?: unknown } | null;
    if (!this.fromServer(event) || data?.type !== 'careweave-smart' || typeof data.token !== 'string') return;
    this.launchWindow = null;
    const path = typeof data.path === 'string' ? data.path : null;
    void this.adopt(data.token).then(() => {
      if (this.client && path) this.dispatchEvent(new CustomEvent('care-navigate', { detail: { path }, bubbles: true, composed: true, cancelable: true }));
    });
  };

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
    if (this.smartLaunchUrl) {
      return html`
        <div class="bar" part="bar">
          ${this.error ? html`<p role="alert">${this.error}</p>` : nothing}
          <button type="button" class="launch" @click=${() => this.openLaunch()}>Open In Careweave</button>
        </div>
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
