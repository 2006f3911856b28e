import { integer, literal, object, size, type Infer } from 'superstruct';
import { MAX_LENGTH, requiredText } from './strings';

/** Issue 13: a chat message's longest body, in characters; stored and shown as plain text. */
export const MAX_CHAT_BODY = 4000;
/** Messages per page of a conversation (older ones load on scroll). */
export const CHAT_PAGE_SIZE = 50;
/** The most messages one call returns (a reconnecting client catching up pages through the rest). */
export const MAX_CHAT_PAGE_SIZE = 200;

const body = () => requiredText(MAX_CHAT_BODY);

/** Spec 000 section 5: "Chat prompt: body required." */
export const ChatPromptSchema = object({ body: body() });
export type ChatPromptValues = Infer<typeof ChatPromptSchema>;

/** Spec 000 section 5: "Chat start form: subject (patient) and body required." The subject is the chosen patient's id. */
export const ChatStartSchema = object({ patientUid: requiredText(MAX_LENGTH.code), body: body() });
export type ChatStartValues = Infer<typeof ChatStartSchema>;

/** `POST /api/patient/{id}/chat` (spec 000 section 7: "POST carries body"). */
export const ChatMessagePayloadSchema = object({
  data: object({ type: literal('chat-messages'), attributes: object({ body: body() }) }),
});
export type ChatMessagePayload = Infer<typeof ChatMessagePayloadSchema>;

/** `PUT /api/real-time-subscription/{id}`: the caller has read the topic up to this sequence number. */
export const ChatReadPayloadSchema = object({
  data: object({ type: literal('real-time-subscriptions'), attributes: object({ lastReadSeq: size(integer(), 0, 2_147_483_647) }) }),
});
export type ChatReadPayload = Infer<typeof ChatReadPayloadSchema>;

/** A message as the API and the socket's `new_message` carry it (camelCase in code). */
export interface ChatMessage {
  messageUid: string;
  realTimeTopicUid: string;
  patientUid: string;
  realTimeMessageSeq: number;
  body: string;
  createdUid: string;
  authorDisplayName: string;
  createdAt: string;
}

/** One conversation of the caller (spec 000 section 3 "subscription (realTimeTopic, realTimeTopicUid)"). */
export interface ChatSubscription {
  subscriptionUid: string;
  realTimeTopicUid: string;
  /** The topic's title: the patient's name. */
  realTimeTopic: string;
  patientUid: string;
  lastReadSeq: number;
  lastSeq: number;
  unreadCount: number;
  lastMessage: Pick<ChatMessage, 'body' | 'authorDisplayName' | 'createdAt' | 'realTimeMessageSeq'> | null;
}

/** The socket's `new_message` (spec 000 section 7): the message and the receiver's new unread count for its topic. */
export interface NewMessageEvent {
  subscriptionUid: string;
  message: ChatMessage;
  unreadCount: number;
}

/** Sent to a user's other tabs and devices when they read a topic, so their counters agree. */
export interface SubscriptionReadEvent {
  subscriptionUid: string;
  lastReadSeq: number;
  unreadCount: number;
}

/** Socket event names. */
export const NEW_MESSAGE = 'new_message';
export const SUBSCRIPTION_READ = 'subscription_read';
