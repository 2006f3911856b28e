import type { RecordPageProps } from '../patient-record/record-page-props';
import { IdentityPage } from './identity-page';
import { IdentityPanel, SOURCE_COLUMN, type PanelColumn } from './identity-panel';
import type { PanelRow } from './identity.resource';

const VISIT: PanelColumn[] = [
  { key: 'visit_date', label: 'Date' },
  { key: 'provider_name', label: 'Provider' },
  { key: 'department', label: 'Department' },
  { key: 'reason', label: 'Reason' },
  SOURCE_COLUMN,
];

/** Spec 001 section 9: therapy types and outpatient visit types. */
const THERAPY_TYPES = ['Physical', 'Occupation', 'Speech'];
const OUTPATIENT_TYPES = ['OP', 'WCC'];

/**
 * Spec 001 Completed Visits: foster care clinic visits, outpatient visits,
 * PT/OT/speech visits, emergency department and urgent care,
 * hospitalizations, surgeries; each with the date filter.
 */
export function CompletedVisits({ patientId, patient }: RecordPageProps) {
  const visits = (title: string, query: Record<string, string | string[]>, columns: PanelColumn[] = VISIT) => (
    <IdentityPanel title={title} view="visit" patientId={patientId} query={query} dateColumn="visit_date" columns={columns} />
  );
  return (
    <IdentityPage title="Completed Visits" patient={patient} restricted>
      <div className="id-panels">
        {visits('Foster Care Clinic Visits', { visitKind: 'Foster Care Clinic' })}
        {visits('Outpatient Visits', { visitKind: 'Outpatient', visitType: OUTPATIENT_TYPES }, [VISIT[0], { key: 'visit_type', label: 'Type' }, ...VISIT.slice(1)])}
        {visits('PT/OT/Speech Visits', { visitKind: 'Therapy', visitType: THERAPY_TYPES }, [VISIT[0], { key: 'visit_type', label: 'Therapy' }, VISIT[1], SOURCE_COLUMN])}
        {visits('Emergency Department and Urgent Care', { visitKind: 'Emergency' }, [
          VISIT[0],
          { key: 'visit_type', label: 'Type' },
          { key: 'reason', label: 'Reason' },
          { key: 'notes', label: 'Notes', format: (r: PanelRow) => <span className="id-note">{String(r.notes ?? '')}</span> },
          SOURCE_COLUMN,
        ])}
        <IdentityPanel
          title="Hospitalizations"
          view="hospitalization"
          patientId={patientId}
          dateColumn="admit_time"
          columns={[
            { key: 'admit_time', label: 'Admitted' },
            { key: 'discharge_date', label: 'Discharged' },
            { key: 'chief_complaint', label: 'Chief Complaint' },
            { key: 'location', label: 'Location' },
            SOURCE_COLUMN,
          ]}
        />
        <IdentityPanel
          title="Surgeries"
          view="surgery"
          patientId={patientId}
          dateColumn="surgery_date"
          columns={[{ key: 'surgery_date', label: 'Date' }, { key: 'procedure_name', label: 'Procedure' }, { key: 'surgeon', label: 'Surgeon' }, SOURCE_COLUMN]}
        />
      </div>
    </IdentityPage>
  );
}
