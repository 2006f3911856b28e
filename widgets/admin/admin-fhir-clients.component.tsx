import { FhirClientFormSchema, type FhirClientFormInput, type FhirClientView } from '../../shared/schemas/fhir-clients';
import { CheckboxGroup, Field, useCareForm } from '../kit/forms';
import { useFhirClientActions, useFhirClients, type FhirClientsPage } from './admin.resource';
import { ClientIdNote, CodeList, divisionChoices, RegistrationDialog, RegistrationRow, RegistrationsCard, RegistrationValues, type RegistrationDialogProps } from './registrations';

/**
 * Issue 35 section 2, the administrator's side, on Admin → Organization: the
 * systems that read Careweave over FHIR as SMART Backend Services clients
 * (added and edited in a dialog, as the EHRs above), and the token URL and
 * FHIR base URL they call.
 */

const LABELS: Record<string, string> = {
  name: 'Name',
  jwksUrl: 'JWKS URL',
  jwks: 'JWKS',
  scopes: 'Scopes',
  divisionUids: 'Divisions',
  isActive: 'Active: the client may get tokens (turning it off ends the ones it holds)',
};

/** The form's values: the key source not used empty, the scopes as one text. */
const formValues = (c: FhirClientView | null): FhirClientFormInput =>
  c
    ? { name: c.displayName, jwksUrl: c.jwksUrl ?? '', jwks: c.jwks ?? '', scopes: c.scopes.join(' '), divisionUids: c.divisionUids, isActive: c.isActive }
    : { name: '', jwksUrl: '', jwks: '', scopes: '', divisionUids: [], isActive: true };

function FhirClientDialog({ row: client, divisions, onClose, onSaved }: RegistrationDialogProps<FhirClientView>) {
  const { save } = useFhirClientActions();
  const form = useCareForm(FhirClientFormSchema, { defaultValues: formValues(client) });
  return (
    <RegistrationDialog
      label={client ? `Edit ${client.displayName}` : 'Add FHIR Client'}
      form={form}
      labels={LABELS}
      formId="admin-fhir-client"
      save={(values, key) => save(client?.clientId ?? null, values, key)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Field form={form} name="name" label={LABELS.name} hint="The system, as administrators, the audit log and the patients' activity logs name it." />
      <fieldset className="division-glass fhir-client-keys">
        <legend>Public Keys</legend>
        <p className="field-hint">The keys the client signs its token requests with (RS384 or ES384): the address it publishes its JWKS at, or the JWKS itself. One of the two; never a private key.</p>
        <Field form={form} name="jwksUrl" label={LABELS.jwksUrl} type="url" hint="https://, such as https://ehr.example.org/.well-known/jwks.json. Leave empty to paste the JWKS instead." />
        <Field form={form} name="jwks" label={LABELS.jwks} hint='Paste the JSON the client gives, {"keys": [ … ]}. Leave empty when the JWKS URL is given.'>
          {(control) => <textarea {...control} className="json-field" rows={6} spellCheck={false} autoComplete="off" {...form.register('jwks')} />}
        </Field>
      </fieldset>
      <Field
        form={form}
        name="scopes"
        label={LABELS.scopes}
        autoComplete="off"
        hint="Separated by spaces: system scopes such as system/Patient.rs (read and search patients) or system/Task.cru. A token carries those the client asks for among these."
      />
      <CheckboxGroup form={form} name="divisionUids" label={LABELS.divisionUids} choices={divisionChoices(divisions)} />
    </RegistrationDialog>
  );
}

function FhirClientRow({ client, onEdit }: { client: FhirClientView; onEdit: () => void }) {
  return (
    <RegistrationRow className="fhir-client" data={['data-client', client.clientId]} name={client.displayName} isActive={client.isActive} onEdit={onEdit}>
      <ClientIdNote className="fhir-client-id" clientId={client.clientId} name={client.displayName} />
      <span className="division-note fhir-client-keys">
        {client.jwksUrl ? (
          <>
            Keys at <code className="ext-link-url">{client.jwksUrl}</code>
          </>
        ) : (
          'JWKS stored'
        )}
      </span>
      <CodeList className="fhir-client-scopes" label="Scopes" values={client.scopes} />
      <span className="division-note">Patients in {client.divisionNames.join(', ')}</span>
    </RegistrationRow>
  );
}

/** What a registered system calls, besides its client ID. */
const callAddresses = (page: FhirClientsPage) => (
  <RegistrationValues
    className="fhir-client-register"
    intro="A client gets a token at the token URL (a client assertion signed with its key, its client ID as iss and sub) and calls the FHIR base URL with it:"
    values={[
      { label: 'Token URL', value: page.tokenUrl },
      { label: 'FHIR Base URL', value: page.fhirBase },
    ]}
  />
);

/** The "FHIR Clients" card of the organisation page. */
export function FhirClientsSection() {
  const page = useFhirClients();
  return (
    <RegistrationsCard
      title="FHIR Clients"
      addLabel="Add FHIR Client"
      intro={
        <p className="division-note">
          Outside systems that read Careweave&apos;s records over FHIR R4 as SMART Backend Services clients, with no user signed in. A client sees the patients of its divisions, never a restricted or
          adoption case, and each patient it reads is in the audit log under its name.
        </p>
      }
      page={page}
      rowsOf={(p) => p.clients}
      keyOf={(c) => c.clientId}
      emptyText="No FHIR clients yet"
      values={callAddresses}
      row={(c, onEdit) => <FhirClientRow client={c} onEdit={onEdit} />}
      dialog={(props) => <FhirClientDialog {...props} />}
    />
  );
}
