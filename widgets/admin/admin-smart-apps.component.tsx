import { MAX_REDIRECT_URIS, SmartAppFormSchema, type SmartAppFormInput, type SmartAppView } from '../../shared/schemas/smart-apps';
import { Field, useCareForm } from '../kit/forms';
import { useSmartAppActions, useSmartApps, type SmartAppsPage } from './admin.resource';
import { ClientIdNote, CodeList, RegistrationDialog, RegistrationRow, RegistrationsCard, RegistrationValues, type RegistrationDialogProps } from './registrations';

/**
 * Issue 35 section 2, the administrator's side, on Admin → Organization: the
 * user-facing SMART apps that sign Careweave users in (added and edited in a
 * dialog, as the FHIR clients above), and the addresses their developers
 * configure.
 */

const LABELS: Record<string, string> = {
  name: 'Name',
  redirectUris: 'Redirect URIs',
  scopes: 'Scopes',
  isActive: 'Active: users may sign in to the app (turning it off ends what they granted it at once)',
};

/** The form's values: an address a line, as the dialog's textarea shows them. */
const formValues = (a: SmartAppView | null): SmartAppFormInput =>
  a ? { name: a.name, redirectUris: a.redirectUris.join('\n'), scopes: a.scopes.join(' '), isActive: a.isActive } : { name: '', redirectUris: '', scopes: '', isActive: true };

function SmartAppDialog({ row: app, onClose, onSaved }: RegistrationDialogProps<SmartAppView>) {
  const { save } = useSmartAppActions();
  const form = useCareForm(SmartAppFormSchema, { defaultValues: formValues(app) });
  return (
    <RegistrationDialog
      label={app ? `Edit ${app.name}` : 'Add SMART App'}
      form={form}
      labels={LABELS}
      formId="admin-smart-app"
      save={(values, key) => save(app?.clientId ?? null, values, key)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Field form={form} name="name" label={LABELS.name} hint="The app, as its users see it when they allow it, and as the audit log names it." />
      <Field
        form={form}
        name="redirectUris"
        label={LABELS.redirectUris}
        hint={`One a line, at most ${MAX_REDIRECT_URIS}: where the app receives its users after they sign in, exactly as the app sends it (https://, or http:// for an app on this machine; no #fragment).`}
      >
        {(control) => <textarea {...control} className="json-field" rows={3} spellCheck={false} autoComplete="off" {...form.register('redirectUris')} />}
      </Field>
      <Field
        form={form}
        name="scopes"
        label={LABELS.scopes}
        hint="Separated by spaces or lines: patient or user scopes that read, such as patient/*.rs (the patient the user chooses) or user/Condition.rs (what the user may read). The app is granted those it asks for among these."
      >
        {(control) => <textarea {...control} className="json-field" rows={2} spellCheck={false} autoComplete="off" {...form.register('scopes')} />}
      </Field>
    </RegistrationDialog>
  );
}

function SmartAppRow({ app, onEdit }: { app: SmartAppView; onEdit: () => void }) {
  return (
    <RegistrationRow className="smart-app" data={['data-app', app.clientId]} name={app.name} isActive={app.isActive} onEdit={onEdit}>
      <ClientIdNote className="smart-app-id" clientId={app.clientId} name={app.name} />
      <CodeList className="smart-app-redirects" label="Redirect URIs" values={app.redirectUris} />
      <CodeList className="smart-app-scopes" label="Scopes" values={app.scopes} />
    </RegistrationRow>
  );
}

/** What an app's developer configures, besides its client ID. */
const configureAddresses = (page: SmartAppsPage) => (
  <RegistrationValues
    className="smart-app-register"
    intro="An app is configured with its client ID (on its row once added) and the FHIR base URL as its iss; it is a public client, with no secret, that signs users in with PKCE at these addresses:"
    values={[
      { label: 'FHIR Base URL', value: page.fhirBase },
      { label: 'Authorize URL', value: page.authorizeUrl },
      { label: 'Token URL', value: page.tokenUrl },
    ]}
  />
);

/** The "SMART Apps" card of the organisation page. */
export function SmartAppsSection() {
  const page = useSmartApps();
  return (
    <RegistrationsCard
      title="SMART Apps"
      addLabel="Add SMART App"
      intro={
        <p className="division-note">
          Apps that Careweave users sign in to with their Careweave account (SMART App Launch, standalone). A user allows an app to read one patient they choose, or what they themselves may read,
          within the scopes registered here; each read is as that user, and turning an app off ends what users granted it at once.
        </p>
      }
      page={page}
      rowsOf={(p) => p.apps}
      keyOf={(a) => a.clientId}
      emptyText="No SMART apps yet"
      values={configureAddresses}
      row={(a, onEdit) => <SmartAppRow app={a} onEdit={onEdit} />}
      dialog={(props) => <SmartAppDialog {...props} />}
    />
  );
}
