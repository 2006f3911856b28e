import { useEffect, type ReactNode } from 'react';
import { useEmit } from '../../shared/widget/emit';
import type { RecordPatient } from '../patient-record/patient-record.resource';
import { IdentityRecordStyles } from './identity-record.styles';

/**
 * Spec 001 section 2: Children's Services, Completed Visits, Reports and
 * Referrals & Appointments are for users who may see the case when it is
 * restricted (section 4: case-linked or restricted view). The server's access
 * guard refuses the same patient's data; this only keeps the route honest.
 */
export const mayOpenRestrictedPages = (patient: Pick<RecordPatient, 'restrictedFlag' | 'userCanSeeRestrictedCase'>) => patient.restrictedFlag !== '1' || patient.userCanSeeRestrictedCase;

/** An identity page: its title and panels; a restricted page the user may not open redirects to the patient page. */
export function IdentityPage({ title, patient, restricted, children }: { title: string; patient: RecordPatient; restricted?: boolean; children: ReactNode }) {
  const emit = useEmit();
  const refused = restricted && !mayOpenRestrictedPages(patient);
  useEffect(() => {
    if (refused) emit('care-navigate', { path: `/patients/${encodeURIComponent(patient.patientUid)}/primary-contacts` });
  }, [refused, emit, patient.patientUid]);
  if (refused) return null;
  return (
    <div className="id-page">
      <IdentityRecordStyles />
      <h2>{title}</h2>
      {children}
    </div>
  );
}
