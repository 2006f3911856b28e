import SlDropdown from '@shoelace-style/shoelace/dist/react/dropdown/index.js';
import { formatDate } from '../../shared/format';
import { adaptiveAge, groupMatches, shownMiddleName, type IdentityPatientSummary } from '../../shared/schemas/identity-search';
import { useAvatarSrc } from '../kit/avatar';

export interface PatientSummaryCardProps {
  patient: IdentityPatientSummary;
  /** Full identity view: SACWIS case ids and the provider id are shown. */
  full: boolean;
  /** Today as YYYY-MM-DD, for the adaptive age. */
  today: string;
  onOpen: (patient: IdentityPatientSummary) => void;
}

/** Spec 002 "Patient summary card": '{last}, {first} ( {SACWIS person id} ) - Identity / Navigator'. */
export const cardTitle = (p: Pick<IdentityPatientSummary, 'lastName' | 'firstName' | 'sacwisPersonId'>) =>
  `${p.lastName}, ${p.firstName} ( ${p.sacwisPersonId ?? ''} ) - Identity / Navigator`;

function Avatar({ patient }: { patient: IdentityPatientSummary }) {
  const src = useAvatarSrc(patient.personImage);
  const initials = `${patient.firstName[0] ?? ''}${patient.lastName[0] ?? ''}`.toUpperCase();
  return (
    <span className="summary-avatar" aria-hidden="true">
      {src ? <img src={src} alt="" width={66} height={66} /> : initials}
    </span>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="summary-fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * One search result (spec 002 "Patient summary card" and "Match status"):
 * the child's names (middle name unless 'NaN', preferred names in quotes),
 * birth date with adaptive age and gender, flags as pills whose popover says
 * what the flag means and 'via {source} / {county}', the custody facts, the
 * matched MRNs by source ('No matched MRNs'; 'Another MRN is under review'
 * in red), and with the full view the case ids and provider id. The title
 * opens the patient (the caller's preview or under-review modal).
 */
export function PatientSummaryCard({ patient, full, today, onOpen }: PatientSummaryCardProps) {
  const middle = shownMiddleName(patient.middleName);
  const { groups, anyUnderReview } = groupMatches(patient.matchResults.matches);
  const shownGroups = groups.filter((g) => g.mrns.length);
  const caseIds = [...new Set((patient.sourceCases ?? []).map((c) => c.caseId))];
  const age = adaptiveAge(patient.birthDate, today);
  return (
    <article className="summary-card" data-patient={patient.patientUid}>
      <Avatar patient={patient} />
      <div className="summary-body">
        <h3 className="summary-title">
          <button type="button" className="link-button" onClick={() => onOpen(patient)}>
            {cardTitle(patient)}
          </button>
        </h3>
        <p className="summary-name">
          <span className="summary-full-name">{[patient.firstName, middle, patient.lastName].filter(Boolean).join(' ')}</span>
          {patient.preferredNames.length > 0 && <span className="summary-preferred"> {patient.preferredNames.map((n) => `“${n.preferredname}”`).join(', ')}</span>}
        </p>
        <p className="summary-born">
          {patient.birthDate ? `${formatDate(patient.birthDate)}${age ? ` (${age})` : ''}` : 'Date of birth not known'}
          {patient.gender && <span> · {patient.gender}</span>}
        </p>
        {patient.patientFlags.length > 0 && (
          <ul className="summary-flags" aria-label="Patient flags">
            {patient.patientFlags.map((flag) => (
              <li key={flag.id}>
                <SlDropdown hoist distance={4} className="flag-popover">
                  <button type="button" slot="trigger" className="flag-pill" aria-haspopup="dialog">
                    {flag.patientflag}
                  </button>
                  <div className="flag-panel" role="dialog" aria-label={flag.patientflag}>
                    <strong>{flag.patientflag}</strong>
                    {flag.flaginfo && <p>{flag.flaginfo}</p>}
                    <p className="flag-via">
                      via {flag.sourceDescription} / {flag.county}
                    </p>
                  </div>
                </SlDropdown>
              </li>
            ))}
          </ul>
        )}
        <dl className="summary-facts">
          <Fact term="PCSA County">{patient.agencyCounty || '—'}</Fact>
          <Fact term="Legal Status">{patient.csChildLegalStatusLegal || '—'}</Fact>
          <Fact term="Placement Type">{patient.placementType || '—'}</Fact>
          <Fact term="Placement">{patient.providerName || '—'}</Fact>
          <Fact term="Medical Record #">
            {shownGroups.length === 0 ? (
              <span className="summary-no-mrn">No matched MRNs</span>
            ) : (
              <ul className="summary-mrns">
                {shownGroups.map((g) => (
                  <li key={g.source}>
                    <span className="mrn-source">{g.source}:</span> {g.mrns.join(', ')}
                  </li>
                ))}
              </ul>
            )}
            {anyUnderReview && <span className="summary-under-review">Another MRN is under review</span>}
          </Fact>
          <Fact term="SACWIS Person ID">{patient.sacwisPersonId || '—'}</Fact>
          {full && patient.sourceCases && <Fact term="SACWIS Case ID">{caseIds.join(', ') || '—'}</Fact>}
          {full && patient.providerId !== undefined && <Fact term="Provider ID">{patient.providerId || '—'}</Fact>}
        </dl>
      </div>
    </article>
  );
}
