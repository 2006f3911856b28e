import type { Transport } from './transports';

const TIMEOUT_MS = 10_000;

async function post(url: string, init: RequestInit): Promise<void> {
  const response = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${decodeURIComponent(user)}:${decodeURIComponent(password)}`).toString('base64')}`;

/**
 * SMS_URL picks the provider:
 * - `twilio://<AccountSid>:<AuthToken>@<from number>`: Twilio's Messages API;
 * - `https://[user:password@]host/path`: a JSON `{ to, body }` POST to a
 *   gateway of the agency's own (basic auth from the URL when given), with
 *   the message's outbox id as `Idempotency-Key`.
 */
export function smsTransport(smsUrl: string, twilioApi = 'https://api.twilio.com'): Transport {
  const url = new URL(smsUrl);
  if (url.protocol === 'twilio:') {
    const from = decodeURIComponent(url.hostname || url.pathname.replace(/^\/+/, ''));
    const endpoint = `${twilioApi}/2010-04-01/Accounts/${encodeURIComponent(decodeURIComponent(url.username))}/Messages.json`;
    const authorization = basic(url.username, url.password);
    return {
      send: (m) =>
        post(endpoint, {
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: m.recipient, From: from, Body: m.body }).toString(),
        }),
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('SMS_URL must be twilio://… or an http(s) URL');
  const authorization = url.username ? basic(url.username, url.password) : undefined;
  const target = new URL(url);
  target.username = '';
  target.password = '';
  return {
    send: (m) =>
      post(target.toString(), {
        // A delivery retried after a lost answer carries the same key: the gateway can recognise it.
        headers: { 'content-type': 'application/json', 'idempotency-key': m.outboxUid, ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ to: m.recipient, body: m.body }),
      }),
  };
}
