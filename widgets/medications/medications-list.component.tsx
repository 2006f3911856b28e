import { useCallback } from 'react';
import { formatDate } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { DataTable, type Column, type PageRequest } from '../kit/data-table';
import { AddAction } from '../kit/add-action';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { fetchMedicationsPage, type MedicationRow } from './medications.resource';

export const MEDICATIONS_EMPTY = 'No medications recorded';

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

const COLUMNS: Column<MedicationRow>[] = [
  {
    columnName: 'medication_label',
    displayHeader: 'Medication',
    filterable: true,
    format: (value, row) => (row.is_primary ? <strong title="Primary medication">{value as string} (Primary)</strong> : (value as string)),
  },
  { columnName: 'dosage', displayHeader: 'Dosage', filterable: true },
  { columnName: 'frequency', displayHeader: 'Frequency', filterable: true },
  { columnName: 'medication_route_labels', displayHeader: 'Routes', format: (value) => (value as string[]).join(', ') },
  { columnName: 'started_date', displayHeader: 'Started', format: (value) => formatDate(value as string | null) },
  { columnName: 'finished_date', displayHeader: 'Finished', format: (value) => formatDate(value as string | null) },
  { columnName: 'is_still_taking', displayHeader: 'Still Taking', format: yesNo },
  { columnName: 'is_prescription', displayHeader: 'Prescription', format: yesNo },
];

/** Spec 001 section 2 `medications`: the patient's medications, primary first, then the latest started; a row opens it for editing. */
export function PatientMedications({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const api = useWidgetApi();
  const emit = useEmit();
  const base = `/patients/${encodeURIComponent(patientId)}/medications`;
  const fetchPage = useCallback((request: PageRequest) => fetchMedicationsPage(api, patientId, request), [api, patientId]);
  return (
    <SectionPage title="Medications" action={<AddAction path={`${base}/add`} label="Add Medication" />}>
      <DataTable
        tableId="patient-medications"
        columns={COLUMNS}
        fetchPage={fetchPage}
        emptyText={MEDICATIONS_EMPTY}
        minWidth="52rem"
        onRowClick={(row) => emit('care-navigate', { path: `${base}/${row.patient_medication_uid}` })}
      />
      <Toasts />
    </SectionPage>
  );
}

/** The medications list on its own (`<care-patient-medications>`): its own page view of the patient. */
export function PatientMedicationsWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientMedications patientId={patientId} />
    </PatientPageView>
  );
}
