import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { CHAT_PAGE_SIZE, ChatMessagePayloadSchema, ChatReadPayloadSchema, MAX_CHAT_PAGE_SIZE, NEW_MESSAGE, SUBSCRIPTION_READ } from '../../shared/schemas/chat';
import { isUuid } from '../../shared/uuid';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { recordChange } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import { badRequest, notFound, parseBody } from '../errors';
import { findVisiblePatient } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { subscriptionsRoom } from '../realtime/socket';
import { allow, forPatient, patientOf } from '../security/access';
import { MessagePage, SentMessageDocument, SubscriptionList, SubscriptionReadDocument } from './chat.responses';
import {
  deliveriesFor,
  findOwnSubscription,
  findSubscription,
  insertMessage,
  listMessages,
  listSubscriptions,
  markRead,
  messageResource,
  type Delivery,
  type MessageRow,
} from './chat.repository';

const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** A sequence number from the query: a whole number, or absent. */
function seqParam(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw)) throw badRequest(`${name} must be a whole number`, name);
  return Number(raw);
}

function pageSize(raw: string | undefined): number {
  if (raw === undefined || raw === '') return CHAT_PAGE_SIZE;
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > MAX_CHAT_PAGE_SIZE) throw badRequest(`page-size must be a whole number from 1 to ${MAX_CHAT_PAGE_SIZE}`, 'page-size');
  return n;
}

/**
 * After the message's transaction has committed (never for a rolled-back
 * one): `new_message` with the receiver's unread count to every participant's
 * 'subscriptions' channel in the patient's division, on every process
 * through the Redis adapter. A client that was away asks for the messages
 * after its last sequence number, so a send lost with a crashing process is
 * caught up on the next read.
 */
function deliver(app: FastifyInstance, message: MessageRow, patientUid: string, deliveries: Delivery[]): void {
  const { attributes } = messageResource(message, patientUid);
  for (const d of deliveries) {
    app.realtime.to(subscriptionsRoom(d.userUid, d.divisionUid)).emit(NEW_MESSAGE, { subscription_uid: d.subscriptionUid, message: attributes, unread_count: d.unreadCount });
  }
}

/**
 * Chat (spec 000 "Chat", issue 13): one conversation per patient. Every call
 * needs the chat flag; a conversation is read only by its participants and
 * only while they may see the patient (the patient access guard), otherwise
 * 404. Sending makes the sender a participant.
 */
export const chatRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const chat = allow('chat');

  /** Spec 000 section 7 "Chat subscription": the caller's conversations (their own only). */
  app.get<{ Querystring: { recipient_user_uid?: string } }>('/real-time-subscription', withSchemas(chat, { 200: SubscriptionList }), async (request) => {
    const auth = requireAuth(request);
    const recipient = request.query.recipient_user_uid;
    if (recipient !== undefined && recipient !== auth.userUid) throw notFound('Subscriptions not found');
    const rows = await listSubscriptions(db, auth);
    const data = rows.map((r) => ({
      type: 'real-time-subscriptions',
      id: r.subscription_uid,
      attributes: {
        subscription_uid: r.subscription_uid,
        real_time_topic_uid: r.topic_uid,
        real_time_topic: `${r.last_name}, ${r.first_name}`,
        patient_uid: r.patient_uid,
        last_read_seq: r.last_read_seq,
        last_seq: r.last_seq,
        unread_count: r.last_seq - r.last_read_seq,
        last_message: r.body === null ? null : { body: r.body, author_display_name: r.author_display_name, created_at: r.created_at, real_time_message_seq: r.last_seq },
      },
    }));
    return { data, meta: { total: data.length, unread_total: data.reduce((sum, s) => sum + s.attributes.unread_count, 0) } };
  });

  /** Marks the conversation read up to `last_read_seq`; the caller's other tabs and devices hear `subscription_read`. */
  app.put<{ Params: { id: string } }>('/real-time-subscription/:id', withSchemas(chat, { 200: SubscriptionReadDocument }, { body: ChatReadPayloadSchema }), async (request) => {
    const auth = requireAuth(request);
    const { lastReadSeq } = parseBody(ChatReadPayloadSchema, request.body).data.attributes;
    const own = isUuid(request.params.id) ? await findOwnSubscription(db, auth.userUid, request.params.id) : undefined;
    if (!own || !(await findVisiblePatient(db, auth, own.patient_uid))) throw notFound(CONVERSATION_NOT_FOUND);
    const read = await markRead(db, own.subscription_uid, lastReadSeq);
    const attributes = { subscription_uid: own.subscription_uid, last_read_seq: read.last_read_seq, unread_count: read.last_seq - read.last_read_seq };
    app.realtime.to(subscriptionsRoom(auth.userUid, auth.divisionUid)).emit(SUBSCRIPTION_READ, attributes);
    return { data: { type: 'real-time-subscriptions', id: own.subscription_uid, attributes } };
  });

  /** Spec 000 section 7 "Chat for patient": the conversation's messages in sequence order, paged by sequence number. */
  app.get<{ Params: { id: string }; Querystring: { before?: string; after?: string; 'page-size'?: string } }>('/patient/:id/chat', withSchemas(forPatient(chat), { 200: MessagePage }), async (request) => {
    const auth = requireAuth(request);
    const before = seqParam(request.query.before, 'before');
    const after = seqParam(request.query.after, 'after');
    if (before !== undefined && after !== undefined) throw badRequest('Send before or after, not both', 'before');
    const limit = pageSize(request.query['page-size']);
    const patient = patientOf(request);
    const subscription = await findSubscription(db, auth.userUid, patient.patient_uid);
    if (!subscription) throw notFound(CONVERSATION_NOT_FOUND);
    const rows = await listMessages(db, subscription.topic_uid, { before, after, limit });
    return {
      data: rows.map((m) => messageResource(m, patient.patient_uid)),
      meta: {
        subscription_uid: subscription.subscription_uid,
        real_time_topic_uid: subscription.topic_uid,
        last_read_seq: subscription.last_read_seq,
        last_seq: subscription.last_seq,
        unread_count: subscription.last_seq - subscription.last_read_seq,
      },
    };
  });

  /** Sends a message (Idempotency-Key: a retried send stores it once and is delivered once). */
  app.post<{ Params: { id: string } }>('/patient/:id/chat', withSchemas(forPatient(chat), { 201: SentMessageDocument }, { body: ChatMessagePayloadSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const { body } = parseBody(ChatMessagePayloadSchema, request.body).data.attributes;
    const patient = patientOf(request);
    let sent: { message: MessageRow; deliveries: Delivery[] } | undefined;
    const answer = await onceOnly(db, request, reply, 'chat-messages', async (trx) => {
      const message = await insertMessage(trx, patient, auth.userUid, body);
      // The activity log says that a message was sent, not what it said.
      await recordChange(trx, auditSourceOf(request), { patientUid: patient.patient_uid, action: 'SentChatMessage', did: 'sent a chat message', targetType: 'chat-messages', targetUid: message.message_uid });
      sent = { message, deliveries: await deliveriesFor(trx, message.topic_uid, patient.patient_uid) };
      const subscription = (await findSubscription(trx, auth.userUid, patient.patient_uid))!;
      return { status: 201, body: { data: messageResource(message, patient.patient_uid), meta: { subscription_uid: subscription.subscription_uid } } };
    });
    // onceOnly has committed by now; a replayed key ran nothing and delivers nothing again.
    if (sent) deliver(app, sent.message, patient.patient_uid, sent.deliveries);
    return answer;
  });
};
