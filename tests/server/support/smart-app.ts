import http from 'node:http';
import type { AddressInfo } from 'node:net';
import smart from 'fhirclient';
import type Client from 'fhirclient/lib/Client';

/**
 * A user-facing SMART app made with fhirclient (SMART Health IT's client
 * library) on its Node adapter: `/launch?scope=...` starts a standalone
 * launch at `iss`, `/callback` finishes it. The last client it got, or the
 * error it met, is kept for the test to use as the app would.
 */
export class SmartApp {
  url = '';
  clientId = '';
  client: Client | null = null;
  error: string | null = null;
  private readonly server: http.Server;
  private readonly state = new Map<string, unknown>();
  private readonly storage = {
    get: async (key: string) => this.state.get(key),
    set: async (key: string, value: unknown) => {
      this.state.set(key, value);
      return value;
    },
    unset: async (key: string) => this.state.delete(key),
  };

  constructor(private readonly iss: string) {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const api = smart(req, res, this.storage as never);
    if (url.pathname === '/launch') {
      await api.authorize({ iss: this.iss, clientId: this.clientId, scope: url.searchParams.get('scope') ?? '', redirectUri: `${this.url}/callback`, pkceMode: 'required' });
      return;
    }
    // Only the redirect finishes a launch: fhirclient's ready() on any other path (the browser's favicon.ico after the
    // callback page) would make a client from the stored state and overwrite the callback's answer.
    if (url.pathname !== '/callback') {
      res.statusCode = 404;
      res.end();
      return;
    }
    try {
      this.client = await api.ready();
      this.error = null;
      res.end('signed in');
    } catch (error) {
      this.client = null;
      this.error = (error as Error).message;
      res.statusCode = 400;
      res.end(this.error);
    }
  }
}

/** A browser's part in a redirect flow: follows nothing by itself, keeps each host's cookies (by name, not port, as browsers do). */
export class CookieBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  async get(url: string): Promise<{ status: number; location: string | null; text: string }> {
    const host = new URL(url).hostname;
    const jar = this.jars.get(host) ?? new Map<string, string>();
    this.jars.set(host, jar);
    const response = await fetch(url, { redirect: 'manual', headers: jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const gone = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a));
      if (gone) jar.delete(pair.slice(0, at).trim());
      else jar.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    return { status: response.status, location: location && new URL(location, url).href, text: await response.text() };
  }
}
