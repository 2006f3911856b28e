import { useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorOf, fieldText } from './forms';

/** A yes/no field: the box before its label, an optional hint and its error underneath (the form's value is a boolean). */
export function CheckboxField<T extends FieldValues>({ form, name, label, hint }: { form: UseFormReturn<T>; name: Path<T>; label: string; hint?: string }) {
  const id = useId();
  const message = errorOf(form as unknown as UseFormReturn<FieldValues>, name);
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field checkbox-field" data-field={name}>
      <label>
        <input type="checkbox" aria-describedby={describedBy} {...form.register(name)} /> {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {message && (
        <span id={`${id}-error`} className="field-error">
          {fieldText(label, message)}
        </span>
      )}
    </div>
  );
}
