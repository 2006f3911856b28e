import { useCallback, useState, type ReactNode } from 'react';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import type SlDialogElement from '@shoelace-style/shoelace/dist/components/dialog/dialog.js';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ErrorSummary } from './error-summary';
import { FormButtons } from './form-buttons';
import { whenClosed } from './dialog-closed';

/** A small form in a dialog (an address, the priority note, ...): its error summary, fields, Cancel and Save. */
export function FormDialog<T extends FieldValues>({ label, form, labels, onClose, onSubmit, children, saveLabel, busy }: {
  label: string;
  form: UseFormReturn<T>;
  labels: Record<string, string>;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  /** The submit button's word when it is not 'Save' (e.g. 'Send'). */
  saveLabel?: string;
  /** Busy beyond react-hook-form's own submitting state (an idempotent submit's retries). */
  busy?: boolean;
}) {
  // Shoelace moves the focus into a dialog (and back to its opener after Escape) only when it opens after its first update, not when it is drawn open.
  const [open, setOpen] = useState(false);
  const openOnceDrawn = useCallback((dialog: SlDialogElement | null) => void dialog?.updateComplete.then(() => setOpen(true)), []);
  return (
    <SlDialog ref={openOnceDrawn} label={label} open={open} onSlAfterHide={whenClosed(onClose)}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <ErrorSummary form={form} labels={labels} />
        {children}
      </form>
      <FormButtons slot="footer" busy={form.formState.isSubmitting || !!busy} onCancel={onClose} onSave={onSubmit} saveLabel={saveLabel} />
    </SlDialog>
  );
}
