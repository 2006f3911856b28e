/**
 * A browser as far as an OAuth flow needs one: it follows redirects itself,
 * keeps each host's cookies, and submits the sign-in form a provider shows.
 * The servers on both ends are real (Careweave, oidc-provider); only the
 * person typing is played by the test.
 */
export class RedirectBrowser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every address visited, in order. */
  readonly visited: string[] = [];

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  private cookieHeader(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(url: URL, response: Response) {
    const cookies = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const expired = attributes.some((a) => /^\s*max-age=0/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || eq === pair.length - 1) cookies.delete(pair.slice(0, eq).trim());
      else cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    this.jar.set(url.host, cookies);
  }

  /** One request, no redirect followed. */
  async request(address: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(address);
    this.visited.push(url.href);
    const headers: Record<string, string> = { cookie: this.cookieHeader(url) };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.keep(url, response);
    return response;
  }

  /**
   * Follows redirects from `address` until a page that is not one, or until
   * `stopAt` says so of the next address (e.g. Careweave's own shell page).
   * Answers the last response and its address.
   */
  async follow(address: string, init: { method?: string; form?: Record<string, string> } = {}, stopAt = (_url: URL) => false) {
    let url = new URL(address);
    let response = await this.request(url.href, init);
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 20; hops++) {
      url = new URL(response.headers.get('location')!, url);
      if (stopAt(url)) return { url, response };
      response = await this.request(url.href);
    }
    return { url, response };
  }

  /** Submits the first form of an HTML page, with `fields` filled in. */
  async submit(pageUrl: URL, html: string, fields: Record<string, string>, stopAt?: (url: URL) => boolean) {
    const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1]?.replace(/&#(\d+);/g, (_m, c) => String.fromCharCode(Number(c)));
    if (!action) throw new Error(`no form on ${pageUrl.href}: ${html.slice(0, 200)}`);
    return this.follow(new URL(action, pageUrl).href, { form: fields }, stopAt);
  }
}
