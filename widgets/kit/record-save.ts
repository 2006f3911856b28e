import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useEmit } from '../../shared/widget/emit';
import { applyServerErrors, formErrors } from './forms';
import { useIdempotentSubmit } from './public-submit';
import { toast } from './toasts';

export interface RecordSave<T> {
  /** Names the submission whose Idempotency-Key survives a retry (useIdempotentSubmit). */
  submissionKey: string;
  save: (values: T, idempotencyKey: string) => Promise<unknown>;
  /** `care-saved`'s type: what was saved. */
  type: string;
  patientId: string;
  /** The record page to open after saving. */
  next: string;
  /** The section's toasts (spec 001 section 8 words them per section). */
  saved: string;
  failed: string;
  /** From useUnsavedPrompt: saving leaves without asking. */
  release?: () => void;
}

/**
 * A record section form's Save: one request per submission, the server's
 * field errors on their fields (any other failure as the failed toast), then
 * the saved toast, `care-saved` and the next page.
 */
export function useRecordSave<T extends FieldValues>(form: UseFormReturn<T>, options: RecordSave<T>) {
  const emit = useEmit();
  const { submit, busy } = useIdempotentSubmit(options.submissionKey);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (!(await submit((key) => options.save(values, key)))) return;
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) toast(options.failed, 'danger');
      return;
    }
    options.release?.();
    toast(options.saved, 'success');
    emit('care-saved', { type: options.type, patientUid: options.patientId });
    emit('care-navigate', { path: options.next });
  });
  return { onSubmit, busy };
}
