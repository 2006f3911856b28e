import { lazy, Suspense, useState } from 'react';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { ApiError } from '../../shared/api/errors';
import { hasIdentityFacts } from '../../shared/custody';
import { formatDate } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import type { PatientSummary } from '../../shared/schemas/patient-search';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useFlags } from '../kit/use-flags';
import { canContinue, displayName, patientAlerts } from './patient-alerts';
import { recordPatientViewed } from './patient-search.resource';
import css from './patient-preview.css?inline';
import { EMERGENCY_ACCESS } from '../break-glass/emergency-access-label';
import { whenClosed } from '../kit/dialog-closed';

// Only users with emergency access ever open it: not part of the quick search's load.
const BreakGlassDialog = lazy(() => import('../break-glass/break-glass-dialog').then((m) => ({ default: m.BreakGlassDialog })));

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
  const tr = useTranslate();
  const flags = useFlags();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState('');
  // The record emergency access is being asked for: the preview closes and this dialog takes its place.
  const [glassTarget, setGlassTarget] = useState<{ uid: string; name: string } | null>(null);

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
      setError(err instanceof ApiError && err.status === 404 ? tr('This patient can no longer be opened.') : 'Oops, something went wrong!');
    } finally {
      setWorking(false);
    }
  };

  const alerts = patient ? patientAlerts(patient) : [];
  // Issue 38: a record the caller may not open, offered to a user with emergency access; nothing more is shown before.
  const offerGlass = !!patient && patient.access === 'restricted' && !!flags?.breakGlass;
  const askForGlass = () => {
    if (!patient) return;
    setGlassTarget({ uid: patient.patientUid, name: displayName(patient) });
    close();
  };
  const openGlassRecord = () => {
    if (!glassTarget) return;
    setGlassTarget(null);
    emit('care-navigate', { path: `/patients/${encodeURIComponent(glassTarget.uid)}` });
  };
  const preview = (
    <SlDialog
      className="patient-preview"
      label={patient ? displayName(patient) : tr('Patient')}
      open={patient !== null}
      // Nested Shoelace parts fire their own sl-after-hide; only the dialog's own closes it.
      onSlAfterHide={whenClosed(close)}
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
                {tr(a.message)}
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
        {offerGlass && (
          <SlButton variant="danger" outline onClick={askForGlass}>
            {EMERGENCY_ACCESS}
          </SlButton>
        )}
        {patient && canContinue(patient) && (
          <SlButton variant="primary" loading={working} onClick={() => void onContinue()}>
            Continue
          </SlButton>
        )}
      </div>
    </SlDialog>
  );
  return (
    <>
      {preview}
      {glassTarget && (
        <Suspense fallback={null}>
          <BreakGlassDialog patientUid={glassTarget.uid} patientName={glassTarget.name} onClose={() => setGlassTarget(null)} onOpened={openGlassRecord} />
        </Suspense>
      )}
    </>
  );
}
