import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorOf, fieldText } from './forms';

/** A yes/no field: the box before its label, its error underneath (the form's value is a boolean). */
export function CheckboxField<T extends FieldValues>({ form, name, label }: { form: UseFormReturn<T>; name: Path<T>; label: string }) {
  const message = errorOf(form as unknown as UseFormReturn<FieldValues>, name);
  return (
    <div className="field checkbox-field" data-field={name}>
      <label>
        <input type="checkbox" {...form.register(name)} /> {label}
      </label>
      {message && <span className="field-error">{fieldText(label, message)}</span>}
    </div>
  );
}
