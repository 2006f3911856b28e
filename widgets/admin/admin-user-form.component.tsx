import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ASSIGNABLE_FLAGS, FLAG_CATALOGUE, ROLE_TEMPLATE_NAMES, ROLE_TEMPLATES, templateOf, type AssignableFlag, type RoleTemplate } from '../../shared/role-templates';
import { AdminUserSchema, type AdminUser, type DivisionAccess } from '../../shared/schemas/admin';
import { useEmit } from '../../shared/widget/emit';
import { CheckboxField } from '../kit/checkbox-field';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, errorOf, Field, fieldText, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast } from '../kit/toasts';
import { useAdminDivisions, useAdminUser, useAdminUserActions, type AdminDivision, type OrgUser } from './admin.resource';

const LABELS = { displayName: 'Name', userName: 'User Name', email: 'Email', divisions: 'Divisions', passwordFallback: 'Keeps password sign-in' };
const FALLBACK_HINT =
  'When the organization turns password sign-in off (Organization → Password Sign-In), this user can still sign in with their Careweave password. Keep it for at least one administrator, in case the identity provider fails.';
export const SAVED = 'Successfully saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';
const CUSTOM = '';

/** One division of the form: whether the user works there, the role template and the flags with what each opens. */
function DivisionAccessField({ form, division }: { form: UseFormReturn<AdminUser>; division: AdminDivision }) {
  const all = form.watch('divisions');
  const index = all.findIndex((d) => d.divisionUid === division.divisionUid);
  const access = index >= 0 ? all[index] : null;
  const submitted = form.formState.submitCount > 0;
  const put = (next: DivisionAccess[]) => form.setValue('divisions', next, { shouldValidate: submitted, shouldDirty: true });
  const setFlags = (flags: AssignableFlag[]) => put(all.map((d, i) => (i === index ? { ...d, flags: ASSIGNABLE_FLAGS.filter((f) => flags.includes(f)) } : d)));
  const id = `division-${division.divisionUid}`;
  const message = index >= 0 ? errorOf(form as never, `divisions.${index}.flags`) : undefined;
  const template = access ? templateOf(access.flags) : null;

  return (
    <fieldset className="division-access" data-division={division.divisionName}>
      <legend>{division.divisionName}</legend>
      <label className="works-here">
        <input
          type="checkbox"
          checked={!!access}
          onChange={(e) => put(e.target.checked ? [...all, { divisionUid: division.divisionUid, flags: [] }] : all.filter((d) => d.divisionUid !== division.divisionUid))}
        />{' '}
        Works in this division
      </label>
      {access && (
        <>
          <div className="field">
            <label htmlFor={`${id}-template`}>Role Template</label>
            <select id={`${id}-template`} value={template ?? CUSTOM} onChange={(e) => e.target.value && setFlags([...ROLE_TEMPLATES[e.target.value as RoleTemplate].flags])}>
              <option value={CUSTOM}>{access.flags.length ? 'Custom' : 'Choose a template'}</option>
              {ROLE_TEMPLATE_NAMES.map((name) => (
                <option key={name} value={name}>
                  {ROLE_TEMPLATES[name].label}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="flag-list" aria-describedby={message ? `${id}-error` : undefined}>
            <legend>Permissions</legend>
            {ASSIGNABLE_FLAGS.map((flag) => (
              <label key={flag} className="flag">
                <input
                  type="checkbox"
                  name={flag}
                  checked={access.flags.includes(flag)}
                  onChange={(e) => setFlags(e.target.checked ? [...access.flags, flag] : access.flags.filter((f) => f !== flag))}
                />
                <span>
                  <span className="flag-label">{FLAG_CATALOGUE[flag].label}</span>
                  <span className="flag-opens">{FLAG_CATALOGUE[flag].opens}</span>
                </span>
              </label>
            ))}
            {message && (
              <span id={`${id}-error`} className="field-error">
                {fieldText('Permissions', message)}
              </span>
            )}
          </fieldset>
        </>
      )}
    </fieldset>
  );
}

/**
 * Deactivate (after a confirmation), reactivate, and send a password-reset
 * link: never a password. A user who also works for another organisation is
 * taken out of this organisation's divisions instead, and is no longer on its
 * pages; the server refuses their reset link with its reason, shown as a toast.
 */
function UserCommands({ user, onChanged, onRemoved }: { user: OrgUser; onChanged: (user: OrgUser) => void; onRemoved: () => void }) {
  const { command } = useAdminUserActions(user.userUid);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const run = async (name: 'deactivate' | 'reactivate' | 'password-reset', done: string) => {
    setBusy(true);
    try {
      const changed = await command(name);
      toast(done, 'success');
      if (changed.divisions.length === 0) onRemoved();
      else onChanged(changed);
    } catch (err) {
      toast((err as Error).message || SAVE_FAILED, 'danger');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <div className="user-commands">
      <p>
        Status: <strong>{user.isActive ? 'Active' : 'Inactive'}</strong>
      </p>
      {user.isActive ? (
        <>
          <SlButton disabled={busy} onClick={() => void run('password-reset', `A password reset link was e-mailed to ${user.email}`)}>
            Send Password Reset Link
          </SlButton>
          <SlButton variant="danger" outline disabled={busy} onClick={() => setConfirming(true)}>
            Deactivate
          </SlButton>
        </>
      ) : (
        <SlButton disabled={busy} onClick={() => void run('reactivate', `${user.displayName} can sign in again`)}>
          Reactivate
        </SlButton>
      )}
      <ConfirmDialog
        label="Deactivate User"
        open={confirming}
        busy={busy}
        action="Deactivate"
        onConfirm={() => void run('deactivate', user.sharedWithOtherOrganization ? `${user.displayName} was removed from this organisation's divisions` : `${user.displayName} was deactivated`)}
        onClose={() => setConfirming(false)}
      >
        {user.sharedWithOtherOrganization
          ? `${user.displayName} also works for another organisation: they will be removed from this organisation's divisions and signed out of them, and keep their work there.`
          : `${user.displayName} will be signed out at once and can no longer sign in.`}
      </ConfirmDialog>
    </div>
  );
}

function UserForm({ divisions, user }: { divisions: AdminDivision[]; user: OrgUser | null }) {
  const emit = useEmit();
  const [current, setCurrent] = useState(user);
  const { save } = useAdminUserActions(user?.userUid ?? null);
  const { submit, busy } = useIdempotentSubmit('admin-user');
  const form = useCareForm(AdminUserSchema, {
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: user
      ? { displayName: user.displayName, userName: user.userName, email: user.email ?? '', divisions: user.divisions, passwordFallback: user.passwordFallback }
      : { displayName: '', userName: '', email: '', divisions: [], passwordFallback: false },
  });
  const back = () => emit('care-navigate', { path: '/admin/users' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await submit((key) => save(values, key));
      if (!saved) return;
      toast(user ? SAVED : `${saved.displayName} was created; a sign-in link was e-mailed to ${saved.email}`, 'success');
      back();
    } catch (err) {
      if (!applyServerErrors(form, err)) toast(SAVE_FAILED, 'danger');
    }
  });
  const divisionsError = errorOf(form as never, 'divisions');

  return (
    <SectionPage title={user ? `Edit ${user.displayName}` : 'Add User'}>
      {current && <UserCommands user={current} onChanged={setCurrent} onRemoved={back} />}
      <form noValidate onSubmit={onSubmit} className="admin-user-form">
        <ErrorSummary form={form} labels={LABELS} />
        <Field form={form} name="displayName" label={LABELS.displayName} />
        <Field form={form} name="userName" label={LABELS.userName} hint="What the user types to sign in." />
        <Field form={form} name="email" label={LABELS.email} type="email" hint={user ? undefined : 'A one-time link to set the password is sent here.'} />
        {user?.sharedWithOtherOrganization ? (
          <p className="field-hint password-fallback-shared">
            {LABELS.passwordFallback}: {user.passwordFallback ? 'Yes' : 'No'}. This user also works for another organization, so it cannot be changed here.
          </p>
        ) : (
          <CheckboxField form={form} name="passwordFallback" label={LABELS.passwordFallback} hint={FALLBACK_HINT} />
        )}
        <h3>Divisions and Permissions</h3>
        {divisionsError && <span className="field-error">{fieldText(LABELS.divisions, divisionsError)}</span>}
        {divisions.map((d) => (
          <DivisionAccessField key={d.divisionUid} form={form} division={d} />
        ))}
        <FormButtons busy={busy} onCancel={back} />
      </form>
    </SectionPage>
  );
}

/** `/admin/users/new` (no `userId`) and `/admin/users/{id}`: the user form with the organisation's divisions. */
export function AdminUserPage({ userId }: { userId: string | null }) {
  const divisions = useAdminDivisions();
  const user = useAdminUser(userId);
  return (
    <LoadState isLoading={divisions.isLoading || user.isLoading} error={divisions.error ?? user.error}>
      {divisions.data && <UserForm key={user.data?.userUid ?? 'new'} divisions={divisions.data} user={user.data} />}
    </LoadState>
  );
}
