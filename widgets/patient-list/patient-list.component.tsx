import { useTranslate } from '../../shared/i18n';
import { hasAnyFlag, PATIENT_EDIT_FLAGS } from '../../shared/permissions';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetSession } from '../../shared/widget/widget-context';
import { AddAction } from '../kit/add-action';
import { DataTable, type Column } from '../kit/data-table';
import { LoadState } from '../kit/load-state';
import { Toasts } from '../kit/toasts';
import { IdentitySearch } from '../identity-search/identity-search.component';
import { useFlags } from '../kit/use-flags';
import { usePatientListFetcher, type PatientListRow } from './patient-list.resource';
import { PatientListStyles } from './patient-list.styles';

/** Spec 002 section 8 ("Empty states"): the patient list's empty text. */
export const CLIENTS_EMPTY = 'No Clients';

const COLUMNS: Column<PatientListRow>[] = [
  { columnName: 'last_name', displayHeader: 'Last Name', filterable: true },
  { columnName: 'first_name', displayHeader: 'First Name', filterable: true },
  { columnName: 'birth_date', displayHeader: 'Date of Birth', filterable: true },
  { columnName: 'gender_label', displayHeader: 'Sex', filterable: true },
  { columnName: 'episode_status_label', displayHeader: 'Episode Status', filterable: true },
  { columnName: 'referral_date', displayHeader: 'Referral Date', filterable: true },
  { columnName: 'referral_source_label', displayHeader: 'Referral Source', filterable: true },
];

/** Spec 001 section 2: identity users get a welcome and an explanation, then search with the identity left panel. */
function IdentityWelcome({ displayName }: { displayName: string | null }) {
  return (
    <section className="card patient-list-welcome" aria-labelledby="patient-list-welcome">
      <h2 id="patient-list-welcome">{displayName ? `Welcome, ${displayName}` : 'Welcome'}</h2>
      <p>
        Patients here are the children in your agency's care, matched every night with their records from the child-welfare and health record systems. Their records are
        shown read-only, as the systems last sent them.
      </p>
      <p>Search for a child with the form: any part of the last or first name, the date of birth (MM/DD/YYYY), a medical record number, the hospitals, the PCSA county, the caseworker, the SACWIS person ID or case ID, or the placement provider. Fill in one field or several; each child found is shown as a card.</p>
      <p>Restricted cases and adoption cases are found only by the users allowed to see them.</p>
    </section>
  );
}

function DivisionPatients() {
  const emit = useEmit();
  const tr = useTranslate();
  const fetchPage = usePatientListFetcher();
  return (
    <section className="card" aria-label={tr('Patients of the current division')}>
      {/* No default sort here: the view's own (last name, then first name) applies until a header is clicked. */}
      <DataTable
        tableId="patient-list"
        columns={COLUMNS}
        fetchPage={fetchPage}
        emptyText={CLIENTS_EMPTY}
        minWidth="48rem"
        onRowClick={(row) => emit('care-navigate', { path: `/patients/${encodeURIComponent(row.patient_uid)}` })}
      />
    </section>
  );
}

/**
 * `/patients` (spec 001 section 2): identity users see a welcome, what the
 * patients are and how to search; every other mode the patient list of its
 * current division, a row opening the patient. `query` is the identity
 * search's (its criteria in the address, IdentitySearch).
 */
export function PatientList({ query }: { query?: string }) {
  const flags = useFlags();
  const session = useWidgetSession();
  // Identity is the first of the home modes (shared/modes.ts): any identity user gets the identity page.
  const identity = !!flags?.hasAppIdentity;
  const tr = useTranslate();
  return (
    <div className="patient-list">
      <PatientListStyles />
      <Toasts />
      <div className="card-header">
        <h1>{tr('Patients')}</h1>
        {flags && !identity && hasAnyFlag(flags, PATIENT_EDIT_FLAGS) && (
          <AddAction path="/patients/add" label={tr('Add Patient')} />
        )}
      </div>
      <LoadState isLoading={!flags} lines={6}>
        {identity ? (
          <IdentitySearch key={session?.currentDivisionUid} intro={<IdentityWelcome displayName={session?.displayName ?? null} />} query={query} />
        ) : (
          <DivisionPatients key={session?.currentDivisionUid} />
        )}
      </LoadState>
    </div>
  );
}
