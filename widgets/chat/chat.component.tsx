import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { formatDateTime } from '../../shared/format';
import { ChatPromptSchema, ChatStartSchema, type ChatMessage, type ChatStartValues, type ChatSubscription } from '../../shared/schemas/chat';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';
import { applyServerErrors, Field, formErrors, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { PatientPicker } from '../kit/patient-picker';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { PatientPageView } from '../patient-record/patient-page-view';
import { sendMessage, useConversation, useSubscriptions } from './chat.resource';
import { ChatStyles } from './chat.styles';

export const SEND_FAILED = 'The message could not be sent. Please try again.';
export const NO_CONVERSATIONS = 'No conversations yet';
export const NO_MESSAGES = 'No messages yet';
export const NOT_JOINED = 'Sending a message joins this conversation and shows its earlier messages.';

/** The form's error that is not a field's ("Chat errors are set as form errors", spec 000 section 8). */
function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * Spec 000 "Chat": a conversation's prompt, a body field and a send button
 * that is disabled while the form is not dirty or is submitting (section 4).
 */
export function ChatPrompt({ submissionKey, onSend }: { submissionKey: string; onSend: (body: string, idempotencyKey: string) => Promise<unknown> }) {
  const form = useCareForm(ChatPromptSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: { body: '' } });
  const { submit } = useIdempotentSubmit(submissionKey);
  const onSubmit = form.handleSubmit(async ({ body }) => {
    try {
      await submit((key) => onSend(body, key));
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) form.setError('root.server', { type: 'server', message: SEND_FAILED });
      return;
    }
    form.reset({ body: '' });
  });
  const { isDirty, isSubmitting } = form.formState;
  return (
    <form className="chat-prompt" noValidate onSubmit={onSubmit}>
      <Field form={form} name="body" label="Message">
        {(control) => <textarea {...control} rows={2} {...form.register('body')} />}
      </Field>
      <FormError message={form.formState.errors.root?.server?.message} />
      <SlButton type="submit" variant="primary" disabled={!isDirty || isSubmitting}>
        {isSubmitting ? 'Sending ...' : 'Send'}
      </SlButton>
    </form>
  );
}

function MessageItem({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <li className={mine ? 'chat-message chat-message-mine' : 'chat-message'}>
      <div className="chat-meta">
        <span className="chat-author">{message.authorDisplayName}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </div>
      {/* Text only: React escapes it, so markup in a message shows as typed. */}
      <p className="chat-body">{message.body}</p>
    </li>
  );
}

/** One patient's conversation: messages in sequence order (older ones load on scroll), then the prompt. */
export function Conversation({ patientId }: { patientId: string }) {
  const conversation = useConversation(patientId);
  const me = useWidgetSession()?.userUid;
  const listRef = useRef<HTMLOListElement>(null);
  const heightBefore = useRef<number | null>(null);
  const lastSeq = conversation.messages?.at(-1)?.realTimeMessageSeq ?? 0;
  const firstSeq = conversation.messages?.[0]?.realTimeMessageSeq ?? 0;

  // A new message scrolls to the end; older messages put above keep the reader where they were.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastSeq]);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && heightBefore.current !== null) list.scrollTop += list.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, [firstSeq]);

  const loadOlder = () => {
    heightBefore.current = listRef.current?.scrollHeight ?? null;
    void conversation.loadOlder();
  };
  const messages = conversation.messages ?? [];
  return (
    <div className="chat-conversation">
      <LoadState isLoading={conversation.isLoading} error={conversation.error} isEmpty={messages.length === 0} emptyText={conversation.subscriptionUid ? NO_MESSAGES : `${NO_MESSAGES}. ${NOT_JOINED}`}>
        <ol className="chat-messages" aria-label="Messages" ref={listRef} tabIndex={0} onScroll={(e) => e.currentTarget.scrollTop < 40 && conversation.hasOlder && loadOlder()}>
          {conversation.hasOlder && (
            <li className="chat-older">
              <SlButton size="small" loading={conversation.loadingOlder} onClick={loadOlder}>
                Load Older Messages
              </SlButton>
            </li>
          )}
          {messages.map((m) => (
            <MessageItem key={m.realTimeMessageSeq} message={m} mine={m.createdUid === me} />
          ))}
        </ol>
      </LoadState>
      {!conversation.error && <ChatPrompt submissionKey={`chat-${patientId}`} onSend={conversation.send} />}
    </div>
  );
}

/** Spec 000 "Chat": the start form asks for a subject (a patient) and a body (section 5: both required). */
export function ChatStartForm({ onStarted, onCancel }: { onStarted: (subscriptionUid: string) => void; onCancel: () => void }) {
  const client = useWidgetApi();
  const form = useCareForm(ChatStartSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: { patientUid: '', body: '' } });
  const { submit } = useIdempotentSubmit('chat-start');
  const onSubmit = form.handleSubmit(async (values: ChatStartValues) => {
    let subscriptionUid: string | undefined;
    try {
      subscriptionUid = (await submit((key) => sendMessage(client, values.patientUid, values.body, key)))?.subscriptionUid;
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) form.setError('root.server', { type: 'server', message: SEND_FAILED });
      return;
    }
    if (subscriptionUid) onStarted(subscriptionUid);
  });
  const { isDirty, isSubmitting } = form.formState;
  return (
    <form className="chat-start" noValidate onSubmit={onSubmit}>
      <h3>New Conversation</h3>
      <Field form={form} name="patientUid" label="Subject">
        {(control) => <PatientPicker form={form} name="patientUid" control={control} />}
      </Field>
      <Field form={form} name="body" label="Message">
        {(control) => <textarea {...control} rows={3} {...form.register('body')} />}
      </Field>
      <FormError message={form.formState.errors.root?.server?.message} />
      <div className="form-buttons">
        <SlButton onClick={onCancel}>Cancel</SlButton>
        <SlButton type="submit" variant="primary" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Sending ...' : 'Start Conversation'}
        </SlButton>
      </div>
    </form>
  );
}

function ConversationList({ subscriptions, selected, onOpen }: { subscriptions: ChatSubscription[]; selected: string | null; onOpen: (id: string) => void }) {
  return (
    <ul className="chat-list" aria-label="Conversations">
      {subscriptions.map((s) => (
        <li key={s.subscriptionUid}>
          <button type="button" className="chat-list-item" aria-current={s.subscriptionUid === selected ? 'true' : undefined} onClick={() => onOpen(s.subscriptionUid)}>
            <span className="chat-list-title">{s.realTimeTopic}</span>
            {s.unreadCount > 0 && (
              <span className="chat-unread" aria-label={`${s.unreadCount} unread`}>
                {s.unreadCount}
              </span>
            )}
            {s.lastMessage && (
              <span className="chat-list-last">
                {s.lastMessage.authorDisplayName}: {s.lastMessage.body}
              </span>
            )}
            {s.lastMessage && <time className="chat-list-time">{formatDateTime(s.lastMessage.createdAt)}</time>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec 000 "Chat" (`/chat?s={subscriptionId}`): the caller's conversations,
 * newest activity first with their unread counts, the open one with its
 * messages and prompt, and a start form for a new conversation.
 */
export function Chat({ subscriptionId }: { subscriptionId?: string }) {
  const emit = useEmit();
  const subscriptions = useSubscriptions();
  const [selected, setSelected] = useState<string | null>(subscriptionId || null);
  const [starting, setStarting] = useState(false);
  // The shell (or an embedder) may change the attribute: follow it.
  useEffect(() => setSelected(subscriptionId || null), [subscriptionId]);

  const open = (id: string) => {
    setSelected(id);
    setStarting(false);
    emit('care-navigate', { path: `/chat?s=${encodeURIComponent(id)}` });
  };
  const current = subscriptions.data?.find((s) => s.subscriptionUid === selected) ?? null;
  const list = subscriptions.data ?? [];
  return (
    <SectionPage
      title="Chat"
      action={
        !starting && (
          <SlButton variant="primary" onClick={() => setStarting(true)}>
            New Conversation
          </SlButton>
        )
      }
    >
      <ChatStyles />
      <div className={selected || starting ? 'chat-layout chat-layout-open' : 'chat-layout'}>
        <nav className="chat-sidebar" aria-label="Conversations">
          <LoadState isLoading={subscriptions.isLoading} error={subscriptions.error} isEmpty={list.length === 0} emptyText={NO_CONVERSATIONS}>
            <ConversationList subscriptions={list} selected={selected} onOpen={open} />
          </LoadState>
        </nav>
        <section className="chat-pane" aria-label={current ? `Conversation about ${current.realTimeTopic}` : 'Conversation'}>
          {(selected || starting) && (
            <button type="button" className="link-button chat-back" onClick={() => (setStarting(false), setSelected(null))}>
              Back to Conversations
            </button>
          )}
          {starting ? (
            <ChatStartForm
              onCancel={() => setStarting(false)}
              onStarted={(id) => {
                subscriptions.reload();
                open(id);
              }}
            />
          ) : current ? (
            <>
              <h3 className="chat-title">
                <button type="button" className="link-button" onClick={() => emit('care-navigate', { path: `/patients/${current.patientUid}` })}>
                  {current.realTimeTopic}
                </button>
              </h3>
              <Conversation key={current.patientUid} patientId={current.patientUid} />
            </>
          ) : (
            selected && !subscriptions.isLoading && <p className="load-state load-state-empty">Conversation not found</p>
          )}
          {!selected && !starting && <p className="chat-hint">Choose a conversation, or start a new one.</p>}
        </section>
      </div>
    </SectionPage>
  );
}

/** The record's "Chat" page (`/patients/{id}/chat`): the patient's conversation. */
export function PatientChatPage({ patientId }: RecordPageProps) {
  return (
    <SectionPage title="Chat">
      <ChatStyles />
      <Conversation patientId={patientId} />
    </SectionPage>
  );
}

/** `<care-chat>`: the conversations, or with `patient-id` one patient's conversation (its own page view of the patient). */
export function ChatWidget({ patientId, subscriptionId }: { patientId?: string; subscriptionId?: string }) {
  if (!patientId) return <Chat subscriptionId={subscriptionId} />;
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <SectionPage title="Chat">
        <ChatStyles />
        <Conversation patientId={patientId} />
      </SectionPage>
    </PatientPageView>
  );
}
