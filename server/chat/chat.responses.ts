import { Int, Many, Nullable, Obj, One, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/** The caller's conversations, newest activity first, each with its last message (null before the first) and unread count. */
export const SubscriptionList = Many(
  Resource('real-time-subscriptions', {
    subscription_uid: Uuid(),
    real_time_topic_uid: Uuid(),
    real_time_topic: Text('The patient: last name, first name'),
    patient_uid: Uuid(),
    last_read_seq: Int(),
    last_seq: Int(),
    unread_count: Int(),
    last_message: Nullable(Obj({ body: Text(), author_display_name: Text(), created_at: Timestamp(), real_time_message_seq: Int() })),
  }),
  { meta: Obj({ total: Int(), unread_total: Int() }) },
);

/** The conversation's read mark after it moved. */
export const SubscriptionReadDocument = One(Resource('real-time-subscriptions', { subscription_uid: Uuid(), last_read_seq: Int(), unread_count: Int() }));

/** A message (messageResource). */
const message = Resource('chat-messages', {
  message_uid: Uuid(),
  real_time_topic_uid: Uuid(),
  patient_uid: Uuid(),
  real_time_message_seq: Int(),
  body: Text(),
  created_uid: Uuid(),
  author_display_name: Text(),
  created_at: Timestamp(),
});

/** A page of the conversation's messages in sequence order, with the caller's read mark. */
export const MessagePage = Many(message, {
  meta: Obj({ subscription_uid: Uuid(), real_time_topic_uid: Uuid(), last_read_seq: Int(), last_seq: Int(), unread_count: Int() }),
});

/** The message sent, and the sender's subscription to the conversation. */
export const SentMessageDocument = One(message, { meta: Obj({ subscription_uid: Uuid() }) });
