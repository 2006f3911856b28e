import { lazy, Suspense } from 'react';
import { homeMode } from '../../shared/modes';
import { allowedEventTypes } from '../../shared/schemas/calendar';
import { hasAnyFlag, CARE_FLAGS, WORK_LIST_FLAGS, type Flags } from '../../shared/permissions';
import { LoadState } from '../kit/load-state';
import { useFlags } from '../kit/use-flags';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { AddressCard, AdmissionsCard, CitSummaryCards, EventCards, NotesCard, RemindersCard } from './face-sheet-cards';
import { useCitSummary, usePatientList, usePrimaryAddress, type Admission, type PatientEvent, type PatientNote, type PatientReminder } from './face-sheet.resource';
import { FaceSheetStyles } from './face-sheet.styles';

/** Identity users' face sheet: its own chunk, loaded only for them. */
const IdentityFaceSheet = lazy(() => import('../identity-record/identity-face-sheet.component').then((m) => ({ default: m.IdentityFaceSheet })));

/** Navigator, community, sponsor, health-and-wellness: events, admissions, notes, reminders. */
function CareFaceSheet({ patientId, flags }: { patientId: string; flags: Partial<Flags> }) {
  const showEvents = allowedEventTypes(flags).length > 0;
  const showReminders = hasAnyFlag(flags, WORK_LIST_FLAGS);
  const events = usePatientList<PatientEvent>(patientId, showEvents ? 'medical-events' : null);
  const admissions = usePatientList<Admission>(patientId, flags.admission ? 'admissions' : null);
  const notes = usePatientList<PatientNote>(patientId, 'notes');
  const reminders = usePatientList<PatientReminder>(patientId, showReminders ? 'reminders' : null);
  return (
    <div className="face-grid">
      {showEvents && <EventCards patientId={patientId} events={events} />}
      {flags.admission && <AdmissionsCard patientId={patientId} admissions={admissions} />}
      <NotesCard patientId={patientId} notes={notes} canAdd={hasAnyFlag(flags, CARE_FLAGS)} />
      {showReminders && <RemindersCard patientId={patientId} reminders={reminders} />}
    </div>
  );
}

function CitFaceSheet({ patientId }: { patientId: string }) {
  const address = usePrimaryAddress(patientId);
  const summary = useCitSummary(patientId);
  return (
    <div className="face-grid">
      <AddressCard address={address} />
      <CitSummaryCards patientId={patientId} summary={summary} />
    </div>
  );
}

/**
 * Spec 001 "Patient overview (face sheet)", by the caller's mode: identity
 * users the identity sheet, CIT staff the CIT summary, everyone else the care cards. Reminders stay hidden in
 * CIT mode.
 */
export function FaceSheet({ patientId, patient }: Pick<RecordPageProps, 'patientId'> & Partial<Pick<RecordPageProps, 'patient'>>) {
  const flags = useFlags();
  return (
    <div className="face-sheet">
      <FaceSheetStyles />
      <h2>Face Sheet</h2>
      <LoadState isLoading={!flags} error={null} lines={4}>
        {flags &&
          (homeMode(flags) === 'identity' ? (
            <Suspense fallback={<LoadState isLoading lines={4} />}>
              <IdentityFaceSheet patientId={patientId} patient={patient} />
            </Suspense>
          ) : homeMode(flags) === 'cit' ? (
            <CitFaceSheet patientId={patientId} />
          ) : (
            <CareFaceSheet patientId={patientId} flags={flags} />
          ))}
      </LoadState>
    </div>
  );
}

/** The face sheet on its own (`<care-face-sheet>`): its own page view of the patient. */
export function FaceSheetWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <FaceSheet patientId={patientId} />
    </PatientPageView>
  );
}
