import type { RecordPageProps } from '../patient-record/record-page-props';
import { IdentityPage } from './identity-page';
import { IdentityPanel, SOURCE_COLUMN } from './identity-panel';

/** Spec 001 Reports: the panel of hospital child abuse and neglect notes. */
export function IdentityReports({ patientId, patient }: RecordPageProps) {
  return (
    <IdentityPage title="Reports" patient={patient} restricted>
      <IdentityPanel
        title="Hospital Child Abuse and Neglect Notes"
        view="hospital-note"
        patientId={patientId}
        dateColumn="note_date"
        columns={[
          { key: 'note_date', label: 'Date' },
          { key: 'note_type', label: 'Type' },
          { key: 'author', label: 'Author' },
          { key: 'note_text', label: 'Note', format: (r) => <span className="id-note">{String(r.note_text ?? '')}</span> },
          SOURCE_COLUMN,
        ]}
      />
    </IdentityPage>
  );
}
