import { useMemo, type KeyboardEvent } from 'react';
import { useEmit } from '../../shared/widget/emit';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { SectionPage } from '../kit/section-page';
import { StatusBadge } from '../kit/status-badge';
import { useFlags } from '../kit/use-flags';
import { useReferenceList } from '../kit/use-reference-list';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { FORM_EVENT_NAMES } from '../../shared/schemas/medical-events';
import { statusBadge } from '../../shared/schemas/outbound-referrals';
import { eventSummary, eventWhen } from './medical-event-summary';
import { useEventType, useMedicalEvents } from './medical-events.resource';

export const EVENTS_EMPTY = 'No medical events';

/**
 * A type's list names what it lacks (issue 32 §5; the spec gives lists no
 * text of their own): its plural label after "No", lower-cased but for
 * acronyms, so 'Survivor Interactions' says "No survivor interactions".
 */
export const noEventsText = (pluralLabel: string) => `No ${pluralLabel.replace(/\b[A-Z](?=[a-z])/g, (c) => c.toLowerCase())}`;

const css = /* css */ `
.foreign-mark { display: inline-flex; margin-left: var(--care-space-2xs); color: var(--care-color-text-subtle); vertical-align: -2px; }
tr.foreign { cursor: default; }
`;

/** Spec 002 "Medical event list": a foreign event is no link; an external-link icon says where it comes from. */
function ForeignMark({ by }: { by?: string }) {
  return (
    <span className="foreign-mark">
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" fill="currentColor">
        <path d="M8.6 2.5a.5.5 0 0 1 .5-.5h4.4a.5.5 0 0 1 .5.5v4.4a.5.5 0 0 1-1 0V3.7L7.4 9.3a.5.5 0 0 1-.7-.7L12.3 3H9.1a.5.5 0 0 1-.5-.5z" />
        <path d="M3.5 4A1.5 1.5 0 0 0 2 5.5v7A1.5 1.5 0 0 0 3.5 14h7a1.5 1.5 0 0 0 1.5-1.5V9a.5.5 0 0 0-1 0v3.5a.5.5 0 0 1-.5.5h-7a.5.5 0 0 1-.5-.5v-7a.5.5 0 0 1 .5-.5H7a.5.5 0 0 0 0-1z" />
      </svg>
      <span className="visually-hidden">Recorded by {by ?? 'another organisation'}</span>
    </span>
  );
}

/**
 * Spec 002 "Medical event list": the patient's events of one type, newest
 * first, titled with the type's plural label; a row opens its details (the
 * CIT sheet's details for a crisis intervention). The Add button is hidden
 * for CIT staff (spec 002 section 6).
 */
export function MedicalEventsList({ patientId, name }: { patientId: string; name: string }) {
  const emit = useEmit();
  const flags = useFlags();
  const type = useEventType(name);
  const events = useMedicalEvents(patientId, name);
  const interactions = useReferenceList('reference-medical-event-interaction', {}, { withInactive: true });
  const outcomes = useReferenceList('reference-medical-event-outcome', {}, { withInactive: true });
  const labels = useMemo(() => new Map([...(interactions.data ?? []), ...(outcomes.data ?? [])].map((o) => [o.uid, o.label])), [interactions.data, outcomes.data]);
  const base = `/patients/${encodeURIComponent(patientId)}/medical-events/${encodeURIComponent(name)}`;
  const open = (id: string) => emit('care-navigate', { path: `${base}/${encodeURIComponent(id)}/${name === 'cit' ? 'cit-details' : 'details'}` });
  const rows = events.data ?? [];
  const canAdd = flags !== null && !flags.hasAppCit && name !== 'cit';
  return (
    <SectionPage title={type.data?.medicalEventPluralLabel ?? 'Medical Events'} action={canAdd && type.data && <AddAction path={`${base}/add`} label={`Add ${type.data.medicalEventLabel}`} />}>
      <style>{css}</style>
      <LoadState isLoading={events.isLoading || type.isLoading} error={type.error ?? events.error} isEmpty={rows.length === 0} emptyText={type.data ? noEventsText(type.data.medicalEventPluralLabel) : EVENTS_EMPTY} lines={3}>
        <div className="data-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">Summary</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e) => (
                <tr
                  key={e.medicalEventUid}
                  {...(e.isForeign
                    ? { className: 'foreign', title: `Recorded by ${e.recordedBy}` }
                    : { className: 'clickable', tabIndex: 0, onClick: () => open(e.medicalEventUid), onKeyDown: (k: KeyboardEvent) => k.key === 'Enter' && open(e.medicalEventUid) })}
                >
                  <td style={{ whiteSpace: 'nowrap' }}>
                    {eventWhen(e)}
                    {e.isForeign && <ForeignMark by={e.recordedBy} />}
                  </td>
                  <td>{name === 'treatment_referral' ? <StatusBadge variant={statusBadge(e.statusLabel)}>{e.statusLabel}</StatusBadge> : e.statusLabel}</td>
                  <td>{eventSummary(e, labels)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </LoadState>
    </SectionPage>
  );
}

/**
 * Record page `medical-events` (spec 002 "Routes", the bare form): every
 * type's list one after another; crisis interventions for CIT staff, whose
 * menu names them.
 */
export function AllMedicalEventsPage({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const flags = useFlags();
  if (flags === null) return <LoadState isLoading lines={3}>{null}</LoadState>;
  const names = flags.hasAppCit ? [...FORM_EVENT_NAMES, 'cit'] : FORM_EVENT_NAMES;
  return (
    <div className="all-medical-events">
      {names.map((name) => (
        <MedicalEventsList key={name} patientId={patientId} name={name} />
      ))}
    </div>
  );
}

/** Record page `medical-events/{name}`. */
export function MedicalEventsPage({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  return <MedicalEventsList key={params.name} patientId={patientId} name={params.name} />;
}

/** The list on its own (`<care-medical-events>`): its own page view of the patient. */
export function MedicalEventsWidget({ patientId, eventName }: { patientId: string; eventName: string }) {
  // A host may place the element before it knows the patient (the demo portal does): nothing to ask for yet.
  if (!patientId) return null;
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <MedicalEventsList key={eventName} patientId={patientId} name={eventName} />
    </PatientPageView>
  );
}
