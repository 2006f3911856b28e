import type { Transport } from './transports';

export const REST_HOOK = 'rest-hook' as const;

/** An endpoint that does not answer within this long is tried again later, as a failed delivery. */
const TIMEOUT_MS = 10_000;

/**
 * A FHIR R4 REST-hook notification (issue 35 section 3): the recipient is
 * the URL, the subject the Subscription's headers (JSON), the body the
 * resource to PUT there, or empty for a POST that only says "something
 * changed". Anything but a 2xx answer is a failed attempt, retried with the
 * outbox's back-off.
 */
export function restHookTransport(): Transport {
  return {
    async send(message) {
      const headers = new Headers({ 'content-type': 'application/fhir+json' });
      for (const line of JSON.parse(message.subject ?? '[]') as string[]) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const response = await fetch(message.recipient, {
        method: message.body ? 'PUT' : 'POST',
        headers,
        body: message.body || undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`The endpoint answered ${response.status}`);
    },
  };
}
