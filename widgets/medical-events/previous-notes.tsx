import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { NOTES_EMPTY } from '../../shared/constants';
import { formatDate, personName } from '../../shared/format';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { LoadState } from '../kit/load-state';
import { toast } from '../kit/toasts';
import type { EventNote } from './medical-events.resource';

export const NOTE_DEACTIVATED = 'Note deactivated';
export const NOTE_DEACTIVATE_FAILED = 'Oops, something went wrong.';

const css = /* css */ `
.previous-notes ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--care-space-s); }
.previous-notes li { border-top: 1px solid var(--care-color-border); padding-top: var(--care-space-xs); }
.previous-notes .note-meta { display: flex; flex-wrap: wrap; gap: var(--care-space-xs) var(--care-space-s); align-items: center; color: var(--care-color-text-subtle); }
.previous-notes .note-text { margin: var(--care-space-2xs) 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.previous-notes .note-internal { font-weight: var(--care-font-weight-semibold); }
`;

/**
 * Spec 002 "Medical event list": the detail page's Previous Notes, newest
 * first; a note is deactivated after a confirmation, never edited.
 */
export function PreviousNotes({ notes, canDeactivate, deactivate, onChanged }: { notes: EventNote[]; canDeactivate: boolean; deactivate: (noteId: string) => Promise<unknown>; onChanged: () => void }) {
  const [confirming, setConfirming] = useState<EventNote | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      await deactivate(confirming.noteUid);
      toast(NOTE_DEACTIVATED, 'success');
      onChanged();
    } catch {
      toast(NOTE_DEACTIVATE_FAILED, 'danger');
    }
    setBusy(false);
    setConfirming(null);
  };
  return (
    <section className="card previous-notes" aria-labelledby="previous-notes">
      <style>{css}</style>
      <h3 id="previous-notes">Previous Notes</h3>
      <LoadState isEmpty={notes.length === 0} emptyText={NOTES_EMPTY}>
        <ul>
          {notes.map((n) => (
            <li key={n.noteUid}>
              <div className="note-meta">
                <span>{formatDate(n.createdAt)}</span>
                <span>{personName(n.authorFirstName, n.authorLastName)}</span>
                {n.noteIsInternal && <span className="note-internal">Internal</span>}
                {canDeactivate && (
                  <SlButton size="small" variant="danger" outline onClick={() => setConfirming(n)}>
                    Deactivate
                  </SlButton>
                )}
              </div>
              <p className="note-text">{n.note}</p>
            </li>
          ))}
        </ul>
      </LoadState>
      <ConfirmDialog label="Deactivate Note" open={confirming !== null} busy={busy} action="Deactivate" onConfirm={confirm} onClose={() => setConfirming(null)}>
        This note will no longer show on the event. Deactivate it?
      </ConfirmDialog>
    </section>
  );
}
