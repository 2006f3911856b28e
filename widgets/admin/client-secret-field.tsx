import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field } from '../kit/forms';

/**
 * The client secret of an outside service (an identity provider, an EHR):
 * a password input that starts empty, since a stored secret is never sent to
 * the page; the hint says whether one is stored and that an empty field keeps it.
 */
export function ClientSecretField<T extends FieldValues>({ form, name, label, stored, hint }: { form: UseFormReturn<T>; name: Path<T>; label: string; stored: boolean; hint: string }) {
  return (
    <Field form={form} name={name} label={label} hint={stored ? 'A secret is stored and is never shown. Leave empty to keep it; type a new one to replace it.' : hint}>
      {(control) => <input {...control} type="password" autoComplete="new-password" {...form.register(name)} />}
    </Field>
  );
}
