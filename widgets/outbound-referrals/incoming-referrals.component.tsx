import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { useEffect, useId, useState, type MouseEvent } from 'react';
import { ApiError } from '../../shared/api/errors';
import { formatDate } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { LoadState } from '../kit/load-state';
import { FACTS_CSS } from '../kit/section-page';
import { DUPLICATES_FAILED, DUPLICATES_FOUND, DUPLICATES_RUNNING, findPossibleDuplicates, NO_DUPLICATES, type PossibleDuplicate } from '../kit/possible-duplicates';
import { useIdempotentSubmit } from '../kit/public-submit';
import { toast, Toasts } from '../kit/toasts';
import { useIncomingReferrals, useLinkReferral, type IncomingReferral, type LinkChoice } from './outbound-referrals.resource';
import { ReferralStyles } from './outbound-referrals.styles';
import { whenClosed } from '../kit/dialog-closed';

export const INCOMING_TITLE = 'Referrals To Link';
export const INCOMING_EMPTY = 'No referrals waiting to be linked';
export const LINKED = 'Referral linked';
/** The home card lists this many; "View all" opens the rest. */
const CARD_ROWS = 5;
export const INCOMING_PATH = '/home/incoming-referrals';

const personName = (r: Pick<IncomingReferral, 'firstName' | 'middleName' | 'lastName'>) => [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');

/** One waiting referral as the list shows it: who, from where, for what, and the Link action. */
function Item({ referral, onLink }: { referral: IncomingReferral; onLink: () => void }) {
  return (
    <li className="incoming-referral">
      <div>
        <strong>{personName(referral)}</strong>
        <span className="incoming-facts">
          {referral.birthDate ? `Born ${formatDate(referral.birthDate)}` : 'No birth date'}
          {referral.genderLabel && ` · ${referral.genderLabel}`}
        </span>
        <span className="incoming-facts">
          {referral.providerRoleName} · {referral.priorityLabel} · from {referral.fromDivisionName} · {formatDate(referral.eventDate)}
        </span>
      </div>
      <SlButton size="small" variant="primary" outline onClick={onLink}>
        Link
      </SlButton>
    </li>
  );
}

type Check = { status: 'running' } | { status: 'found'; rows: PossibleDuplicate[] } | { status: 'none' } | { status: 'failed' };

/** The duplicate check on the referral's names, run once when the dialog opens. */
function useNamesakes(referral: IncomingReferral): Check {
  const client = useWidgetApi();
  const [check, setCheck] = useState<Check>({ status: 'running' });
  useEffect(() => {
    let live = true;
    findPossibleDuplicates(client, { firstName: referral.firstName, lastName: referral.lastName })
      .then((rows) => live && setCheck(rows.length ? { status: 'found', rows } : { status: 'none' }))
      .catch(() => live && setCheck({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [client, referral.firstName, referral.lastName]);
  return check;
}

/**
 * Linking one referral: what it says about the person, this division's
 * patients with the same names (the duplicate check), "This Is the Same
 * Person" on each, and "Create Patient". The choice is a person's: nothing is
 * linked by name and birth date alone.
 */
function LinkDialog({ referral, onClose, onLinked }: { referral: IncomingReferral; onClose: () => void; onLinked: (patientUid: string) => void }) {
  const check = useNamesakes(referral);
  const tr = useTranslate();
  const link = useLinkReferral();
  const { submit, busy } = useIdempotentSubmit(`link-referral-${referral.outboundReferralUid}`);
  const choose = async (choice: LinkChoice) => {
    try {
      const patientUid = await submit((key) => link(referral.outboundReferralUid, choice, key));
      if (patientUid) onLinked(patientUid);
    } catch (err) {
      toast(err instanceof ApiError ? err.errors[0].message : 'Something went wrong.', 'danger');
    }
  };
  return (
    <SlDialog label="Link Referral" open onSlAfterHide={whenClosed(onClose)}>
      {/* Focusable, so a keyboard can scroll the dialog when a phone's screen is shorter than it. */}
      <div className="link-body" tabIndex={0} aria-label={tr("The person referred and this division's patients of the same name")}>
        <dl className="section-facts">
          <dt>Name</dt>
          <dd>{personName(referral)}</dd>
          <dt>Date of Birth</dt>
          <dd>{referral.birthDate ? formatDate(referral.birthDate) : '—'}</dd>
          <dt>Gender</dt>
          <dd>{referral.genderLabel ?? '—'}</dd>
        </dl>
        <div className="duplicate-check" role="status">
          {check.status === 'running' && <p>{DUPLICATES_RUNNING}</p>}
          {check.status === 'none' && <p>{NO_DUPLICATES}</p>}
          {check.status === 'failed' && <p className="field-error">{DUPLICATES_FAILED}</p>}
          {check.status === 'found' && (
            <>
              <p>
                <strong>{DUPLICATES_FOUND}</strong> Is one of them the person referred?
              </p>
              <ul className="namesakes">
                {check.rows.map((row) => (
                  <li key={row.id}>
                    <span>
                      {row.firstName} {row.lastName}
                      {row.birthDate && `, born ${formatDate(row.birthDate)}`}
                      {row.genderLabel && `, ${row.genderLabel}`}
                    </span>
                    <SlButton size="small" disabled={busy} onClick={() => choose({ patientUid: row.id })}>
                      This Is the Same Person
                    </SlButton>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <h3>The Referral</h3>
        <dl className="section-facts">
          <dt>From</dt>
          <dd>{[referral.fromProviderName, referral.fromDivisionName].filter(Boolean).join(', ')}</dd>
          <dt>Specialty</dt>
          <dd>{referral.providerRoleName}</dd>
          <dt>Referral Date</dt>
          <dd>{formatDate(referral.eventDate)}</dd>
          <dt>Priority</dt>
          <dd>{referral.priorityLabel}</dd>
          {referral.reason && (
            <>
              <dt>Reason</dt>
              <dd className="note-text">{referral.reason}</dd>
            </>
          )}
          {referral.notes && (
            <>
              <dt>Notes</dt>
              <dd className="note-text">{referral.notes}</dd>
            </>
          )}
        </dl>
      </div>
      <SlButton slot="footer" onClick={onClose} disabled={busy}>
        Cancel
      </SlButton>
      <SlButton slot="footer" variant="primary" onClick={() => choose({ createPatient: true })} disabled={busy || check.status === 'running'}>
        {busy ? 'Working ...' : tr('Create Patient')}
      </SlButton>
    </SlDialog>
  );
}

const css = /* css */ `${FACTS_CSS}
.card.incoming-referrals { margin-bottom: var(--care-space-l); }
.incoming-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.incoming-referral { display: flex; justify-content: space-between; align-items: center; gap: var(--care-space-s); padding: var(--care-space-xs) 0; border-top: 1px solid var(--care-color-border); }
.incoming-referral:first-child { border-top: 0; }
.incoming-referral > div { display: flex; flex-direction: column; min-width: 0; }
.incoming-facts { color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); overflow-wrap: anywhere; }
.namesakes { list-style: none; margin: var(--care-space-xs) 0 0; padding: 0; display: flex; flex-direction: column; gap: var(--care-space-xs); }
.namesakes li { display: flex; justify-content: space-between; align-items: center; gap: var(--care-space-s); flex-wrap: wrap; }
.duplicate-check { margin: var(--care-space-m) 0; padding: var(--care-space-s); border-radius: var(--care-radius-m); background: var(--care-color-canvas); }
.duplicate-check p { margin: 0; }
.link-body h3 { margin: 0 0 var(--care-space-xs); font-size: var(--care-font-size-m); font-weight: var(--care-font-weight-semibold); }
.link-body:focus-visible { outline: 2px solid var(--care-color-primary); outline-offset: 2px; }
`;

/**
 * Referrals other divisions sent here that nobody has linked to a record yet
 * (issue 31): a home card with the newest few, shown only while one waits,
 * or the whole list on its page. Linking one opens the patient it now belongs to.
 */
export function IncomingReferrals({ variant = 'card' }: { variant?: 'card' | 'page' }) {
  const waiting = useIncomingReferrals();
  const emit = useEmit();
  const titleId = useId();
  const [linking, setLinking] = useState<IncomingReferral | null>(null);
  const rows = waiting.data?.rows ?? [];
  const shown = variant === 'card' ? rows.slice(0, CARD_ROWS) : rows;
  const navigate = (path: string) => (event?: MouseEvent) => {
    event?.preventDefault();
    emit('care-navigate', { path });
  };
  const linked = (patientUid: string) => {
    setLinking(null);
    toast(LINKED, 'success');
    waiting.reload();
    navigate(`/patients/${encodeURIComponent(patientUid)}/face-sheet`)();
  };
  // A home has nothing to link most days: the card appears only once a referral is known to wait (or its list failed), so no home jumps.
  if (variant === 'card' && (waiting.isLoading || waiting.data?.total === 0)) return null;
  const Heading = variant === 'card' ? 'h2' : 'h1';
  return (
    <section className={variant === 'card' ? 'card incoming-referrals' : 'incoming-referrals-page'} aria-labelledby={titleId}>
      <style>{css}</style>
      <ReferralStyles />
      {variant === 'page' && (
        <a href="/home" onClick={navigate('/home')}>
          Go back
        </a>
      )}
      <div className="card-header">
        <Heading id={titleId}>
          {INCOMING_TITLE}
          {waiting.data && ` (${waiting.data.total})`}
        </Heading>
        {variant === 'card' && waiting.data && waiting.data.total > CARD_ROWS && (
          <a href={INCOMING_PATH} onClick={navigate(INCOMING_PATH)}>
            View all
          </a>
        )}
      </div>
      <LoadState isLoading={waiting.isLoading} error={waiting.error} isEmpty={rows.length === 0} emptyText={INCOMING_EMPTY} lines={2}>
        <ul className="incoming-list">
          {shown.map((r) => (
            <Item key={r.outboundReferralUid} referral={r} onLink={() => setLinking(r)} />
          ))}
        </ul>
      </LoadState>
      {linking && <LinkDialog referral={linking} onClose={() => setLinking(null)} onLinked={linked} />}
      <Toasts />
    </section>
  );
}
