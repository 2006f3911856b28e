import { useEffect, useMemo, useState } from 'react';
import { useFieldArray, type FieldValues, type UseFormReturn } from 'react-hook-form';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import {
  fromForm,
  isReferenceList,
  REFERENCE_LIST_NAMES,
  REFERENCE_LISTS,
  referenceFormSchema,
  toForm,
  type ReferenceField,
  type ReferenceListDefinition,
  type ReferenceListName,
  type ReferenceRow,
} from '../../shared/schemas/admin-reference';
import { useEmit } from '../../shared/widget/emit';
import { CheckboxField } from '../kit/checkbox-field';
import { moveId, useDragOrder } from '../kit/drag-order';
import { ErrorSummary } from '../kit/error-summary';
import { FileDrop } from '../kit/file-drop';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, errorOf, Field, fieldText, SelectField, useCareForm, type Choice } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { NavLink } from '../kit/nav-link';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast } from '../kit/toasts';
import { SAVE_FAILED, SAVED } from './admin-user-form.component';
import { useReferenceActions, useReferenceLookups, useReferenceRow, useReferenceRows } from './admin.resource';

const BASE = '/admin/reference';
const labelOf = (def: ReferenceListDefinition, row: ReferenceRow) => String(row.values[def.labelField] ?? '');
const NO_LOOKUPS: Record<string, Choice[]> = {};

function shown(field: ReferenceField, value: unknown, lookups: Record<string, Choice[]>) {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'flags':
      return (value as string[]).join(', ');
    case 'color':
      return (
        <span className="swatch-value">
          <span className="swatch" style={{ background: String(value) }} aria-hidden="true" /> {String(value)}
        </span>
      );
    case 'row':
    case 'model':
      return lookups[field.name]?.find((c) => c.value === value)?.label ?? '';
    case 'rows':
      return String((value as unknown[]).length);
    default:
      return String(value);
  }
}

/** `/admin/reference`: the lists an administrator keeps, each with what it is for. */
function ReferenceIndex() {
  return (
    <SectionPage title="Reference Lists">
      <ul className="reference-index">
        {REFERENCE_LIST_NAMES.map((name) => (
          <li key={name}>
            <NavLink path={`${BASE}/${name}`}>{REFERENCE_LISTS[name].label}</NavLink>
            <p>{REFERENCE_LISTS[name].description}</p>
          </li>
        ))}
      </ul>
    </SectionPage>
  );
}

/** Rows in groups (a status's type, a badge's group), each group in its order. */
function groupsOf(def: ReferenceListDefinition, rows: ReferenceRow[], lookups: Record<string, Choice[]>): { key: string; title: string | null; rows: ReferenceRow[] }[] {
  if (!def.groupBy) return [{ key: '', title: null, rows }];
  const field = def.fields.find((f) => f.name === def.groupBy)!;
  const groups = new Map<string, ReferenceRow[]>();
  for (const row of rows) {
    const key = String(row.values[def.groupBy] ?? '');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups].map(([key, groupRows]) => ({ key, title: (field.kind === 'row' ? lookups[field.name]?.find((c) => c.value === key)?.label : key) || 'No type', rows: groupRows }));
}

type Run = (work: () => Promise<unknown>, done: string) => Promise<void>;

/**
 * One group's table (or the whole list's). An ordered list's rows move by
 * dragging their handle or with Move Up / Move Down (keyboard, touch); the
 * new order shows at once and is saved whole through the order route.
 */
function ReferenceGroupTable({ list, title, rows, lookups, busy, run }: { list: ReferenceListName; title: string | null; rows: ReferenceRow[]; lookups: Record<string, Choice[]>; busy: boolean; run: Run }) {
  const def = REFERENCE_LISTS[list];
  const { command, reorder } = useReferenceActions(list);
  const columns = def.fields.filter((f) => f.column && f.name !== def.groupBy);
  // The order being saved, shown until the list is read back in that order (or put back if the save fails).
  const [pending, setPending] = useState<string[] | null>(null);
  const order = rows.map((r) => r.id).join(',');
  useEffect(() => setPending((p) => (p?.join(',') === order ? null : p)), [order]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shownRows = pending ? pending.map((id) => byId.get(id)!).filter(Boolean) : rows;
  const ids = shownRows.map((r) => r.id);
  const save = (next: string[]) => {
    setPending(next);
    void run(() => reorder(next).catch((err: unknown) => {
      setPending(null);
      throw err;
    }), 'Order saved');
  };
  const drag = useDragOrder(ids, save, busy || !def.ordered);

  return (
    <section className="reference-group" aria-label={title ?? def.label}>
      {title !== null && <h3>{title}</h3>}
      <table className={def.ordered ? 'reference-table ordered' : 'reference-table'}>
        <thead>
          <tr>
            {def.ordered && (
              <th scope="col" className="drag-column">
                <span className="visually-hidden">Drag to reorder</span>
              </th>
            )}
            {columns.map((c) => (
              <th key={c.name} scope="col">
                {c.label}
              </th>
            ))}
            <th scope="col" className="status-column">Status</th>
            <th scope="col" className={def.ordered ? 'commands-column ordered' : 'commands-column'}>
              <span className="visually-hidden">Commands</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shownRows.map((row, index) => (
            <tr key={row.id} className={row.isActive ? undefined : 'inactive'} data-row={labelOf(def, row)} {...(def.ordered ? drag.rowProps(row.id) : {})}>
              {def.ordered && (
                <td className="drag-cell">
                  <span className="drag-handle" title="Drag to reorder" {...drag.handleProps(row.id)}>
                    ⠿
                  </span>
                </td>
              )}
              {columns.map((c) => (
                <td key={c.name} data-label={c.label}>
                  {c.name === def.labelField ? <NavLink path={`${BASE}/${list}/${row.id}`}>{labelOf(def, row) || '(no label)'}</NavLink> : shown(c, row.values[c.name], lookups)}
                </td>
              ))}
              <td data-label="Status">{row.isActive ? 'Active' : 'Inactive'}</td>
              <td>
                <div className="reference-commands">
                  {def.ordered && (
                    <>
                      <SlButton size="small" disabled={busy || index === 0} onClick={() => save(moveId(ids, index, index - 1))}>
                        Move Up<span className="visually-hidden"> {labelOf(def, row)}</span>
                      </SlButton>
                      <SlButton size="small" disabled={busy || index === shownRows.length - 1} onClick={() => save(moveId(ids, index, index + 1))}>
                        Move Down<span className="visually-hidden"> {labelOf(def, row)}</span>
                      </SlButton>
                    </>
                  )}
                  <SlButton
                    size="small"
                    variant={row.isActive ? 'default' : 'primary'}
                    disabled={busy}
                    onClick={() => void run(() => command(row.id, row.isActive ? 'deactivate' : 'reactivate'), row.isActive ? `${labelOf(def, row)} deactivated` : `${labelOf(def, row)} reactivated`)}
                  >
                    {row.isActive ? 'Deactivate' : 'Reactivate'}
                    <span className="visually-hidden"> {labelOf(def, row)}</span>
                  </SlButton>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** `/admin/reference/<list>`: its rows, inactive ones marked, with their commands. */
function ReferenceListPage({ list }: { list: ReferenceListName }) {
  const def = REFERENCE_LISTS[list];
  const rows = useReferenceRows(list);
  const lookups = useReferenceLookups(def).data ?? NO_LOOKUPS;
  const [busy, setBusy] = useState(false);

  const run: Run = async (work, done) => {
    setBusy(true);
    try {
      await work();
      toast(done, 'success');
      rows.reload();
    } catch {
      toast(SAVE_FAILED, 'danger');
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionPage title={def.label} action={<AddAction path={`${BASE}/${list}/new`} label={`Add ${def.singular}`} />}>
      <p className="reference-back">
        <NavLink path={BASE}>All Reference Lists</NavLink>
      </p>
      <p className="reference-description">
        {def.description}
        {def.ordered && ' Drag a row by its handle, or use Move Up and Move Down, to change the order.'}
      </p>
      <LoadState isLoading={rows.isLoading} error={rows.error} isEmpty={rows.data?.length === 0} emptyText={`No ${def.label.toLowerCase()} yet`}>
        {groupsOf(def, rows.data ?? [], lookups).map((group) => (
          <ReferenceGroupTable key={group.key} list={list} title={group.title} rows={group.rows} lookups={lookups} busy={busy} run={run} />
        ))}
      </LoadState>
    </SectionPage>
  );
}

type AnyForm = UseFormReturn<FieldValues>;

/**
 * A field of a child row. Its error is checked again as it is typed once
 * shown: a blur elsewhere in the rows checks them all, and the error of a
 * field not yet left would otherwise stay after it is corrected.
 */
function ChildField({ form, name, field }: { form: AnyForm; name: string; field: ReferenceField }) {
  return (
    <Field form={form} name={name} label={field.label}>
      {(control) => (
        <input
          type={field.kind === 'email' ? 'email' : 'text'}
          {...control}
          {...form.register(name, {
            onChange: () => {
              if (errorOf(form, name)) void form.trigger(name);
            },
          })}
        />
      )}
    </Field>
  );
}

/** The rows of a child table (a facility's distribution lists, a provider's locations), edited with their parent. */
function ChildRows({ form, field }: { form: AnyForm; field: ReferenceField }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: field.name });
  const message = errorOf(form, field.name);
  const blank = Object.fromEntries(field.fields!.map((c) => [c.name, '']));
  return (
    <fieldset className="child-rows" data-field={field.name}>
      <legend>{field.label}</legend>
      {field.hint && <p className="field-hint">{field.hint}</p>}
      {fields.map((child, index) => (
        <div key={child.id} className="child-row">
          {field.fields!.map((c) => (
            <ChildField key={c.name} form={form} name={`${field.name}.${index}.${c.name}`} field={c} />
          ))}
          <SlButton size="small" onClick={() => remove(index)}>
            Remove<span className="visually-hidden"> {field.label} {index + 1}</span>
          </SlButton>
        </div>
      ))}
      {message && <span className="field-error">{fieldText(field.label, message)}</span>}
      <div>
        <SlButton size="small" onClick={() => append(blank)}>
          Add to {field.label}
        </SlButton>
      </div>
    </fieldset>
  );
}

interface FieldOfProps {
  form: AnyForm;
  field: ReferenceField;
  lookups: Record<string, Choice[]>;
  /** The name of the file the row has now, if any. */
  currentFile?: string;
  onFile: (file: File) => void;
}

function FieldOf({ form, field, lookups, currentFile, onFile }: FieldOfProps) {
  switch (field.kind) {
    case 'file':
      return (
        <Field form={form} name={field.name} label={field.label} hint={field.hint}>
          {(control) => (
            <FileDrop
              label={field.label}
              accept={field.accept ? [...field.accept] : undefined}
              control={control}
              current={currentFile}
              onFile={(picked) => {
                onFile(picked);
                form.setValue(field.name, picked.name, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
              }}
            />
          )}
        </Field>
      );
    case 'boolean':
      return <CheckboxField form={form} name={field.name} label={field.label} hint={field.hint} />;
    case 'choice':
      return <SelectField form={form} name={field.name} label={field.label} options={(field.options ?? []).map((o) => ({ value: o, label: o[0].toUpperCase() + o.slice(1) }))} />;
    case 'row':
    case 'model':
      return <SelectField form={form} name={field.name} label={field.label} options={lookups[field.name] ?? []} empty={field.required ? 'Choose one' : 'None'} />;
    case 'rows':
      return <ChildRows form={form} field={field} />;
    case 'textarea':
    case 'json':
      return (
        <Field form={form} name={field.name} label={field.label} hint={field.hint}>
          {(control) => <textarea {...control} className={field.kind === 'json' ? 'json-field' : undefined} rows={field.kind === 'json' ? 16 : 4} spellCheck={false} {...form.register(field.name)} />}
        </Field>
      );
    default:
      return <Field form={form} name={field.name} label={field.label} hint={field.hint ?? (field.kind === 'color' ? 'Like #0d6efd; empty for none.' : undefined)} type={field.kind === 'email' ? 'email' : 'text'} />;
  }
}

/**
 * The server names a JSON member's field by its path (`definition.charts.0.xAxisColumn`)
 * and a flag by its place (`featureFlag.0`): the form shows those on the one field, path first.
 */
function placeServerErrors(def: ReferenceListDefinition, form: AnyForm, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const whole = new Set(def.fields.filter((f) => f.kind === 'json' || f.kind === 'flags').map((f) => f.name));
  const errors = error.errors.map((e) => {
    const [head, ...rest] = e.field?.split('.') ?? [];
    return head && whole.has(head) && rest.length ? { field: head, message: `${rest.join('.')}: ${e.message}` } : e;
  });
  return applyServerErrors(form, new ApiError(error.status, errors));
}

function ReferenceForm({ list, row, lookups }: { list: ReferenceListName; row: ReferenceRow | null; lookups: Record<string, Choice[]> }) {
  const def = REFERENCE_LISTS[list];
  const emit = useEmit();
  const { save } = useReferenceActions(list);
  const { submit, busy } = useIdempotentSubmit(`admin-reference-${list}`);
  const schema = useMemo(() => referenceFormSchema(list), [list]);
  const form = useCareForm(schema, { defaultValues: toForm(list, row?.values ?? null) }) as AnyForm;
  const back = () => emit('care-navigate', { path: `${BASE}/${list}` });
  const [file, setFile] = useState<File | null>(null);
  const fileField = def.fields.find((f) => f.kind === 'file');
  // A row that names a file keeps it (its link is not the admin's to edit); a new file replaces it.
  const currentFile = fileField && row?.values[fileField.name] ? String(row.values[fileField.name]) : undefined;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await submit((key) => save(row?.id ?? null, fromForm(list, values), key, file));
      if (!saved) return;
      toast(SAVED, 'success');
      back();
    } catch (err) {
      if (!placeServerErrors(def, form, err)) toast(SAVE_FAILED, 'danger');
    }
  });
  const labels = Object.fromEntries(def.fields.map((f) => [f.name, f.label]));
  return (
    <form noValidate onSubmit={onSubmit} className="reference-form">
      <ErrorSummary form={form} labels={labels} />
      {row?.shared && <p className="reference-shared">This entry ships with Careweave and every organization on this install reads it.</p>}
      {def.fields
        .filter((field) => !(currentFile && field.notWithFile))
        .map((field) => (
          <FieldOf key={field.name} form={form} field={field} lookups={lookups} currentFile={field === fileField ? currentFile : undefined} onFile={setFile} />
        ))}
      <FormButtons busy={busy} onCancel={back} />
    </form>
  );
}

/** `/admin/reference/<list>/new` and `/admin/reference/<list>/<id>`. */
function ReferenceFormPage({ list, id }: { list: ReferenceListName; id: string | null }) {
  const def = REFERENCE_LISTS[list];
  const row = useReferenceRow(list, id);
  // A select's options come before its value is set: a row's role or group drawn before its
  // options arrive would show as "None" though the row has one (a failed lookup leaves them empty).
  const lookups = useReferenceLookups(def);
  return (
    <SectionPage title={row.data ? `Edit ${def.singular}: ${labelOf(def, row.data)}` : `Add ${def.singular}`}>
      <p className="reference-back">
        <NavLink path={`${BASE}/${list}`}>{def.label}</NavLink>
      </p>
      <LoadState isLoading={row.isLoading || lookups.isLoading} error={row.error}>
        {!row.isLoading && !lookups.isLoading && <ReferenceForm key={row.data?.id ?? 'new'} list={list} row={row.data} lookups={lookups.data ?? NO_LOOKUPS} />}
      </LoadState>
    </SectionPage>
  );
}

/** The reference lists section: `parts` is the path under /admin/reference. */
export function ReferenceSection({ parts }: { parts: string[] }) {
  const [list, id] = parts;
  if (!list || !isReferenceList(list)) return <ReferenceIndex />;
  if (id) return <ReferenceFormPage key={`${list}/${id}`} list={list} id={id === 'new' ? null : id} />;
  return <ReferenceListPage key={list} list={list} />;
}
