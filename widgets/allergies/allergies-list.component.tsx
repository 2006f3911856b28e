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
import { fetchAllergiesPage, type AllergyRow } from './allergies.resource';

/** No row means none recorded, not "no known allergies". */
export const ALLERGIES_EMPTY = 'No allergies recorded';

const COLUMNS: Column<AllergyRow>[] = [
  { columnName: 'allergen_label', displayHeader: 'Allergy', filterable: true },
  { columnName: 'allergy_type', displayHeader: 'Kind', filterable: true },
  { columnName: 'comments', displayHeader: 'Comments', filterable: true },
  { columnName: 'created_at', displayHeader: 'Recorded', format: (value) => formatDate(value as string) },
];

/** Spec 001 section 2 `allergies`: the patient's allergies, latest recorded first; a row opens it for editing. */
export function PatientAllergies({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const api = useWidgetApi();
  const emit = useEmit();
  const base = `/patients/${encodeURIComponent(patientId)}/allergies`;
  const fetchPage = useCallback((request: PageRequest) => fetchAllergiesPage(api, patientId, request), [api, patientId]);
  return (
    <SectionPage title="Allergies" action={<AddAction path={`${base}/add`} label="Add Allergy" />}>
      <DataTable
        tableId="patient-allergies"
        columns={COLUMNS}
        fetchPage={fetchPage}
        defaultSort="-created_at"
        emptyText={ALLERGIES_EMPTY}
        minWidth="40rem"
        onRowClick={(row) => emit('care-navigate', { path: `${base}/${row.patient_allergy_uid}` })}
      />
      <Toasts />
    </SectionPage>
  );
}

/** The allergies list on its own (`<care-patient-allergies>`): its own page view of the patient. */
export function PatientAllergiesWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientAllergies patientId={patientId} />
    </PatientPageView>
  );
}
