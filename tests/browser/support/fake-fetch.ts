/** Replaces window.fetch for one test; `respond` gets the URL and returns a status and JSON body. */
export function fakeFetch(respond: (url: URL, init?: RequestInit) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>) {
  const real = window.fetch;
  const calls: { url: URL; init?: RequestInit }[] = [];
  window.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), location.href);
    calls.push({ url, init });
    const { status = 200, body } = await respond(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, restore: () => (window.fetch = real) };
}
