import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { publicRoute } from '../security/access';
import { publicJwks } from './signing-key';

export const JWKS_PATH = '/.well-known/jwks.json';

/** Careweave's public keys, for the FHIR servers it sends referrals to (they register this URL as its JWKS). */
export async function jwksRoutes(app: FastifyInstance, { db }: AppContext): Promise<void> {
  app.get(JWKS_PATH, publicRoute, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(await publicJwks(db)));
}
