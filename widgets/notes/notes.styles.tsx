/** What only the Notes pages add to the section page. */
const css = /* css */ `
.note-text { white-space: pre-wrap; overflow-wrap: anywhere; }
.note-preview { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; overflow-wrap: anywhere; }
`;

export function NotesStyles() {
  return <style>{css}</style>;
}
