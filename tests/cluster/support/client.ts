import http from 'node:http';

/**
 * An HTTP client as a browser is one: keep-alive connections, and a request
 * whose reused connection the server closed just as it was sent (reset, no
 * byte of an answer) sent again once on a new connection, as browsers do.
 * Writes carry an Idempotency-Key, so a second send never stores twice.
 */
export interface Reply {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

export class BrowserLikeClient {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  /** Requests sent again after their kept-alive connection was closed under them. */
  resent = 0;

  constructor(readonly baseUrl: string) {}

  async request(path: string, options: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Reply> {
    try {
      return await this.once(path, options, this.agent);
    } catch (err) {
      if (!(err as { reused?: boolean }).reused) throw err;
      this.resent += 1;
      return this.once(path, options, false);
    }
  }

  private once(path: string, options: { method?: string; headers?: Record<string, string>; body?: unknown }, agent: http.Agent | false): Promise<Reply> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        `${this.baseUrl}${path}`,
        { method: options.method ?? (body ? 'POST' : 'GET'), agent, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (c) => (text += c));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text, headers: response.headers }));
          response.on('error', reject);
        },
      );
      request.on('error', (err) => reject(Object.assign(err, { reused: request.reusedSocket && ['ECONNRESET', 'EPIPE'].includes((err as NodeJS.ErrnoException).code ?? '') })));
      // A request nobody answers in 20 s is a failure of the test's kind: never a hang.
      request.setTimeout(20_000, () => request.destroy(new Error(`no answer to ${path} in 20 s`)));
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
