import type { FastifyPluginAsync } from 'fastify';
import { SupportSubmitSchema } from '../../shared/schemas/support';
import { findSupportPhone } from '../admin/organization.repository';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { parseBody } from '../errors';
import { enqueueMessage } from '../outbox/outbox.repository';
import { onceOnly } from '../public-forms/idempotency';
import { countAttempt, type Limit } from '../public-forms/limits';
import { publicRoute } from '../security/access';
import { SupportContactDocument, SupportRequestDocument } from './support.responses';

/** Where support requests are e-mailed: `SUPPORT_EMAIL`, default support@careweave.local. */
export const supportAddress = () => process.env.SUPPORT_EMAIL || 'support@careweave.local';

/** A public form that sends e-mail: at most 10 requests per address and 5 per sender e-mail an hour. */
export const SUPPORT_LIMIT: Limit = { name: 'support-request', perAddress: 10, perValue: 5, windowSeconds: 3600 };

/**
 * Spec 002 "Customer support": `POST /api/support-request/submit` with
 * `{ data: { user_email, issue_type, comment } }`. Public (no session). The
 * request is stored and e-mailed to the support address in one transaction.
 */
export const supportRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  /**
   * Issue 33: the urgent line /support shows, from the organisation's settings
   * (digits, or null: the page then shows no urgent line). Public: a signed-in
   * caller gets their organisation's; anyone else the install's one number
   * (docs/decisions.md), never another organisation's when several set one.
   */
  app.get('/support/contact', withSchemas(publicRoute, { 200: SupportContactDocument }), async (request) => ({
    data: { type: 'support-contact', id: 'current', attributes: { support_phone: await findSupportPhone(db, request.auth?.orgUid ?? null) } },
  }));

  app.post('/support-request/submit', withSchemas(publicRoute, { 201: SupportRequestDocument }, { body: SupportSubmitSchema }), async (request, reply) => {
    const { data } = parseBody(SupportSubmitSchema, request.body);
    const userEmail = data.userEmail.trim();
    return onceOnly(db, request, reply, 'support-request', async (trx) => {
      // Inside the once-only transaction: a replayed submit is not counted again.
      await countAttempt(trx, request, SUPPORT_LIMIT, userEmail);
      const row = await trx
        .insertInto('support_request')
        .values({ user_email: userEmail, issue_type: data.issueType, comment: data.comment, client_address: request.ip })
        .returning(['support_request_uid', 'created_at'])
        .executeTakeFirstOrThrow();
      await enqueueMessage(trx, {
        channel: 'email',
        recipient: supportAddress(),
        subject: `Support request: ${data.issueType}`,
        body: [`Issue type: ${data.issueType}`, `From: ${userEmail}`, `Reference: ${row.support_request_uid}`, '', data.comment].join('\n'),
      });
      return {
        status: 201,
        body: {
          data: {
            type: 'support-request',
            id: row.support_request_uid,
            attributes: { user_email: userEmail, issue_type: data.issueType, comment: data.comment, created_at: row.created_at.toISOString() },
          },
        },
      };
    });
  });
};
