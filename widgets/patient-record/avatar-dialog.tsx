import { useId, useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { ApiError } from '../../shared/api/errors';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../shared/schemas/demographics';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { SAVE_FAILED, type HeaderDialogProps } from './episode-status-dialog';
import { uploadAvatar } from './patient-header.resource';
import { whenClosed } from '../kit/dialog-closed';

export const WRONG_TYPE = 'The picture must be a JPEG, PNG or WebP image';
export const TOO_LARGE = 'The picture must be at most 5 MB';

/** What the browser can tell before sending; the server checks the file's signature itself. */
export function pictureProblem(file: File | null): string | null {
  if (!file) return 'Choose a picture';
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return WRONG_TYPE;
  if (file.size > AVATAR_MAX_BYTES) return TOO_LARGE;
  return null;
}

/** Change Profile Picture (spec 001 "Patient header"): JPEG, PNG or WebP up to 5 MB. */
export function AvatarDialog({ onClose, onSaved, patientUid }: HeaderDialogProps & { patientUid: string }) {
  const client = useWidgetApi();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const local = pictureProblem(file);
    if (local) return setProblem(local);
    setBusy(true);
    try {
      await uploadAvatar(client, patientUid, file!);
    } catch (error) {
      setProblem(error instanceof ApiError ? error.errors.map((e) => e.message).join(' ') : SAVE_FAILED);
      return;
    } finally {
      setBusy(false);
    }
    onSaved();
    onClose();
  };

  return (
    <SlDialog label="Change Profile Picture" open onSlAfterHide={whenClosed(onClose)}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="field">
          <label htmlFor={id}>Picture</label>
          <span id={`${id}-hint`} className="field-hint">
            JPEG, PNG or WebP, up to 5 MB.
          </span>
          <input
            id={id}
            type="file"
            accept={AVATAR_TYPES.join(',')}
            aria-invalid={!!problem}
            aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
          {problem && (
            <span id={`${id}-error`} className="field-error" role="alert">
              {problem}
            </span>
          )}
        </div>
      </form>
      <SlButton slot="footer" onClick={onClose}>
        Cancel
      </SlButton>
      <SlButton slot="footer" variant="primary" disabled={busy} onClick={() => void save()}>
        {busy ? 'Working ...' : 'Upload'}
      </SlButton>
    </SlDialog>
  );
}
