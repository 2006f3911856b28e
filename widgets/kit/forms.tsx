import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useForm, type FieldErrors, type FieldValues, type Path, type PathValue, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { superstructResolver } from '@hookform/resolvers/superstruct';
import type { Struct } from 'superstruct';
import { ApiError } from '../../shared/api/errors';
import { fieldText, useFieldWording } from './field-wording';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), values);
}

function rewriteBlank(errors: FieldErrors, values: unknown, prefix = ''): void {
  for (const [key, error] of Object.entries(errors)) {
    if (!error) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof error.message === 'string') {
      if (isBlank(valueAt(values, path))) error.message = 'Required';
    } else if (typeof error === 'object') rewriteBlank(error as FieldErrors, values, path);
  }
}

/**
 * Superstruct says "Expected a string, but received: undefined" for an empty
 * field; the product says "is required" (the server's "Required", rendered by
 * fieldMessage), so a failure on a blank value becomes "Required".
 */
function careResolver<T extends FieldValues>(schema: Struct<T, unknown>): Resolver<T> {
  const base = superstructResolver(schema as Struct<T, never>) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    rewriteBlank(result.errors as FieldErrors, values);
    return result;
  };
}

/** react-hook-form driven by the same superstruct schema the server checks. */
export function useCareForm<T extends FieldValues>(schema: Struct<T, unknown>, options: Omit<UseFormProps<T>, 'resolver'> = {}): UseFormReturn<T> {
  return useForm<T>({ mode: 'onTouched', ...options, resolver: careResolver(schema) });
}

/**
 * Puts the server's field errors on the fields they name; the rest become the
 * form's root error so the error summary lists them. Returns whether any
 * error was placed, so callers can fall back to a toast for other failures.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const general: string[] = [];
  for (const e of error.errors) {
    if (e.field) form.setError(e.field as Path<T>, { type: 'server', message: e.message });
    else general.push(e.message);
  }
  if (general.length) form.setError('root.server', { type: 'server', message: general.join(' ') });
  return error.errors.length > 0;
}

export { fieldText };

/** The server's or schema's message for a field, before display wording. */
export function errorOf(form: UseFormReturn<FieldValues>, name: string): string | undefined {
  const error = valueAt(form.formState.errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export interface FieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  type?: string;
  hint?: string;
  /** For the default input: what the browser may offer (autocomplete) and which keyboard a phone shows (inputMode). */
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  /** A custom control; spread the given props onto it so the label and error stay connected. */
  children?: (control: FieldControlProps) => ReactNode;
}

/** A labelled input with its error underneath, wired for screen readers. */
export function Field<T extends FieldValues>({ form, name, label, type = 'text', hint, autoComplete, inputMode, children }: FieldProps<T>) {
  const id = useId();
  const message = errorOf(form as unknown as UseFormReturn<FieldValues>, name);
  const wording = useFieldWording();
  const describedBy = [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const control: FieldControlProps = { id, 'aria-invalid': Boolean(message), 'aria-describedby': describedBy };
  return (
    <div className="field" data-field={name}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {children ? children(control) : <input type={type} autoComplete={autoComplete} inputMode={inputMode} {...control} {...form.register(name)} />}
      {message && (
        <span id={`${id}-error`} className="field-error">
          {wording(label, message)}
        </span>
      )}
    </div>
  );
}

/** A labelled select of fixed options with an empty first choice. */
export function SelectField<T extends FieldValues>({ form, name, label, options, empty = 'Choose one' }: { form: UseFormReturn<T>; name: Path<T>; label: string; options: readonly Choice[]; empty?: string }) {
  return (
    <Field form={form} name={name} label={label}>
      {(control) => (
        <select {...control} {...form.register(name)}>
          <option value="">{empty}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A phone input's value as the server takes it (spec 001 section 5: digits only): `register(name, { setValueAs: digitsOnly })`. */
export const digitsOnly = (v: unknown) => String(v ?? '').replace(/\D/g, '');

/** The server names fields as sent (`data.attributes.newStatus`); the forms name them without the envelope. */
export function formErrors(error: unknown, rename: Record<string, string> = {}): unknown {
  if (!(error instanceof ApiError)) return error;
  const field = (name?: string) => (name === undefined ? undefined : (rename[name] ?? name.replace(/^data\.attributes\./, '')));
  return new ApiError(error.status, error.errors.map((e) => ({ ...e, field: field(e.field) })));
}

export interface Choice {
  value: string;
  label: string;
}

/** A labelled group of checkboxes whose field is the list of checked values, with its error under it. */
export function CheckboxGroup<T extends FieldValues>({ form, name, label, choices }: { form: UseFormReturn<T>; name: Path<T>; label: string; choices: Choice[] }) {
  const id = useId();
  const message = errorOf(form as unknown as UseFormReturn<FieldValues>, name);
  const wording = useFieldWording();
  // Kept as a list whatever the number of choices (a lone registered checkbox would give true/false).
  const checked = (form.watch(name) as string[] | undefined) ?? [];
  const toggle = (value: string, on: boolean) =>
    form.setValue(name, (on ? [...checked, value] : checked.filter((v) => v !== value)) as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <fieldset className="field choices" data-field={name} aria-describedby={message ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <div className="choices-options">
        {choices.map((c) => (
          <label key={c.value}>
            <input type="checkbox" name={name} value={c.value} aria-invalid={Boolean(message)} checked={checked.includes(c.value)} onChange={(e) => toggle(c.value, e.target.checked)} /> {c.label}
          </label>
        ))}
      </div>
      {message && (
        <span id={`${id}-error`} className="field-error">
          {wording(label, message)}
        </span>
      )}
    </fieldset>
  );
}
