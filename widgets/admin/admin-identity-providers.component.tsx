import { useId, useState } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import type { Struct } from 'superstruct';
import { ROLE_TEMPLATES } from '../../shared/role-templates';
import {
  DEFAULT_SCOPES,
  DEFAULT_USER_CLAIM,
  IdentityProviderCreateSchema,
  IdentityProviderUpdateSchema,
  PROVISIONABLE_ROLE_TEMPLATES,
  SUGGESTED_USER_CLAIMS,
  type IdentityProviderInput,
  type IdentityProviderView,
} from '../../shared/schemas/identity-providers';
import { AddAction } from '../kit/add-action';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { errorOf, Field, fieldText, SelectField, useCareForm } from '../kit/forms';
import { toast } from '../kit/toasts';
import { SAVE_FAILED } from './admin-user-form.component';
import { ClientSecretField } from './client-secret-field';
import { divisionChoices, RegistrationDialog, RegistrationRow, RegistrationsCard, type RegistrationDialogProps } from './registrations';
import { useIdentityProviderActions, useIdentityProviders, type IdentityProvidersPage } from './admin.resource';

/**
 * Issue 34 section 2, the administrator's side, on Admin → Organization: the
 * organisation's OpenID Connect providers (added and edited in a dialog; a
 * stored client secret is never shown, only that there is one) and the
 * organisation's password sign-in switch.
 */

const LABELS: Record<string, string> = {
  displayName: 'Name',
  issuer: 'Issuer',
  clientId: 'Client ID',
  clientSecret: 'Client Secret',
  scopes: 'Scopes',
  userClaim: 'User Claim',
  groupClaim: 'Group Claim',
  groupRoles: 'Group Mappings',
  jitRoleTemplate: 'Role Template for New Users',
  jitDivisionUid: 'Division for New Users',
  isActive: 'Active: offered on the sign-in page',
};
const TEMPLATE_CHOICES = PROVISIONABLE_ROLE_TEMPLATES.map((t) => ({ value: t, label: ROLE_TEMPLATES[t].label }));
const templateLabel = (t: string) => ROLE_TEMPLATES[t as keyof typeof ROLE_TEMPLATES]?.label ?? t;

/** The form's values: empty text for none; the secret always empty (a stored one is kept unless one is typed). */
const formValues = (p: IdentityProviderView | null): IdentityProviderInput =>
  p
    ? {
        displayName: p.displayName,
        issuer: p.issuer,
        clientId: p.clientId,
        clientSecret: '',
        scopes: p.scopes,
        userClaim: p.userClaim,
        groupClaim: p.groupClaim ?? '',
        groupRoles: p.groupRoles,
        jitRoleTemplate: p.jitRoleTemplate ?? '',
        jitDivisionUid: p.jitDivisionUid ?? '',
        isActive: p.isActive,
      }
    : { displayName: '', issuer: '', clientId: '', clientSecret: '', scopes: DEFAULT_SCOPES, userClaim: DEFAULT_USER_CLAIM, groupClaim: '', groupRoles: [], jitRoleTemplate: '', jitDivisionUid: '', isActive: true };

/** Group → role template rows: each a group of the group claim and the template it gives a new user. */
function GroupRoles({ form }: { form: UseFormReturn<IdentityProviderInput> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'groupRoles' });
  const message = errorOf(form as never, 'groupRoles');
  return (
    <fieldset className="column-map group-roles">
      <legend>{LABELS.groupRoles}</legend>
      <p className="field-hint">A new user gets the role template of the first of their groups listed here, else the role template for new users below. Groups do not change users who already exist.</p>
      {message && <span className="field-error">{fieldText(LABELS.groupRoles, message)}</span>}
      {fields.map((field, i) => (
        <div key={field.id} className="column-row" data-group-role={i}>
          <Field form={form} name={`groupRoles.${i}.group`} label={`Group ${i + 1}`} />
          <SelectField form={form} name={`groupRoles.${i}.roleTemplate`} label={`Role Template ${i + 1}`} options={TEMPLATE_CHOICES} />
          <div className="column-moves">
            <SlButton size="small" variant="danger" outline onClick={() => remove(i)}>
              Remove<span className="visually-hidden"> group {i + 1}</span>
            </SlButton>
          </div>
        </div>
      ))}
      <AddAction onClick={() => append({ group: '', roleTemplate: '' })} label="Add Group Mapping" />
    </fieldset>
  );
}

function ProviderDialog({ row: provider, divisions, onClose, onSaved }: RegistrationDialogProps<IdentityProviderView>) {
  const { save } = useIdentityProviderActions();
  const schema = (provider ? IdentityProviderUpdateSchema : IdentityProviderCreateSchema) as Struct<IdentityProviderInput, unknown>;
  const form = useCareForm(schema, { defaultValues: formValues(provider) });
  const claimsId = useId();
  const rows = form.watch('groupRoles');
  const labels = { ...LABELS, ...Object.fromEntries(rows.flatMap((_, i) => [[`groupRoles.${i}.group`, `Group ${i + 1}`], [`groupRoles.${i}.roleTemplate`, `Role Template ${i + 1}`]])) };
  return (
    <RegistrationDialog
      label={provider ? `Edit ${provider.displayName}` : 'Add Identity Provider'}
      form={form}
      labels={labels}
      formId="admin-identity-provider"
      save={(values, key) => save(provider?.idpUid ?? null, values, key)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Field form={form} name="displayName" label={LABELS.displayName} hint='The sign-in page shows "Sign in with" and this name.' />
      <Field form={form} name="issuer" label={LABELS.issuer} type="url" hint="The provider's issuer address (https://), as its /.well-known/openid-configuration names it." />
      <Field form={form} name="clientId" label={LABELS.clientId} hint="Given by the provider when Careweave is registered there." />
      <ClientSecretField form={form} name="clientSecret" label={LABELS.clientSecret} stored={!!provider?.hasClientSecret} hint="Given by the provider with the client ID." />
      <Field form={form} name="scopes" label={LABELS.scopes} hint="Separated by spaces; openid is required. Add the scope that brings the group claim if the provider needs one (often groups)." />
      <Field form={form} name="userClaim" label={LABELS.userClaim} hint="The claim that names the user: email matches a Careweave user's e-mail (verified by the provider); any other claim, such as preferred_username, matches their user name.">
        {(control) => (
          <>
            <input {...control} list={claimsId} autoComplete="off" {...form.register('userClaim')} />
            <datalist id={claimsId}>
              {SUGGESTED_USER_CLAIMS.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field form={form} name="groupClaim" label={LABELS.groupClaim} hint="Optional: the claim that lists the user's groups (often groups). Required to map groups to role templates." />
      <GroupRoles form={form} />
      <fieldset className="division-glass">
        <legend>New Users at First Sign-In</legend>
        <p className="field-hint">
          Off unless you choose a role template: a person the provider knows but Careweave does not is then made a user with it, in the division chosen, and the admin audit log says so. It needs the email
          claim. Administrator rights are never given this way.
        </p>
        <SelectField form={form} name="jitRoleTemplate" label={LABELS.jitRoleTemplate} options={TEMPLATE_CHOICES} empty="None: nobody is made at first sign-in" />
        <SelectField form={form} name="jitDivisionUid" label={LABELS.jitDivisionUid} options={divisionChoices(divisions)} />
      </fieldset>
    </RegistrationDialog>
  );
}

function ProviderRow({ provider, onEdit }: { provider: IdentityProviderView; onEdit: () => void }) {
  const newUsers = provider.jitRoleTemplate
    ? `New users: ${templateLabel(provider.jitRoleTemplate)} in ${provider.jitDivisionName ?? 'a division'}${provider.groupRoles.length ? `, or by group (${provider.groupRoles.length} ${provider.groupRoles.length === 1 ? 'mapping' : 'mappings'})` : ''}`
    : 'New users: not made at first sign-in';
  return (
    <RegistrationRow className="identity-provider" data={['data-provider', provider.idpUid]} name={provider.displayName} isActive={provider.isActive} onEdit={onEdit}>
      <code className="ext-link-url">{provider.issuer}</code>
      <span className="division-note">
        Client ID {provider.clientId} · {provider.hasClientSecret ? 'Secret stored' : 'No secret'} · Users matched by {provider.userClaim}
      </span>
      <span className="division-note">{newUsers}</span>
    </RegistrationRow>
  );
}

/**
 * The switch: turning it off asks first, and the server refuses it (its
 * message under the switch) while no active administrator keeps password
 * sign-in or no provider is active.
 */
function PasswordSignIn({ page, onChanged }: { page: IdentityProvidersPage; onChanged: () => void }) {
  const { setPasswordLogin } = useIdentityProviderActions();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const id = useId();
  const run = async (on: boolean) => {
    setBusy(true);
    setRefusal(null);
    try {
      await setPasswordLogin(on);
      toast(on ? 'Password sign-in is on' : 'Password sign-in is off', 'success');
      onChanged();
    } catch (err) {
      setRefusal((err as Error).message || SAVE_FAILED);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const keepers = page.fallbackAdministrators;
  return (
    <div className="password-sign-in" data-password-login={page.passwordLogin ? 'on' : 'off'}>
      <h3>Password Sign-In</h3>
      <div className="field checkbox-field">
        <label>
          <input
            type="checkbox"
            role="switch"
            checked={page.passwordLogin}
            disabled={busy}
            aria-describedby={`${id}-hint${refusal ? ` ${id}-error` : ''}`}
            onChange={(e) => (e.target.checked ? void run(true) : setConfirming(true))}
          />{' '}
          Staff may sign in with a Careweave password
        </label>
        <span id={`${id}-hint`} className="field-hint">
          When off, staff sign in only through an active identity provider above. Administrators marked &quot;Keeps password sign-in&quot; on their user page still may, so someone can get in if the
          provider fails. Sessions already open go on until they end.
        </span>
        {refusal && (
          <span id={`${id}-error`} className="field-error" role="alert">
            {refusal}
          </span>
        )}
      </div>
      <p className="division-note fallback-admins">
        {keepers.length ? `Keep password sign-in: ${keepers.join(', ')}.` : 'No active administrator keeps password sign-in: mark one on their user page before turning it off.'}
      </p>
      <ConfirmDialog label="Turn Off Password Sign-In" open={confirming} busy={busy} action="Turn Off" onConfirm={() => void run(false)} onClose={() => setConfirming(false)}>
        Staff will sign in only through {page.activeProviders === 1 ? 'the active identity provider' : 'the active identity providers'}. {keepers.length ? `${keepers.join(', ')} keep${keepers.length === 1 ? 's' : ''} password sign-in.` : ''}
      </ConfirmDialog>
    </div>
  );
}

/** The "Identity Providers" card of the organisation page, with the password sign-in switch. */
export function IdentityProvidersSection() {
  const page = useIdentityProviders();
  return (
    <RegistrationsCard
      title="Identity Providers"
      addLabel="Add Identity Provider"
      intro={
        <p className="division-note">
          Staff sign in with their organisation&apos;s account (OpenID Connect): the sign-in page offers each active provider. A user is matched by the provider&apos;s claim to an existing Careweave user.
        </p>
      }
      page={page}
      rowsOf={(p) => p.providers}
      keyOf={(p) => p.idpUid}
      emptyText="No identity providers yet"
      values={(p) => (
        <p className="division-note redirect-uri">
          Register Careweave at the provider with this redirect address: <code className="ext-link-url">{p.redirectUri}</code>
        </p>
      )}
      row={(p, onEdit) => <ProviderRow provider={p} onEdit={onEdit} />}
      after={(p) => <PasswordSignIn page={p} onChanged={page.reload} />}
      dialog={(props) => <ProviderDialog {...props} />}
    />
  );
}
