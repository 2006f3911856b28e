/**
 * Issue 34: the outside servers an administrator registers (an identity
 * provider's issuer, an EHR's FHIR base), judged the same way in the browser
 * and on the server.
 */

/**
 * server/sso/oidc-client.ts `acceptableIssuer`, for the browser too (a server
 * test holds the two equal): https, or plain http on this machine only (the
 * demo's and the tests' servers); no user, password or fragment.
 */
export function isAcceptableIssuer(url: string): boolean {
  try {
    const u = new URL(url);
    const loopback = u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
    return (u.protocol === 'https:' || loopback) && !u.username && !u.password && !u.hash;
  } catch {
    return false;
  }
}
