import { defineWidget } from '../../shared/widget/define-widget';
import { ChatWidget } from './chat.component';

/**
 * Chat (spec 000 "Chat", issue 13): the signed-in user's conversations about
 * patients, newest activity first with unread counts, the open conversation
 * (messages in sequence order, older ones on scroll, a prompt) and a start
 * form (subject: a patient; body). With `patient-id`, one patient's
 * conversation. New messages arrive over the socket endpoint (`/socket.io`)
 * of the same server.
 *
 * @element care-chat
 * @attr patient-id - Show only this patient's conversation; a patient the caller may not see shows an error.
 * @attr subscription-id - The conversation to open first (the shell's `/chat?s=`).
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base (also authenticates the socket).
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/chat?s={subscriptionId}` when a conversation opens, `/patients/{id}` from its title. Cancelable.
 * @cssprop --care-color-primary - Buttons and unread counts.
 * @csspart root - The widget's outer box.
 */
export const CareChatElement = defineWidget('care-chat', ChatWidget, {
  props: { patientId: 'string', subscriptionId: 'string' },
});
