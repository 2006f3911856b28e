import { useCallback } from 'react';
import { formatDate, personName } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { DataTable, type Column, type PageRequest } from '../kit/data-table';
import { AddAction } from '../kit/add-action';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { fetchDocumentsPage, type DocumentRow } from './documents.resource';

export const DOCUMENTS_EMPTY = 'No Documents';

const COLUMNS: Column<DocumentRow>[] = [
  { columnName: 'attachment_title', displayHeader: 'Title', filterable: true },
  { columnName: 'doc_type', displayHeader: 'Type' },
  { columnName: 'attachment_description', displayHeader: 'Description', filterable: true },
  { columnName: 'created_date', displayHeader: 'Added', format: (value) => formatDate(value as string) },
  { columnName: 'author_last_name', displayHeader: 'Added By', format: (_, row) => personName(row.author_first_name, row.author_last_name) },
];

/** Spec 001 section 2 `docs`: the patient's documents, newest first; a row opens the document. */
export function PatientDocuments({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const api = useWidgetApi();
  const emit = useEmit();
  const base = `/patients/${encodeURIComponent(patientId)}/docs`;
  const fetchPage = useCallback((request: PageRequest) => fetchDocumentsPage(api, patientId, request), [api, patientId]);
  return (
    <SectionPage title="Documents" action={<AddAction path={`${base}/add`} label="Add Document" />}>
      <DataTable
        tableId="patient-documents"
        columns={COLUMNS}
        fetchPage={fetchPage}
        defaultSort="-created_date"
        emptyText={DOCUMENTS_EMPTY}
        minWidth="40rem"
        onRowClick={(row) => emit('care-navigate', { path: `${base}/${row.attachment_uid}` })}
      />
      <Toasts />
    </SectionPage>
  );
}

/** The documents list on its own (`<care-patient-documents>`): its own page view of the patient. */
export function PatientDocumentsWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientDocuments patientId={patientId} />
    </PatientPageView>
  );
}
