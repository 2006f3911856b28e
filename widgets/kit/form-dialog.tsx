import type { ReactNode } from 'react';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ErrorSummary } from './error-summary';
import { FormButtons } from './form-buttons';

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
  return (
    <SlDialog label={label} open onSlAfterHide={(e) => e.target === e.currentTarget && onClose()}>
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
