import { Fragment, useState, type ReactNode } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { AddAction } from '../kit/add-action';
import { CheckboxField } from '../kit/checkbox-field';
import { FormDialog } from '../kit/form-dialog';
import { applyServerErrors } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast } from '../kit/toasts';
import type { Loaded } from '../kit/use-loaded';
import { SAVE_FAILED, SAVED } from './admin-user-form.component';
import { useAdminDivisions, type AdminDivisionDetail } from './admin.resource';

/**
 * The pieces the organisation page's registration cards share (identity
 * providers, EHRs, FHIR clients and destinations, SMART apps): a list of registrations
 * added and edited in a dialog, and the values the other system is given,
 * each with a Copy button.
 */

/** A value shown as code with a button that copies it; `label` names it in the button (for screen readers) and the toast. */
export function CopyText({ label, value, name }: { label: string; value: string; name?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast(`${label} copied`, 'success');
    } catch {
      toast(`Copy the ${label.toLowerCase()} from the page: the browser did not allow it`, 'warning');
    }
  };
  return (
    <span className="ext-link-address">
      <code>{value}</code>
      <SlButton size="small" onClick={() => void copy()}>
        Copy<span className="visually-hidden"> {name ? `${label} of ${name}` : label}</span>
      </SlButton>
    </span>
  );
}

/** A registration's client ID, to copy (FHIR clients, SMART apps); `name` is the registration's, for its Copy button. */
export function ClientIdNote({ className, clientId, name }: { className: string; clientId: string; name: string }) {
  return (
    <span className={`division-note registration-codes ${className}`}>
      Client ID <CopyText label="Client ID" value={clientId} name={name} />
    </span>
  );
}

/** A registration's list of values (scopes, addresses), each as code after the list's label, wrapping as needed. */
export function CodeList({ className, label, values }: { className: string; label: string; values: string[] }) {
  return (
    <span className={`division-note registration-codes ${className}`}>
      {label}{' '}
      {values.map((v) => (
        <code key={v}>{v}</code>
      ))}
    </span>
  );
}

/** What the other system is given (a URL, the scopes): one fact a row of a `section-facts` list, each with its Copy button. */
export function RegistrationValues({ className, intro, values }: { className: string; intro: string; values: { label: string; value: string }[] }) {
  return (
    <div className={`registration-values ${className}`}>
      <p className="division-note">{intro}</p>
      <dl className="section-facts">
        {values.map((v) => (
          <Fragment key={v.label}>
            <dt>{v.label}</dt>
            <dd>
              <CopyText label={v.label} value={v.value} />
            </dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}

/** One registration of a card's list: its name and whether it is active, what it is, and its Edit. */
export function RegistrationRow({ className, data, name, isActive, onEdit, children }: {
  className: string;
  /** The row's data attribute (`data-ehr`, `data-client`) and the registration's id. */
  data: [string, string];
  name: string;
  isActive: boolean;
  onEdit: () => void;
  children: ReactNode;
}) {
  return (
    <li className={`code-holder ${className}`} {...{ [data[0]]: data[1] }}>
      <div className="ext-link-main">
        <div>
          <strong>{name}</strong>
          <span className={isActive ? 'code-status' : 'code-status revoked'}>{isActive ? 'Active' : 'Inactive'}</span>
        </div>
        {children}
      </div>
      <div className="user-commands">
        <SlButton size="small" onClick={onEdit}>
          Edit<span className="visually-hidden"> {name}</span>
        </SlButton>
      </div>
    </li>
  );
}

/** The organisation's divisions as a dialog's choices. */
export const divisionChoices = (divisions: AdminDivisionDetail[]) => divisions.map((d) => ({ value: d.divisionUid, label: d.divisionName }));

/** What a registration card gives its dialog: the registration to edit (null to add), the organisation's divisions, and how to leave. */
export interface RegistrationDialogProps<R> {
  row: R | null;
  divisions: AdminDivisionDetail[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A card of the organisation page listing registrations: its Add action, an
 * introduction, the values to give the other system (shown with no
 * registration yet too), the rows or `emptyText`, what follows them, and the
 * Add/Edit dialog (opened once the divisions it offers are loaded).
 */
export function RegistrationsCard<P, R>({ title, addLabel, intro, page, rowsOf, keyOf, emptyText, values, row, after, dialog }: {
  title: string;
  addLabel: string;
  intro: ReactNode;
  page: Loaded<P>;
  rowsOf: (page: P) => R[];
  keyOf: (row: R) => string;
  emptyText: string;
  values: (page: P) => ReactNode;
  row: (row: R, onEdit: () => void) => ReactNode;
  /** Settings of the whole card, under the rows. */
  after?: (page: P) => ReactNode;
  dialog: (props: RegistrationDialogProps<R>) => ReactNode;
}) {
  const divisions = useAdminDivisions();
  const [editing, setEditing] = useState<{ row: R | null } | null>(null);
  const rows = page.data && rowsOf(page.data);
  return (
    <SectionPage title={title} action={<AddAction onClick={() => setEditing({ row: null })} label={addLabel} />}>
      {intro}
      <LoadState isLoading={page.isLoading} error={page.error}>
        {page.data && (
          <>
            {values(page.data)}
            {rows?.length === 0 ? (
              <p className="load-state load-state-empty">{emptyText}</p>
            ) : (
              <ul className="code-holders">{rows?.map((r) => <Fragment key={keyOf(r)}>{row(r, () => setEditing({ row: r }))}</Fragment>)}</ul>
            )}
            {after?.(page.data)}
          </>
        )}
      </LoadState>
      {editing && divisions.data && (
        // Keyed: a dialog opened for another row (or to add) starts afresh.
        <Fragment key={editing.row ? keyOf(editing.row) : 'new'}>
          {dialog({
            row: editing.row,
            divisions: divisions.data,
            onClose: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              page.reload();
            },
          })}
        </Fragment>
      )}
    </SectionPage>
  );
}

/**
 * A registration's Add/Edit dialog: its fields, then whether it is active
 * (`labels.isActive` says what that means). Save runs once per submission
 * (an Idempotency-Key for an add): "Saved" and `onSaved`, or the server's
 * errors on their fields (a toast for any other failure).
 */
export function RegistrationDialog<T extends FieldValues & { isActive: boolean }>({ label, form, labels, formId, save, onClose, onSaved, children }: {
  label: string;
  form: UseFormReturn<T>;
  labels: Record<string, string>;
  /** Names the dialog's pending submission (useIdempotentSubmit). */
  formId: string;
  save: (values: T, key: string) => Promise<unknown>;
  onClose: () => void;
  onSaved: () => void;
  children: ReactNode;
}) {
  const { submit, busy } = useIdempotentSubmit(formId);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await submit((key) => save(values, key));
      if (!saved) return;
      toast(SAVED, 'success');
      onSaved();
    } catch (err) {
      if (!applyServerErrors(form, err)) toast(SAVE_FAILED, 'danger');
    }
  });
  return (
    <FormDialog label={label} form={form} labels={labels} onClose={onClose} onSubmit={() => void onSubmit()} busy={busy}>
      <div className="registration-form">
        {children}
        <CheckboxField form={form} name={'isActive' as Path<T>} label={labels.isActive} />
      </div>
    </FormDialog>
  );
}
