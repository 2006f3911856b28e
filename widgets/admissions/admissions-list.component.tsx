import { formatDate } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { RowsTable, type RowsColumn } from '../kit/rows-table';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useAdmissions, type Admission } from './admissions.resource';

/** Spec 001 section 9. */
export const ADMISSIONS_EMPTY = 'No admissions';

const COLUMNS: RowsColumn<Admission>[] = [
  { header: 'Admitted', cell: (a) => formatDate(a.eventDate) },
  { header: 'Discharged', cell: (a) => formatDate(a.dischargeDate) },
  { header: 'Status', cell: (a) => a.statusLabel },
  { header: 'Facility', cell: (a) => a.facilityName },
  { header: 'Comments', cell: (a) => a.comments },
];

/** Spec 001 section 2 `admissions`: the patient's admissions, newest first; a row opens it for editing. */
export function PatientAdmissions({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const emit = useEmit();
  const admissions = useAdmissions(patientId);
  const base = `/patients/${encodeURIComponent(patientId)}/admissions`;
  const open = (id: string) => emit('care-navigate', { path: `${base}/${id}` });
  const rows = admissions.data ?? [];
  return (
    <SectionPage title="Admissions" action={<AddAction path={`${base}/add`} label="Add Admission" />}>
      <LoadState isLoading={admissions.isLoading} error={admissions.error} isEmpty={rows.length === 0} emptyText={ADMISSIONS_EMPTY} lines={3}>
        <RowsTable rows={rows} columns={COLUMNS} rowKey={(a) => a.admissionUid} open={(a) => open(a.admissionUid)} minWidth="36rem" />
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
