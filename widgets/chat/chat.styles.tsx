/**
 * The chat area's layout inside the widget's shadow root: the conversation
 * list beside the open conversation, one above the other on a phone (the
 * list, or the conversation with a way back).
 */
const css = /* css */ `
.chat-layout { display: grid; grid-template-columns: minmax(14rem, 20rem) minmax(0, 1fr); gap: var(--care-space-l); align-items: start; }
.chat-sidebar { min-width: 0; }
.chat-list { list-style: none; margin: 0; padding: 0; border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); }
.chat-list li + li { border-top: 1px solid var(--care-color-border); }
.chat-list-item { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: var(--care-space-3xs) var(--care-space-xs); width: 100%; padding: var(--care-space-s); border: 0; background: none; text-align: left; font: inherit; color: inherit; cursor: pointer; }
.chat-list-item:hover, .chat-list-item[aria-current] { background: var(--sl-color-primary-50); }
.chat-list-item:focus-visible { outline: var(--sl-focus-ring); outline-offset: -2px; }
.chat-list-title { font-weight: var(--care-font-weight-semibold); overflow-wrap: anywhere; }
.chat-list-last { grid-column: 1 / -1; color: var(--care-color-text-muted); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.chat-list-time { grid-column: 1 / -1; color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
.chat-unread { min-width: 1.5rem; padding: 0 var(--care-space-2xs); border-radius: var(--care-radius-pill); background: var(--care-color-primary, var(--sl-color-primary-600)); color: var(--care-color-surface); font-size: var(--care-font-size-s); font-weight: var(--care-font-weight-semibold); text-align: center; align-self: start; }
.chat-pane { min-width: 0; display: flex; flex-direction: column; gap: var(--care-space-s); }
.chat-title { margin: 0; font-size: var(--care-font-size-l); }
.chat-back { display: none; align-self: flex-start; }
.chat-hint { color: var(--care-color-text-subtle); margin: 0; }
.chat-conversation { display: flex; flex-direction: column; gap: var(--care-space-s); }
.chat-messages { list-style: none; margin: 0; padding: var(--care-space-xs); max-height: 55vh; overflow-y: auto; display: flex; flex-direction: column; gap: var(--care-space-xs); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); }
.chat-older { align-self: center; }
.chat-message { max-width: min(36rem, 90%); align-self: flex-start; padding: var(--care-space-xs) var(--care-space-s); border-radius: var(--care-radius-l); background: var(--care-color-hover); }
.chat-message-mine { align-self: flex-end; background: var(--sl-color-primary-100); }
.chat-meta { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); font-size: var(--care-font-size-s); color: var(--care-color-text-muted); }
.chat-author { font-weight: var(--care-font-weight-semibold); }
.chat-body { margin: var(--care-space-3xs) 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.chat-pane form.chat-start, .chat-conversation form.chat-prompt { display: flex; flex-direction: column; gap: var(--care-space-xs); max-width: none; }
.chat-prompt textarea, .chat-start textarea { resize: vertical; width: 100%; box-sizing: border-box; }
.chat-prompt sl-button { align-self: flex-end; }
.chat-start h3 { margin: 0; font-size: var(--care-font-size-l); }
@media (max-width: 767px) {
  .chat-layout { grid-template-columns: minmax(0, 1fr); }
  .chat-layout-open .chat-sidebar { display: none; }
  .chat-layout:not(.chat-layout-open) .chat-pane { display: none; }
  .chat-back { display: inline; }
}
`;

export function ChatStyles() {
  return <style>{css}</style>;
}
