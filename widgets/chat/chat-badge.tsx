import { useUnreadTotal } from './chat.resource';

const css = /* css */ `
.chat-badge { display: inline-block; min-width: 1.25rem; margin-left: var(--care-space-2xs); padding: 0 var(--care-space-3xs); border-radius: var(--care-radius-pill); background: var(--sl-color-danger-600); color: var(--care-color-surface); font-size: var(--care-font-size-xs); font-weight: var(--care-font-weight-semibold); line-height: 1.25rem; text-align: center; }
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
