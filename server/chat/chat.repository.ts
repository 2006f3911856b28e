import { sql } from 'kysely';
import { flagsFrom } from '../../shared/permissions';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { patientScope } from '../dataviews/scopes';
import { findVisiblePatient } from '../patients/patient-access';
import { sqlNow } from '../db/clock';

const MESSAGE_COLUMNS = ['m.message_uid', 'm.topic_uid', 'm.seq', 'm.body', 'm.author_uid', 'm.created_at', 'u.display_name as author_display_name'] as const;

export interface MessageRow {
  message_uid: string;
  topic_uid: string;
  seq: number;
  body: string;
  author_uid: string;
  created_at: Date;
  author_display_name: string;
}

/** A message on the wire (spec 000 section 3: body, createdUid, realTimeMessageSeq, author displayName). */
export const messageResource = (m: MessageRow, patientUid: string) => ({
  type: 'chat-messages',
  id: m.message_uid,
  attributes: {
    message_uid: m.message_uid,
    real_time_topic_uid: m.topic_uid,
    patient_uid: patientUid,
    real_time_message_seq: m.seq,
    body: m.body,
    created_uid: m.author_uid,
    author_display_name: m.author_display_name,
    created_at: m.created_at,
  },
});

const messagesOf = (db: Db) => db.selectFrom('chat_message as m').innerJoin('app_user as u', 'u.user_uid', 'm.author_uid').select(MESSAGE_COLUMNS);

/**
 * Stores a message about the patient and returns it. The topic's counter is
 * bumped by the same statement that creates the topic on its first message:
 * the row lock it takes hands out sequence numbers one sender at a time, and
 * a rolled-back send gives its number back, so there are no gaps or
 * duplicates. The sender becomes a participant who has read their own
 * message; the patient's current care team users holding the chat flag in the
 * patient's division join (docs/decisions.md, Chat).
 */
export async function insertMessage(trx: Db, patient: { patient_uid: string; division_uid: string }, authorUid: string, body: string): Promise<MessageRow> {
  const topic = await sql<{ topic_uid: string; last_seq: number }>`
    insert into chat_topic (patient_uid, division_uid, last_seq, last_message_at) values (${patient.patient_uid}, ${patient.division_uid}, 1, ${sqlNow()})
    on conflict (patient_uid) do update set last_seq = chat_topic.last_seq + 1, last_message_at = ${sqlNow()}
    returning topic_uid, last_seq`
    .execute(trx)
    .then((r) => r.rows[0]);
  const { message_uid } = await trx
    .insertInto('chat_message')
    .values({ topic_uid: topic.topic_uid, seq: topic.last_seq, author_uid: authorUid, body })
    .returning('message_uid')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('chat_subscription')
    .values({ topic_uid: topic.topic_uid, user_uid: authorUid, last_read_seq: topic.last_seq })
    .onConflict((oc) => oc.columns(['topic_uid', 'user_uid']).doUpdateSet({ last_read_seq: sql`greatest(chat_subscription.last_read_seq, excluded.last_read_seq)` }))
    .execute();
  await sql`
    insert into chat_subscription (topic_uid, user_uid)
    select distinct ${topic.topic_uid}::uuid, pr.user_uid
      from provider_patient pp
      join provider pr on pr.provider_uid = pp.provider_uid
      join user_division ud on ud.user_uid = pr.user_uid and ud.division_uid = ${patient.division_uid} and 'chat' = any(ud.permissions)
     where pp.patient_uid = ${patient.patient_uid} and pp.care_team
    on conflict (topic_uid, user_uid) do nothing`.execute(trx);
  return messagesOf(trx).where('m.message_uid', '=', message_uid).executeTakeFirstOrThrow();
}

export interface Delivery {
  userUid: string;
  divisionUid: string;
  subscriptionUid: string;
  unreadCount: number;
}

/**
 * Who receives a new message live, with their new unread count: the topic's
 * participants who hold the chat flag in the patient's division and may still
 * see the patient there (the same guard as every read).
 */
export async function deliveriesFor(trx: Db, topicUid: string, patientUid: string): Promise<Delivery[]> {
  const rows = await trx
    .selectFrom('chat_subscription as s')
    .innerJoin('chat_topic as t', 't.topic_uid', 's.topic_uid')
    .innerJoin('app_user as u', 'u.user_uid', 's.user_uid')
    .innerJoin('user_division as ud', (j) => j.onRef('ud.user_uid', '=', 's.user_uid').onRef('ud.division_uid', '=', 't.division_uid'))
    .select(['s.subscription_uid', 's.user_uid', 's.last_read_seq', 't.last_seq', 't.division_uid', 'u.user_name', 'u.email_address', 'ud.permissions'])
    .where('s.topic_uid', '=', topicUid)
    .where('u.is_active', '=', true)
    .where(sql<boolean>`'chat' = any(ud.permissions)`)
    .execute();
  const deliveries: Delivery[] = [];
  for (const r of rows) {
    const viewer = { divisionUid: r.division_uid, userName: r.user_name, email: r.email_address, flags: flagsFrom(r.permissions) };
    if (!(await findVisiblePatient(trx, viewer, patientUid))) continue;
    deliveries.push({ userUid: r.user_uid, divisionUid: r.division_uid, subscriptionUid: r.subscription_uid, unreadCount: r.last_seq - r.last_read_seq });
  }
  return deliveries;
}

/** A user's subscriptions with their topic's counter and patient. */
const subscriptionsOf = (db: Db, userUid: string) =>
  db
    .selectFrom('chat_subscription as s')
    .innerJoin('chat_topic as t', 't.topic_uid', 's.topic_uid')
    .select(['s.subscription_uid', 's.topic_uid', 's.last_read_seq', 't.last_seq', 't.patient_uid'])
    .where('s.user_uid', '=', userUid);

/** The caller's subscription to the patient's topic, or undefined when they are not a participant. */
export function findSubscription(db: Db, userUid: string, patientUid: string) {
  return subscriptionsOf(db, userUid).where('t.patient_uid', '=', patientUid).executeTakeFirst();
}

/** One of the caller's subscriptions by id (the patient is checked by the caller). */
export function findOwnSubscription(db: Db, userUid: string, subscriptionUid: string) {
  return subscriptionsOf(db, userUid).where('s.subscription_uid', '=', subscriptionUid).executeTakeFirst();
}

export interface MessagePage {
  /** Messages with a sequence number below this one (older, for scrolling back). */
  before?: number;
  /** Messages with a sequence number above this one (newer, for a reconnecting client). */
  after?: number;
  limit: number;
}

/** A page of the topic's messages in sequence order: the newest `limit`, or those just before or after a sequence number. */
export async function listMessages(db: Db, topicUid: string, page: MessagePage): Promise<MessageRow[]> {
  let query = messagesOf(db).where('m.topic_uid', '=', topicUid).limit(page.limit);
  if (page.after !== undefined) return query.where('m.seq', '>', page.after).orderBy('m.seq', 'asc').execute();
  if (page.before !== undefined) query = query.where('m.seq', '<', page.before);
  return (await query.orderBy('m.seq', 'desc').execute()).reverse();
}

/**
 * The caller's conversations about patients they may still see in their
 * current division, newest activity first, each with its last message and
 * unread count.
 */
export function listSubscriptions(db: Db, auth: AuthContext) {
  return db
    .selectFrom('chat_subscription as s')
    .innerJoin('chat_topic as t', 't.topic_uid', 's.topic_uid')
    .innerJoin('patient as p', 'p.patient_uid', 't.patient_uid')
    .leftJoin('chat_message as m', (j) => j.onRef('m.topic_uid', '=', 't.topic_uid').onRef('m.seq', '=', 't.last_seq'))
    .leftJoin('app_user as u', 'u.user_uid', 'm.author_uid')
    .select([
      's.subscription_uid',
      's.topic_uid',
      's.last_read_seq',
      't.last_seq',
      't.patient_uid',
      't.last_message_at',
      'p.first_name',
      'p.last_name',
      'm.body',
      'm.created_at',
      'u.display_name as author_display_name',
    ])
    .where('s.user_uid', '=', auth.userUid)
    .where(sql<boolean>`${patientScope('p')(auth)}`)
    .orderBy('t.last_message_at', (ob) => ob.desc().nullsLast())
    .orderBy('s.subscription_uid')
    .execute();
}

/** Moves the caller's read mark forward (never back, never past the last message); the new mark and the topic's count. */
export async function markRead(db: Db, subscriptionUid: string, seq: number) {
  return sql<{ last_read_seq: number; last_seq: number }>`
    update chat_subscription s set last_read_seq = greatest(s.last_read_seq, least(${seq}::int, t.last_seq))
      from chat_topic t
     where t.topic_uid = s.topic_uid and s.subscription_uid = ${subscriptionUid}
    returning s.last_read_seq, t.last_seq`
    .execute(db)
    .then((r) => r.rows[0]);
}
