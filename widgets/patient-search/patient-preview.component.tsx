import { useState } from 'react';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { ApiError } from '../../shared/api/errors';
import { hasIdentityFacts } from '../../shared/custody';
import { formatDate } from '../../shared/format';
import type { PatientSummary } from '../../shared/schemas/patient-search';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { canContinue, displayName, patientAlerts } from './patient-alerts';
import { recordPatientViewed } from './patient-search.resource';
import css from './patient-preview.css?inline';

export interface PatientPreviewProps {
  /** The patient chosen in the quick search; null keeps the dialog closed. */
  patient: PatientSummary | null;
  onClose: () => void;
}

/**
 * The preview modal of spec 000: who the patient is, the access alerts, and
 * Continue (audit "ViewedPatient", then `care-navigate` to the record) only
 * when the patient is in custody and not blocked.
 */
export function PatientPreview({ patient, onClose }: PatientPreviewProps) {
  const client = useWidgetApi();
  const emit = useEmit();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState('');

  const close = () => {
    setError('');
    onClose();
  };

  const onContinue = async () => {
    if (!patient) return;
    setWorking(true);
    setError('');
    try {
      await recordPatientViewed(client, patient.patientUid);
      close();
      emit('care-navigate', { path: `/patients/${encodeURIComponent(patient.patientUid)}` });
    } catch (err) {
      setError(err instanceof ApiError && err.status === 404 ? 'This patient can no longer be opened.' : 'Oops, something went wrong!');
    } finally {
      setWorking(false);
    }
  };

  const alerts = patient ? patientAlerts(patient) : [];
  return (
    <SlDialog
      className="patient-preview"
      label={patient ? displayName(patient) : 'Patient'}
      open={patient !== null}
      // Nested Shoelace parts fire their own sl-after-hide; only the dialog's own closes it.
      onSlAfterHide={(e) => e.target === e.currentTarget && close()}
    >
      <style>{css}</style>
      {patient && (
        <>
          <dl className="patient-facts">
            <dt>Name</dt>
            <dd>{[patient.firstName, patient.access === 'full' ? patient.middleName : null, patient.lastName].filter(Boolean).join(' ')}</dd>
            <dt>Date of Birth</dt>
            <dd>{formatDate(patient.birthDate) || '—'}</dd>
            {patient.access === 'full' && (
              <>
                <dt>Gender</dt>
                <dd>{patient.genderLabel || '—'}</dd>
                {hasIdentityFacts(patient.custody) && (
                  <>
                    <dt>SACWIS Person ID</dt>
                    <dd>{patient.sacwisPersonId || '—'}</dd>
                    <dt>Legal Status</dt>
                    <dd>{patient.agencyLegalStatus || '—'}</dd>
                  </>
                )}
                <dt>Division</dt>
                <dd>{patient.divisionName}</dd>
              </>
            )}
          </dl>
          <div className="patient-alerts">
            {alerts.map((a) => (
              <SlAlert key={a.key} variant={a.variant} open data-alert={a.key}>
                <strong>{a.title}</strong>
                <br />
                {a.message}
              </SlAlert>
            ))}
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
      <div slot="footer" className="dialog-actions">
        <SlButton onClick={close}>Cancel</SlButton>
        {patient && canContinue(patient) && (
          <SlButton variant="primary" loading={working} onClick={() => void onContinue()}>
            Continue
          </SlButton>
        )}
      </div>
    </SlDialog>
  );
}
