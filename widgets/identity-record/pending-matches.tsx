import { useState } from 'react';
import { formatDate } from '../../shared/format';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { toast } from '../kit/toasts';
import { decideMatch, useIdentityMatches } from './identity.resource';

const NEED_TO_BE_APPROVED = 2;
const SACWIS = 'SACWIS';

/**
 * Issue 11 section 4: a fuzzy match waiting on this patient (NeedToBeApproved)
 * is approved or rejected here, on the patient page; until then its data
 * stays off the record.
 */
export function PendingMatches({ patientId, onDecided }: { patientId: string; onDecided: () => void }) {
  const api = useWidgetApi();
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const matches = useIdentityMatches(patientId, round);
  const waiting = (matches.data?.matches ?? []).filter((m) => m.sourceName === SACWIS && m.matchStatusId === NEED_TO_BE_APPROVED);
  if (!waiting.length) return null;

  const decide = async (sacwisPersonId: string, decision: 'approve' | 'reject') => {
    setBusy(sacwisPersonId);
    try {
      await decideMatch(api, patientId, sacwisPersonId, decision);
      toast(decision === 'approve' ? 'Match approved' : 'Match rejected', 'success');
      setRound((r) => r + 1);
      onDecided();
    } catch {
      toast('Oops, something went wrong!', 'danger');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="id-pending" aria-label="Matches Waiting for Approval">
      {waiting.map((m) => (
        <div key={m.sacwisPersonId} className="id-pending-row">
          <p>
            <strong>A child-welfare record may be this patient:</strong> {m.firstName} {m.lastName}, born {formatDate(m.birthDate)}, SACWIS person ID {m.sacwisPersonId}
            {m.score !== null ? ` (name similarity ${Math.round(m.score * 100)}%)` : ''}. Its data is shown once the match is approved.
          </p>
          <div className="id-toolbar">
            <button type="button" className="care-button care-button-primary" disabled={busy !== null} onClick={() => void decide(m.sacwisPersonId, 'approve')}>
              Approve Match
            </button>
            <button type="button" className="care-button" disabled={busy !== null} onClick={() => void decide(m.sacwisPersonId, 'reject')}>
              Reject Match
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
