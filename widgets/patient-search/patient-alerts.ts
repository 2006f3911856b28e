import { custodyAllowsOpening } from '../../shared/custody';
import type { PatientSummary } from '../../shared/schemas/patient-search';

export interface PatientAlert {
  key: 'restricted' | 'restricted-case' | 'out-of-custody' | 'legal-status';
  title: string;
  message: string;
  variant: 'danger' | 'warning' | 'neutral';
}

/**
 * Spec 000 "Access alerts in the patient preview". Titles are the spec's
 * texts; the restricted case warning has no title there, so it reads
 * "Restricted Case". Custody and legal status are part of the record and are
 * only known (and only shown) when the caller may see it. The two custody
 * alerts follow the server's reading of the custody facts (shared/custody.ts),
 * so they never contradict the facts shown beside them, and a patient the
 * identity extract knows nothing of gets neither. They exclude each other: a
 * child who has left custody has no legal status because the custody ended,
 * not because it is changing.
 */
export function patientAlerts(patient: PatientSummary): PatientAlert[] {
  const alerts: PatientAlert[] = [];
  if (patient.adoptionRestricted) {
    alerts.push({
      key: 'restricted',
      title: 'Restricted',
      message: 'This record is part of an adoption case. Only users with the healthcare role or permission to view adoption cases can open it.',
      variant: 'danger',
    });
  }
  if (patient.restrictedCaseWarning) {
    alerts.push({
      key: 'restricted-case',
      title: 'Restricted Case',
      message:
        patient.access === 'full'
          ? 'This is a restricted case. You can open it because you are the worker, chief or supervisor on one of its cases.'
          : 'This is a restricted case. Only users with permission to view restricted cases, or its worker, chief or supervisor, can open it.',
      variant: patient.access === 'full' ? 'warning' : 'danger',
    });
  }
  if (patient.access === 'full' && patient.custody === 'out-of-custody') {
    alerts.push({ key: 'out-of-custody', title: 'Out Of Custody', message: 'This patient is no longer in the custody of the agency, so the record cannot be opened from here.', variant: 'warning' });
  }
  if (patient.access === 'full' && patient.custody === 'in-transition') {
    alerts.push({ key: 'legal-status', title: 'Legal Status in Transition', message: 'The agency legal status of this patient is changing and is not known yet.', variant: 'neutral' });
  }
  return alerts;
}

/** Continue shows only when the patient is in custody (or has no custody to leave) and is not blocked. */
export const canContinue = (patient: PatientSummary): boolean => patient.access === 'full' && custodyAllowsOpening(patient.custody);

export const displayName = (p: Pick<PatientSummary, 'firstName' | 'lastName'>) => `${p.lastName}, ${p.firstName}`;
