import { useId, type ReactNode } from 'react';
import { CALENDAR_EVENT_TYPE_LABELS, eventDetailsPath } from '../../shared/schemas/calendar';
import { NOTES_EMPTY } from '../../shared/constants';
import { formatDate, personName } from '../../shared/format';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { NavLink } from '../kit/nav-link';
import { StatusBadge } from '../kit/status-badge';
import { statusBadge } from '../../shared/schemas/outbound-referrals';
import type { Loaded } from '../kit/use-loaded';
import type { Address, Admission, CitSummary, PatientEvent, PatientNote, PatientReminder } from './face-sheet.resource';

/** A titled card; `action` sits at the right of the title. */
export function Card({ title, action, children, className }: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  const titleId = useId();
  return (
    <section className={`card face-card ${className ?? ''}`} aria-labelledby={titleId}>
      <div className="card-header">
        <h3 id={titleId}>{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A list card's four states around its rows. */
function ListBody<T>({ list, emptyText, children }: { list: Loaded<T[]>; emptyText: string; children: (rows: T[]) => ReactNode }) {
  const rows = list.data ?? [];
  return (
    <LoadState isLoading={list.isLoading} error={list.error} isEmpty={rows.length === 0} emptyText={emptyText} lines={2}>
      {children(rows)}
    </LoadState>
  );
}

/** Spec 001 "Medical event card": one card per kind, its latest event linking to the event's details. */
export function EventCards({ patientId, events }: { patientId: string; events: Loaded<PatientEvent[]> }) {
  return (
    <Card title="Medical Events">
      <ListBody list={events} emptyText="No medical events">
        {(rows) => (
          <ul className="event-cards">
            {rows.map((e) => (
              <li key={e.id}>
                <span className="event-kind">{e.medicalEventLabel ?? CALENDAR_EVENT_TYPE_LABELS[e.eventType]}</span>
                <NavLink path={eventDetailsPath({ ...e, patientUid: patientId })}>{formatDate(e.eventDate)}</NavLink>
                <span className="event-status">{e.statusLabel}</span>
              </li>
            ))}
          </ul>
        )}
      </ListBody>
    </Card>
  );
}

/** Notes newest first, dated MM/DD/YYYY like every other date (docs/decisions.md: not spec 001's MM/DD/YY). */
export function NotesCard({ patientId, notes, canAdd }: { patientId: string; notes: Loaded<PatientNote[]>; canAdd: boolean }) {
  const base = `/patients/${encodeURIComponent(patientId)}/notes`;
  return (
    <Card
      title="Notes"
      action={
        canAdd && (
          <span className="card-actions">
            <NavLink path={base}>View All</NavLink>
            <AddAction path={`${base}/add`} label="Add Note" />
          </span>
        )
      }
    >
      <ListBody list={notes} emptyText={NOTES_EMPTY}>
        {(rows) => (
          <ul className="face-list">
            {rows.map((n) => (
              <li key={n.noteUid}>
                <div className="face-list-meta">
                  <time dateTime={n.createdDate}>{formatDate(n.createdDate)}</time>
                  {(n.authorFirstName || n.authorLastName) && <span>{personName(n.authorFirstName, n.authorLastName)}</span>}
                </div>
                <p className="face-text">{n.note}</p>
              </li>
            ))}
          </ul>
        )}
      </ListBody>
    </Card>
  );
}

export function AdmissionsCard({ patientId, admissions }: { patientId: string; admissions: Loaded<Admission[]> }) {
  const base = `/patients/${encodeURIComponent(patientId)}/admissions`;
  return (
    <Card
      title="Admissions"
      action={
        <span className="card-actions">
          <NavLink path={base}>View All</NavLink>
          <AddAction path={`${base}/add`} label="Add Admission" />
        </span>
      }
    >
      <ListBody list={admissions} emptyText="No admissions">
        {(rows) => (
          <ul className="face-list">
            {rows.map((a) => (
              <li key={a.admissionUid}>
                <div className="face-list-meta">
                  <NavLink path={`${base}/${a.admissionUid}`}>
                    {formatDate(a.eventDate)}
                    {a.dischargeDate ? ` – ${formatDate(a.dischargeDate)}` : ''}
                  </NavLink>
                  <span>{a.statusLabel}</span>
                </div>
                {a.facilityName && <p className="face-text">{a.facilityName}</p>}
              </li>
            ))}
          </ul>
        )}
      </ListBody>
    </Card>
  );
}

/** Spec 001 section 9: unread reminders only, newest reminder date first. */
export function RemindersCard({ patientId, reminders }: { patientId: string; reminders: Loaded<PatientReminder[]> }) {
  const base = `/patients/${encodeURIComponent(patientId)}`;
  return (
    <Card title="Reminders" action={<AddAction path={`${base}/reminders/add`} label="Add Reminder" />}>
      <ReminderRows reminders={reminders} />
    </Card>
  );
}

export function ReminderRows({ reminders }: { reminders: Loaded<PatientReminder[]> }) {
  return (
    <ListBody list={reminders} emptyText="No Reminders">
      {(rows) => (
        <ul className="face-list">
          {rows.map((r) => (
            <li key={r.id}>
              <div className="face-list-meta">
                <time dateTime={r.reminderDate}>{formatDate(r.reminderDate)}</time>
                <span>{r.assignedTo ?? 'Unassigned'}</span>
                {r.isUrgent && <span className="urgent">Urgent</span>}
              </div>
              <p className="face-text">{r.note}</p>
            </li>
          ))}
        </ul>
      )}
    </ListBody>
  );
}

const addressLines = (a: Address) =>
  [[a.address1, a.address2].filter(Boolean).join(', '), [a.city, [a.state, a.postCode].filter(Boolean).join(' ')].filter(Boolean).join(', '), a.county ? `${a.county} County` : '']
    .filter(Boolean);

export function AddressCard({ address }: { address: Loaded<Address | null> }) {
  return (
    <Card title="Primary Address">
      <LoadState isLoading={address.isLoading} error={address.error} isEmpty={!address.data} emptyText="No address on record" lines={2}>
        {address.data && (
          <address className="face-address">
            {addressLines(address.data).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
        )}
      </LoadState>
    </Card>
  );
}

/** Spec 001 "Patient overview", CIT mode: counts, top reasons and top mental-health referrals. */
export function CitSummaryCards({ patientId, summary }: { patientId: string; summary: Loaded<CitSummary> }) {
  const s = summary.data;
  return (
    <LoadState isLoading={summary.isLoading} error={summary.error} lines={4}>
      {s && (
        <>
          <Card title="CIT Events">
            <dl className="face-counts">
              <div>
                <dt>CIT Events</dt>
                <dd>{s.citEvents}</dd>
              </div>
              <div>
                <dt>Involving Weapons</dt>
                <dd>{s.withWeapons}</dd>
              </div>
              <div>
                <dt>Emergency Hospitalizations</dt>
                <dd>{s.emergencyHospitalizations}</dd>
              </div>
            </dl>
          </Card>
          <Card title="Top Reasons for CIT Events">
            <CountList rows={s.topReasons.map((r) => [r.reason, r.count])} emptyText="No CIT events" />
          </Card>
          <Card title="Top Mental Health Referrals">
            <LoadState isLoading={false} error={null} isEmpty={s.topMentalHealthReferrals.length === 0} emptyText="No mental health referrals">
              <ul className="face-list">
                {s.topMentalHealthReferrals.map((r) => (
                  <li key={r.outboundReferralUid}>
                    <NavLink path={`/patients/${encodeURIComponent(patientId)}/outbound-referrals/${r.outboundReferralUid}`}>
                      {r.providerRoleName}: {r.toName}
                    </NavLink>
                    <div className="face-list-meta">
                      <time dateTime={r.eventDate}>{formatDate(r.eventDate)}</time>
                      <StatusBadge variant={statusBadge(r.statusLabel)}>{r.statusLabel}</StatusBadge>
                    </div>
                  </li>
                ))}
              </ul>
            </LoadState>
          </Card>
        </>
      )}
    </LoadState>
  );
}

function CountList({ rows, emptyText }: { rows: [string, number][]; emptyText: string }) {
  return (
    <LoadState isLoading={false} error={null} isEmpty={rows.length === 0} emptyText={emptyText}>
      <ol className="face-count-list">
        {rows.map(([label, count]) => (
          <li key={label}>
            <span>{label}</span>
            <span className="count-badge">{count}</span>
          </li>
        ))}
      </ol>
    </LoadState>
  );
}
