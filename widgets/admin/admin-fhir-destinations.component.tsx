import { FhirDestinationFormSchema, type FhirDestinationInput, type FhirDestinationView } from '../../shared/schemas/fhir-destinations';
import { Field, SelectField, useCareForm } from '../kit/forms';
import { useFacilities, type FacilityOption } from '../kit/use-facilities';
import { useFhirDestinationActions, useFhirDestinations, type FhirDestinationsPage } from './admin.resource';
import { RegistrationDialog, RegistrationRow, RegistrationsCard, RegistrationValues, type RegistrationDialogProps } from './registrations';

/**
 * Issue 35 section 3, the administrator's side, on Admin → Organization: the
 * facilities whose FHIR server takes Careweave's referrals (the Gravity loop
 * with Careweave as the source; added and edited in a dialog, as the FHIR
 * clients above), and what that server registers for Careweave.
 */

const LABELS: Record<string, string> = {
  facilityUid: 'Facility',
  fhirBase: 'FHIR Base URL',
  clientId: 'Client ID',
  ownerReference: 'Task Owner',
  isActive: "Active: referrals to the facility are sent to its FHIR server, and their Tasks' status read back",
};

const formValues = (d: FhirDestinationView | null): FhirDestinationInput =>
  d
    ? { facilityUid: d.facilityUid, fhirBase: d.fhirBase, clientId: d.clientId, ownerReference: d.ownerReference, isActive: d.isActive }
    : { facilityUid: '', fhirBase: '', clientId: '', ownerReference: '', isActive: true };

interface DestinationDialogProps extends RegistrationDialogProps<FhirDestinationView> {
  /** The facilities the organisation's other destinations have: not offered again. */
  taken: Set<string>;
}

/** The dialog once the facilities it offers are loaded (the destination's own among them, even if no longer offered). */
function FhirDestinationDialog(props: DestinationDialogProps) {
  const facilities = useFacilities(props.row?.facilityUid);
  return facilities.data ? <DestinationForm {...props} facilities={facilities.data} /> : null;
}

function DestinationForm({ row: destination, taken, facilities, onClose, onSaved }: DestinationDialogProps & { facilities: FacilityOption[] }) {
  const { save } = useFhirDestinationActions();
  const form = useCareForm(FhirDestinationFormSchema, { defaultValues: formValues(destination) });
  const choices = facilities.filter((f) => !taken.has(f.facilityUid)).map((f) => ({ value: f.facilityUid, label: f.facilityName }));
  return (
    <RegistrationDialog
      label={destination ? `Edit ${destination.facilityName}` : 'Add FHIR Destination'}
      form={form}
      labels={LABELS}
      formId="admin-fhir-destination"
      save={(values, key) => save(destination?.destinationUid ?? null, values, key)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <SelectField form={form} name="facilityUid" label={LABELS.facilityUid} options={choices} empty="Choose a facility" />
      <Field form={form} name="fhirBase" label={LABELS.fhirBase} type="url" hint="The facility's FHIR R4 server (https://), such as https://fhir.hospital.example.org/r4." />
      <Field form={form} name="clientId" label={LABELS.clientId} autoComplete="off" hint="Given by the facility when its server registered Careweave as a Backend Services client." />
      <Field
        form={form}
        name="ownerReference"
        label={LABELS.ownerReference}
        autoComplete="off"
        hint="Organization/<id>, given by the facility: the Organization on its server that owns the Tasks Careweave sends."
      />
    </RegistrationDialog>
  );
}

function FhirDestinationRow({ destination: d, onEdit }: { destination: FhirDestinationView; onEdit: () => void }) {
  return (
    <RegistrationRow className="fhir-destination" data={['data-destination', d.destinationUid]} name={d.facilityName} isActive={d.isActive} onEdit={onEdit}>
      <code className="ext-link-url">{d.fhirBase}</code>
      <span className="division-note">
        Client ID <code>{d.clientId}</code> · Tasks owned by <code>{d.ownerReference}</code>
      </span>
    </RegistrationRow>
  );
}

/** What the facility's FHIR server registers for Careweave. */
const registerAtDestination = (page: FhirDestinationsPage) => (
  <RegistrationValues
    className="fhir-destination-register"
    intro="The facility's FHIR server registers Careweave as a SMART Backend Services client with these, and gives the client ID and the Organization that owns the Tasks:"
    values={[
      { label: 'JWKS URL', value: page.jwksUrl },
      { label: 'Scopes', value: page.scopes },
    ]}
  />
);

/** The "FHIR Destinations" card of the organisation page. */
export function FhirDestinationsSection() {
  const page = useFhirDestinations();
  const takenBesides = (row: FhirDestinationView | null) => new Set(page.data?.destinations.filter((d) => d.destinationUid !== row?.destinationUid).map((d) => d.facilityUid));
  return (
    <RegistrationsCard
      title="FHIR Destinations"
      addLabel="Add FHIR Destination"
      intro={
        <p className="division-note">
          Hospitals and agencies whose FHIR server takes referrals as Gravity referral Bundles. A referral to such a facility is sent there (never a restricted or adoption case, never its notes), and
          its Task&apos;s status is read back every minute as the referral&apos;s status.
        </p>
      }
      page={page}
      rowsOf={(p) => p.destinations}
      keyOf={(d) => d.destinationUid}
      emptyText="No FHIR destinations yet"
      values={registerAtDestination}
      row={(d, onEdit) => <FhirDestinationRow destination={d} onEdit={onEdit} />}
      dialog={(props) => <FhirDestinationDialog {...props} taken={takenBesides(props.row)} />}
    />
  );
}
