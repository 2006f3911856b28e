/**
 * The chat area's layout inside the widget's shadow root: the conversation
 * list beside the open conversation, one above the other on a phone (the
 * list, or the conversation with a way back).
 */
const css = /* css */ `
.chat-layout { display: grid; grid-template-columns: minmax(14rem, 20rem) minmax(0, 1fr); gap: var(--sl-spacing-large); align-items: start; }
.chat-sidebar { min-width: 0; }
.chat-list { list-style: none; margin: 0; padding: 0; border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); }
.chat-list li + li { border-top: 1px solid var(--sl-color-neutral-200); }
.chat-list-item { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: var(--sl-spacing-3x-small) var(--sl-spacing-x-small); width: 100%; padding: var(--sl-spacing-small); border: 0; background: none; text-align: left; font: inherit; color: inherit; cursor: pointer; }
.chat-list-item:hover, .chat-list-item[aria-current] { background: var(--sl-color-primary-50); }
.chat-list-item:focus-visible { outline: var(--sl-focus-ring); outline-offset: -2px; }
.chat-list-title { font-weight: var(--sl-font-weight-semibold); overflow-wrap: anywhere; }
.chat-list-last { grid-column: 1 / -1; color: var(--sl-color-neutral-700); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.chat-list-time { grid-column: 1 / -1; color: var(--sl-color-neutral-600); font-size: var(--sl-font-size-small); }
.chat-unread { min-width: 1.5rem; padding: 0 var(--sl-spacing-2x-small); border-radius: var(--sl-border-radius-pill); background: var(--care-color-primary, var(--sl-color-primary-600)); color: var(--sl-color-neutral-0); font-size: var(--sl-font-size-small); font-weight: var(--sl-font-weight-semibold); text-align: center; align-self: start; }
.chat-pane { min-width: 0; display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.chat-title { margin: 0; font-size: var(--sl-font-size-large); }
.chat-back { display: none; align-self: flex-start; }
.chat-hint { color: var(--sl-color-neutral-600); margin: 0; }
.chat-conversation { display: flex; flex-direction: column; gap: var(--sl-spacing-small); }
.chat-messages { list-style: none; margin: 0; padding: var(--sl-spacing-x-small); max-height: 55vh; overflow-y: auto; display: flex; flex-direction: column; gap: var(--sl-spacing-x-small); border: 1px solid var(--sl-color-neutral-200); border-radius: var(--sl-border-radius-medium); }
.chat-older { align-self: center; }
.chat-message { max-width: min(36rem, 90%); align-self: flex-start; padding: var(--sl-spacing-x-small) var(--sl-spacing-small); border-radius: var(--sl-border-radius-large); background: var(--sl-color-neutral-100); }
.chat-message-mine { align-self: flex-end; background: var(--sl-color-primary-100); }
.chat-meta { display: flex; flex-wrap: wrap; gap: var(--sl-spacing-x-small); font-size: var(--sl-font-size-small); color: var(--sl-color-neutral-700); }
.chat-author { font-weight: var(--sl-font-weight-semibold); }
.chat-body { margin: var(--sl-spacing-3x-small) 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.chat-pane form.chat-start, .chat-conversation form.chat-prompt { display: flex; flex-direction: column; gap: var(--sl-spacing-x-small); max-width: none; }
.chat-prompt textarea, .chat-start textarea { resize: vertical; width: 100%; box-sizing: border-box; }
.chat-prompt sl-button { align-self: flex-end; }
.chat-start h3 { margin: 0; font-size: var(--sl-font-size-large); }
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
