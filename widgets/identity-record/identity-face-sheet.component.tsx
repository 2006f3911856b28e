import { formatDate, formatPhone } from '../../shared/format';
import { EmailAddress } from '../kit/email-address';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { Card } from '../face-sheet/face-sheet-cards';
import { useIdentitySummary } from './identity.resource';
import { IdentityRecordStyles } from './identity-record.styles';
import { PrintRecordButton } from './identity-printables';
import type { RecordPatient } from '../patient-record/patient-record.resource';

/**
 * Spec 001 "Patient overview (face sheet)", identity: counts of approved
 * placements, upcoming appointments (not missed, from today on) and current
 * medications (no end and no discontinue date); the primary care provider
 * card (the most recent current one, or 'No PCP on record'); the contact card
 * (the case worker, else the supervisor or chief, of the child's case). In the
 * record (which passes the patient), the patient page's Print PDF.
 */
export function IdentityFaceSheet({ patientId, patient }: { patientId: string; patient?: RecordPatient }) {
  const summary = useIdentitySummary(patientId);
  const s = summary.data;
  const base = `/patients/${encodeURIComponent(patientId)}`;
  return (
    <LoadState isLoading={summary.isLoading} error={summary.error} lines={4}>
      <IdentityRecordStyles />
      {s && patient && <PrintRecordButton patient={patient} />}
      {s && (
        <div className="face-grid">
          <Card title="At a Glance">
            <dl className="face-counts id-counts">
              <div>
                <dt>
                  <NavLink path={`${base}/childrens-services`}>Placements</NavLink>
                </dt>
                <dd>{s.approvedPlacements}</dd>
              </div>
              <div>
                <dt>
                  <NavLink path={`${base}/referrals-appointments`}>Upcoming Appointments</NavLink>
                </dt>
                <dd>{s.upcomingAppointments}</dd>
              </div>
              <div>
                <dt>
                  <NavLink path={`${base}/health-information`}>Current Medications</NavLink>
                </dt>
                <dd>{s.currentMedications}</dd>
              </div>
            </dl>
          </Card>
          <Card title="Primary Care Provider">
            {s.pcp ? (
              <address className="face-address">
                <strong>{s.pcp.providerName}</strong>
                {s.pcp.practiceName && <span>{s.pcp.practiceName}</span>}
                {s.pcp.address && <span>{s.pcp.address}</span>}
                {s.pcp.phone && <span>{formatPhone(s.pcp.phone)}</span>}
                <span className="face-list-meta">
                  {s.pcp.startDate ? `Since ${formatDate(s.pcp.startDate)} · ` : ''}
                  {s.pcp.sourceName}
                </span>
              </address>
            ) : (
              <LoadState isEmpty emptyText="No PCP on record" />
            )}
          </Card>
          <Card title="Contact">
            {s.contact ? (
              <address className="face-address">
                <strong>{s.contact.contactName}</strong>
                <span>
                  {s.contact.contactRole}
                  {s.contact.agencyName ? `, ${s.contact.agencyName}` : ''}
                </span>
                {s.contact.phone && <a href={`tel:${s.contact.phone.replace(/[^\d+]/g, '')}`}>{formatPhone(s.contact.phone)}</a>}
                {s.contact.email && <EmailAddress address={s.contact.email} link />}
              </address>
            ) : (
              <LoadState isEmpty emptyText="No contact on record" />
            )}
          </Card>
        </div>
      )}
    </LoadState>
  );
}
