import { useCallback } from 'react';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { DataTable, type Column, type PageRequest } from '../kit/data-table';
import { Toasts } from '../kit/toasts';
import { AddAction } from '../kit/add-action';
import { SectionPage } from '../kit/section-page';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { NOTES_EMPTY } from '../../shared/constants';
import { formatDate, personName } from '../../shared/format';
import { sessionLength } from './session-length';
import { fetchNotesPage, type NoteRow } from './notes.resource';
import { NotesStyles } from './notes.styles';

const COLUMNS: Column<NoteRow>[] = [
  { columnName: 'created_date', displayHeader: 'Date', format: (value) => formatDate(value as string) },
  { columnName: 'author_last_name', displayHeader: 'Author', filterable: true, format: (_, row) => personName(row.author_first_name, row.author_last_name) },
  { columnName: 'session_duration_minutes', displayHeader: 'Session', format: (value) => sessionLength(value as number | null) },
  { columnName: 'note', displayHeader: 'Note', filterable: true, primary: true, format: (value) => <span className="note-preview">{value as string}</span> },
];

/** Spec 001 section 2 `notes`: the patient's active notes, newest first; a row opens the note. */
export function PatientNotes({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const api = useWidgetApi();
  const emit = useEmit();
  const base = `/patients/${encodeURIComponent(patientId)}/notes`;
  const fetchPage = useCallback((request: PageRequest) => fetchNotesPage(api, patientId, request), [api, patientId]);
  return (
    <SectionPage title="Notes" action={<AddAction path={`${base}/add`} label="Add Note" />}>
      <NotesStyles />
      <DataTable
        tableId="patient-notes"
        columns={COLUMNS}
        fetchPage={fetchPage}
        defaultSort="-created_date"
        emptyText={NOTES_EMPTY}
        minWidth="40rem"
        onRowClick={(row) => emit('care-navigate', { path: `${base}/${row.note_uid}/details` })}
      />
      <Toasts />
    </SectionPage>
  );
}

/** The notes list on its own (`<care-patient-notes>`): its own page view of the patient. */
export function PatientNotesWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientNotes patientId={patientId} />
    </PatientPageView>
  );
}
