import type { ReactNode } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { whenClosed } from './dialog-closed';

/**
 * "Are you sure?" before something that cannot be undone (deactivating a
 * note, deleting a document): Cancel, and a danger button that says what it
 * does; both off while it runs.
 */
export function ConfirmDialog({ label, open, busy, action, onConfirm, onClose, children }: {
  label: string;
  open: boolean;
  busy: boolean;
  /** The confirming button's text: 'Delete', 'Deactivate'. */
  action: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <SlDialog label={label} open={open} onSlAfterHide={whenClosed(onClose)}>
      {children}
      <SlButton slot="footer" onClick={onClose} disabled={busy}>
        Cancel
      </SlButton>
      <SlButton slot="footer" variant="danger" onClick={onConfirm} disabled={busy}>
        {busy ? 'Working ...' : action}
      </SlButton>
    </SlDialog>
  );
}
