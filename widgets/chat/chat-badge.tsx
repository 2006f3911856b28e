import { useUnreadTotal } from './chat.resource';

const css = /* css */ `
.chat-badge { display: inline-block; min-width: 1.25rem; margin-left: var(--sl-spacing-2x-small); padding: 0 var(--sl-spacing-3x-small); border-radius: var(--sl-border-radius-pill); background: var(--sl-color-danger-600); color: var(--sl-color-neutral-0); font-size: var(--sl-font-size-x-small); font-weight: var(--sl-font-weight-semibold); line-height: 1.25rem; text-align: center; }
`;

/** The top bar's Chat item badge: unread messages over all the caller's conversations, updated live (issue 13). */
export function ChatUnreadBadge() {
  const total = useUnreadTotal();
  if (total === 0) return null;
  return (
    <>
      <style>{css}</style>
      <span className="chat-badge" role="status" aria-label={`${total} unread ${total === 1 ? 'message' : 'messages'}`}>
        {total}
      </span>
    </>
  );
}
