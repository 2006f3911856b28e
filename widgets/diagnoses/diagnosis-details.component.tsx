import { formatDate } from '../../shared/format';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useDiagnosis } from './diagnoses.resource';
import { DiagnosesStyles } from './diagnoses.styles';
import { LABELS } from './diagnosis-form.component';

/** Spec 001 section 2 `diagnoses/{id}/details`: one diagnosis, read-only, with a link to edit it. */
export function DiagnosisDetails({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const diagnosis = useDiagnosis(params.diagnosisId);
  const list = `/patients/${encodeURIComponent(patientId)}/diagnoses`;
  const d = diagnosis.data;
  return (
    <SectionPage title="Diagnosis Details" action={<NavLink path={list}>Back to Diagnoses</NavLink>}>
      <DiagnosesStyles />
      <section className="card">
        <LoadState isLoading={diagnosis.isLoading} error={diagnosis.error} lines={5}>
          {d && (
            <>
              <dl className="section-facts">
                <dt>{LABELS.diagnosisUid}</dt>
                <dd>{d.diagnosis.diagnosisLabel}</dd>
                <dt>{LABELS.regionUid}</dt>
                <dd>{d.region?.regionLabel ?? '—'}</dd>
                <dt>{LABELS.statusUid}</dt>
                <dd>{d.status.statusLabel}</dd>
                <dt>{LABELS.providerUid}</dt>
                <dd>{d.provider.displayName}</dd>
                <dt>{LABELS.onsetDate}</dt>
                <dd>{formatDate(d.onsetDate) || '—'}</dd>
                <dt>{LABELS.isPrimaryDiagnosis}</dt>
                <dd>{d.isPrimaryDiagnosis ? 'Yes' : 'No'}</dd>
                <dt>{LABELS.note}</dt>
                <dd className="diagnosis-note">{d.note || '—'}</dd>
              </dl>
              <p>
                <NavLink path={`${list}/${encodeURIComponent(d.id)}/edit`}>Edit Diagnosis</NavLink>
              </p>
            </>
          )}
        </LoadState>
      </section>
      <Toasts />
    </SectionPage>
  );
}
