import { formatDate } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-pages';
import { useAdmissions } from './admissions.resource';

/** Spec 001 section 9. */
export const ADMISSIONS_EMPTY = 'No admissions';

/** Spec 001 section 2 `admissions`: the patient's admissions, newest first; a row opens it for editing. */
export function PatientAdmissions({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const emit = useEmit();
  const admissions = useAdmissions(patientId);
  const base = `/patients/${encodeURIComponent(patientId)}/admissions`;
  const open = (id: string) => emit('care-navigate', { path: `${base}/${id}` });
  const rows = admissions.data ?? [];
  return (
    <SectionPage title="Admissions" action={<NavLink path={`${base}/add`}>Add Admission</NavLink>}>
      <LoadState isLoading={admissions.isLoading} error={admissions.error} isEmpty={rows.length === 0} emptyText={ADMISSIONS_EMPTY} lines={3}>
        <div className="data-table">
          <table style={{ minWidth: '36rem' }}>
            <thead>
              <tr>
                <th scope="col">Admitted</th>
                <th scope="col">Discharged</th>
                <th scope="col">Status</th>
                <th scope="col">Facility</th>
                <th scope="col">Comments</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <tr key={a.admissionUid} className="clickable" tabIndex={0} onClick={() => open(a.admissionUid)} onKeyDown={(e) => e.key === 'Enter' && open(a.admissionUid)}>
                  <td>{formatDate(a.eventDate)}</td>
                  <td>{formatDate(a.dischargeDate)}</td>
                  <td>{a.statusLabel}</td>
                  <td>{a.facilityName}</td>
                  <td>{a.comments}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}

/** The admissions list on its own (`<care-patient-admissions>`): its own page view of the patient. */
export function PatientAdmissionsWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientAdmissions patientId={patientId} />
    </PatientPageView>
  );
}
