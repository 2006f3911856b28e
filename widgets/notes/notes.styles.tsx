/** The Notes pages, inside the record's or the element's shadow root. */
const css = /* css */ `
.notes-page { display: flex; flex-direction: column; gap: var(--sl-spacing-medium); max-width: 60rem; }
.notes-page h2 { margin: 0; font-size: var(--sl-font-size-x-large); font-weight: var(--sl-font-weight-normal); }
.notes-head { display: flex; justify-content: space-between; align-items: center; gap: var(--sl-spacing-small); flex-wrap: wrap; }
.note-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.note-preview { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; overflow-wrap: anywhere; }
.note-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: var(--sl-spacing-x-small) var(--sl-spacing-medium); margin: 0; }
.note-facts dt { color: var(--sl-color-neutral-600); }
.note-facts dd { margin: 0; }
.notes-page form { display: flex; flex-direction: column; gap: var(--sl-spacing-small); max-width: 40rem; }
@media (max-width: 575px) { .note-facts { grid-template-columns: minmax(0, 1fr); } }
`;

export function NotesStyles() {
  return <style>{css}</style>;
}
