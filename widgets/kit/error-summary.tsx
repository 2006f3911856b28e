import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import { fieldText, useFieldWording } from './field-wording';

export interface ErrorSummaryProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  /** Field name → its label; unnamed fields fall back to a readable form of the name. */
  labels?: Record<string, string>;
  title?: string;
  /** Moves focus to a field; a form that hides some of its fields (the CIT sheet's steps on a phone) shows the field first. */
  focusField?: (name: string) => void;
}

function readable(name: string): string {
  const words = name.replace(/\./g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function flatten(errors: FieldErrors, prefix = ''): { name: string; message: string }[] {
  const out: { name: string; message: string }[] = [];
  for (const [key, error] of Object.entries(errors)) {
    if (!error) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof error.message === 'string') out.push({ name, message: error.message });
    else if (typeof error === 'object') out.push(...flatten(error as FieldErrors, name));
  }
  return out;
}

/**
 * What is wrong with the form once the user has tried to submit: the form's
 * own (general) error first, then each field's, worded with its label.
 */
export function formProblems<T extends FieldValues>(form: UseFormReturn<T>, labels: Record<string, string> = {}, wording = fieldText): { general?: string; fields: { name: string; text: string }[] } {
  const { errors, submitCount } = form.formState;
  if (submitCount === 0) return { fields: [] };
  const { root, ...fieldErrors } = errors;
  return {
    general: root?.server?.message,
    fields: flatten(fieldErrors as FieldErrors).map(({ name, message }) => ({ name, text: wording(labels[name] ?? readable(name), message) })),
  };
}

/** Lists every field error once the user has tried to submit; each entry moves focus to its field. */
export function ErrorSummary<T extends FieldValues>({ form, labels = {}, title = 'Please correct the following:', focusField = (name) => form.setFocus(name as never) }: ErrorSummaryProps<T>) {
  const { general, fields } = formProblems(form, labels, useFieldWording());
  if (!fields.length && !general) return null;
  return (
    <div className="error-summary" role="alert">
      <p>{title}</p>
      <ul>
        {general && <li>{general}</li>}
        {fields.map(({ name, text }) => (
          <li key={name}>
            <button type="button" className="link-button" onClick={() => focusField(name)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
