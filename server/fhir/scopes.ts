/**
 * SMART scopes (App Launch 2.0, with the 1.0 spellings): `system/Patient.rs`,
 * `system/*.read`. A client is granted, of what it asks, what its
 * registration allows; a request needs the interaction in a granted scope.
 */
export type Interaction = 'c' | 'r' | 'u' | 'd' | 's';
const ORDER: readonly Interaction[] = ['c', 'r', 'u', 'd', 's'];

export interface Scope {
  context: 'system' | 'patient' | 'user';
  /** A resource type, or '*' for every one. */
  resource: string;
  interactions: ReadonlySet<Interaction>;
}

const SCOPE = /^(system|patient|user)\/(\*|[A-Z][A-Za-z]{1,63})\.(\*|read|write|c?r?u?d?s?)$/;
const V1: Record<string, Interaction[]> = { read: ['r', 's'], write: ['c', 'u', 'd'], '*': ORDER.slice() };

/** The scope, or null for anything else (openid, launch, a scope with a query, a malformed one). */
export function parseScope(text: string): Scope | null {
  const m = SCOPE.exec(text);
  if (!m || !m[3]) return null;
  const interactions = V1[m[3]] ?? ([...m[3]] as Interaction[]);
  return { context: m[1] as Scope['context'], resource: m[2], interactions: new Set(interactions) };
}

export const scopeText = (s: Scope) => `${s.context}/${s.resource}.${ORDER.filter((i) => s.interactions.has(i)).join('')}`;

/** The scopes to grant: each asked-for scope cut to what the allowed scopes of its context give its resource; none left is dropped. */
export function grantScopes(asked: readonly string[], allowed: readonly string[]): string[] {
  const allowedScopes = allowed.map(parseScope).filter((s): s is Scope => !!s);
  const granted: string[] = [];
  for (const want of asked.map(parseScope)) {
    if (!want) continue;
    const interactions = new Set<Interaction>();
    for (const may of allowedScopes) {
      if (may.context !== want.context) continue;
      if (may.resource !== '*' && may.resource !== want.resource) continue;
      // A wildcard asked for is granted only as far as a wildcard is allowed.
      if (want.resource === '*' && may.resource !== '*') continue;
      for (const i of want.interactions) if (may.interactions.has(i)) interactions.add(i);
    }
    if (!interactions.size) continue;
    const text = scopeText({ ...want, interactions });
    if (!granted.includes(text)) granted.push(text);
  }
  return granted;
}

/** Whether these granted scopes let a caller do `interaction` on `resource`. */
export function scopesPermit(granted: readonly string[], resource: string, interaction: Interaction): boolean {
  return granted.some((text) => {
    const s = parseScope(text);
    return !!s && (s.resource === '*' || s.resource === resource) && s.interactions.has(interaction);
  });
}
