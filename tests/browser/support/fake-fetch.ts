/**
 * Replaces window.fetch for one test; `respond` gets the URL and returns a status and JSON body.
 * Each call is listed as it is made; `read` turns true once the caller has read the answer's body
 * (the widget has it: what it draws from it is drawn after a settle()).
 */
export function fakeFetch(respond: (url: URL, init?: RequestInit) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>) {
  const real = window.fetch;
  const calls: { url: URL; init?: RequestInit; read: boolean }[] = [];
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), location.href);
    const call = { url, init, read: false };
    calls.push(call);
    const { status = 200, body } = await respond(url, init);
    const response = new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    for (const reader of ['text', 'json'] as const) {
      const original = response[reader].bind(response);
      Object.defineProperty(response, reader, {
        value: async () => {
          const content = await original();
          call.read = true;
          return content;
        },
      });
    }
    return response;
  }) as typeof fetch;
  return { calls, restore: () => (window.fetch = real) };
}

/**
 * Watches window.fetch for one test: every request as it is sent (before any
 * answer, so the order is the order of sending, and `at` is when it left),
 * passed on to the real fetch. For counts: "nothing was asked" is then checked
 * against a later request that would have come after it.
 */
export function watchFetch() {
  const real = window.fetch;
  const sent: { url: URL; method: string; at: number; init?: RequestInit }[] = [];
  window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: new URL(input instanceof Request ? input.url : String(input), location.href), method: init?.method ?? (input instanceof Request ? input.method : 'GET'), at: performance.now(), init });
    return real(input, init);
  }) as typeof fetch;
  return { sent, restore: () => (window.fetch = real) };
}
