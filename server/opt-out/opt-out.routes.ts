import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { OPT_OUT_ALREADY_USED, OPT_OUT_TOKEN } from '../../shared/schemas/opt-out';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { HttpError, notFound } from '../errors';
import { divisionBrand } from '../public-forms/brand';
import { onceOnly } from '../public-forms/idempotency';
import { countAttempt, type Limit } from '../public-forms/limits';
import { publicRoute } from '../security/access';
import { sqlNow } from '../db/clock';
import { OptOutBrandDocument, OptOutDocument } from './opt-out.responses';

/** Guessing tokens: 20 tries per client address and 10 per token in 15 minutes. */
export const OPT_OUT_LIMIT: Limit = { name: 'opt-out-token', perAddress: 20, perValue: 10, windowSeconds: 900 };

/** Only a hash of a token is stored (like the session tokens). */
export const optOutTokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

const LINK_NOT_VALID = 'This link is not valid.';

/**
 * Spec 002 "Engagement opt-out": `POST /api/public/engagements/opt-out/{token}`.
 * Public; the token is the authority and works once. Answers: 200 opted out,
 * 404 unknown or expired token, 409 used before (by another submission; the
 * same Idempotency-Key replays the first answer), 429 too many guesses.
 */
export const optOutRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  /**
   * Who is asking, for the page's header: the division of the token's
   * patient (name, organisation, logo). Reading it does not use the token;
   * only unknown or expired tokens count against the limit.
   */
  app.get<{ Params: { token: string } }>('/public/engagements/opt-out/:token', withSchemas(publicRoute, { 200: OptOutBrandDocument }), async (request) => {
    const { token } = request.params;
    const guess = await countAttempt(db, request, OPT_OUT_LIMIT, token.slice(0, 128));
    if (!OPT_OUT_TOKEN.test(token)) throw notFound(LINK_NOT_VALID);
    const row = await db
      .selectFrom('engagement_opt_out_token as t')
      .innerJoin('patient as p', 'p.patient_uid', 't.patient_uid')
      .select('p.division_uid')
      .where('t.token_hash', '=', optOutTokenHash(token))
      .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', sqlNow())]))
      .executeTakeFirst();
    if (!row) throw notFound(LINK_NOT_VALID);
    await guess.refund();
    return { data: { type: 'engagement-opt-out-brand', id: 'current', attributes: { brand: await divisionBrand(db, row.division_uid) } } };
  });

  app.post<{ Params: { token: string } }>('/public/engagements/opt-out/:token', withSchemas(publicRoute, { 200: OptOutDocument }), async (request, reply) => {
    const { token } = request.params;
    await countAttempt(db, request, OPT_OUT_LIMIT, token.slice(0, 128));
    if (!OPT_OUT_TOKEN.test(token)) throw notFound(LINK_NOT_VALID);
    return onceOnly(db, request, reply, `opt-out:${optOutTokenHash(token)}`, async (trx) => {
      const row = await trx
        .selectFrom('engagement_opt_out_token')
        .select(['token_uid', 'used_at', 'engagement'])
        .where('token_hash', '=', optOutTokenHash(token))
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sqlNow())]))
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound(LINK_NOT_VALID);
      if (row.used_at) throw new HttpError(409, [{ message: OPT_OUT_ALREADY_USED }]);
      const used = await trx
        .updateTable('engagement_opt_out_token')
        .set({ used_at: sqlNow() })
        .where('token_uid', '=', row.token_uid)
        .returning('used_at')
        .executeTakeFirstOrThrow();
      return {
        status: 200,
        body: { data: { type: 'engagement-opt-out', id: row.token_uid, attributes: { engagement: row.engagement, opted_out_at: (used.used_at as Date).toISOString() } } },
      };
    });
  });
};
