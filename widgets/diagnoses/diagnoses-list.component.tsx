import { formatDate } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useDiagnoses } from './diagnoses.resource';
import { DiagnosesStyles } from './diagnoses.styles';

export const DIAGNOSES_EMPTY = 'No Diagnoses';

/**
 * Spec 001 section 2 `diagnoses`: the patient's diagnoses, primary ones bold
 * and first (section 4, the server's order); a row opens its details.
 */
export function PatientDiagnoses({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const emit = useEmit();
  const diagnoses = useDiagnoses(patientId);
  const base = `/patients/${encodeURIComponent(patientId)}/diagnoses`;
  const open = (id: string) => emit('care-navigate', { path: `${base}/${encodeURIComponent(id)}/details` });
  const rows = diagnoses.data ?? [];
  return (
    <SectionPage title="Diagnoses" action={<AddAction path={`${base}/add`} label="Add Diagnosis" />}>
      <DiagnosesStyles />
      <LoadState isLoading={diagnoses.isLoading} error={diagnoses.error} isEmpty={rows.length === 0} emptyText={DIAGNOSES_EMPTY} lines={3}>
        <div className="data-table diagnoses-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Diagnosis</th>
                <th scope="col">Region</th>
                <th scope="col">Status</th>
                <th scope="col">Onset Date</th>
                <th scope="col">Provider</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr
                  key={d.id}
                  className={d.isPrimaryDiagnosis ? 'clickable diagnosis-primary' : 'clickable'}
                  tabIndex={0}
                  onClick={() => open(d.id)}
                  onKeyDown={(e) => e.key === 'Enter' && open(d.id)}
                >
                  <td data-label="Diagnosis">
                    {d.diagnosis.diagnosisLabel}
                    {d.isPrimaryDiagnosis && <span className="visually-hidden"> (primary diagnosis)</span>}
                  </td>
                  <td data-label="Region">{d.region?.regionLabel}</td>
                  <td data-label="Status">{d.status.statusLabel}</td>
                  <td data-label="Onset Date">{formatDate(d.onsetDate)}</td>
                  <td data-label="Provider">{d.provider.displayName}</td>
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

/** The diagnoses list on its own (`<care-patient-diagnoses>`): its own page view of the patient. */
export function PatientDiagnosesWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientDiagnoses patientId={patientId} />
    </PatientPageView>
  );
}
