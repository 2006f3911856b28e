import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useEmit } from '../../shared/widget/emit';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { SectionPage } from '../kit/section-page';
import { toast, Toasts } from '../kit/toasts';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { formatDate, personName } from '../../shared/format';
import { sessionLength } from './session-length';
import { useDeactivateNote, useNote } from './notes.resource';
import { NotesStyles } from './notes.styles';

/** Spec 001 section 8. */
export const DEACTIVATED = 'Successfully deleted!';
export const DEACTIVATE_FAILED = 'Oops, something went wrong.';

/** Spec 001 section 2 `notes/{id}/details`: one note, read-only; deactivated after a confirmation (section 4), never edited. */
export function NoteDetails({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const emit = useEmit();
  const note = useNote(params.noteId);
  const deactivate = useDeactivateNote();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = `/patients/${encodeURIComponent(patientId)}/notes`;

  const confirm = async () => {
    setBusy(true);
    try {
      await deactivate(params.noteId);
    } catch {
      setBusy(false);
      setConfirming(false);
      toast(DEACTIVATE_FAILED, 'danger');
      return;
    }
    toast(DEACTIVATED, 'success');
    emit('care-saved', { type: 'notes', patientUid: patientId });
    emit('care-navigate', { path: list });
  };

  return (
    <SectionPage title="Note Details" action={<NavLink path={list}>Back to Notes</NavLink>}>
      <NotesStyles />
      <section className="card">
        <LoadState isLoading={note.isLoading} error={note.error} lines={4}>
          {note.data && (
            <>
              <dl className="section-facts">
                <dt>Date</dt>
                <dd>{formatDate(note.data.createdDate)}</dd>
                <dt>Activity Date</dt>
                <dd>{formatDate(note.data.activityDate)}</dd>
                <dt>Author</dt>
                <dd>{personName(note.data.authorFirstName, note.data.authorLastName) || '—'}</dd>
                <dt>Session Duration</dt>
                <dd>{sessionLength(note.data.sessionDurationMinutes) || '—'}</dd>
                <dt>Type</dt>
                <dd>{note.data.noteType}</dd>
              </dl>
              <p className="note-text">{note.data.note}</p>
              <SlButton variant="danger" outline onClick={() => setConfirming(true)}>
                Deactivate Note
              </SlButton>
            </>
          )}
        </LoadState>
      </section>
      <ConfirmDialog label="Deactivate Note" open={confirming} busy={busy} action="Deactivate" onConfirm={confirm} onClose={() => setConfirming(false)}>
        This note will no longer show in the patient's record. Deactivate it?
      </ConfirmDialog>
      <Toasts />
    </SectionPage>
  );
}
