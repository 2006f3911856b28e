import { useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslate } from '../../shared/i18n';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetEventSource } from '../../shared/widget/widget-context';
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
import { useEventType, useMedicalEvents, type MedicalEvent } from './medical-events.resource';

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
.event-patient { white-space: nowrap; }
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

/** The patient a row names (spec 002 "Medical event list": "optionally the patient name"). */
export const patientNameOf = (e: Pick<MedicalEvent, 'patientFirstName' | 'patientLastName'>) => [e.patientFirstName, e.patientLastName].filter(Boolean).join(' ');

/** What a new tab opens for a path: the host's `route-base` before it (as `care-navigate` would), else the path itself (the shell's address). */
function useTabHref(): (path: string) => string {
  const { host } = useWidgetEventSource();
  return (path) => {
    const routeBase = host?.getAttribute('route-base') ?? null;
    return routeBase === null ? path : routeBase.replace(/\/+$/, '') + path;
  };
}

/**
 * Spec 002 "Medical event list": the patient's events of one type, newest
 * first, titled with the type's plural label; a row opens its details (the
 * CIT sheet's details for a crisis intervention). The Add button is hidden
 * for CIT staff (spec 002 section 6).
 *
 * With `showPatientName` each row names its patient, and a row opens a
 * patient from a table: in a new tab (its date is a link with
 * target=_blank), so the page listing them stays. In the record (the header
 * names the patient) a row opens in place. A foreign row opens nothing
 * either way.
 */
export function MedicalEventsList({ patientId, name, showPatientName = false }: { patientId: string; name: string; showPatientName?: boolean }) {
  const emit = useEmit();
  const flags = useFlags();
  const tr = useTranslate();
  const type = useEventType(name);
  const events = useMedicalEvents(patientId, name);
  const interactions = useReferenceList('reference-medical-event-interaction', {}, { withInactive: true });
  const outcomes = useReferenceList('reference-medical-event-outcome', {}, { withInactive: true });
  const roles = useReferenceList('reference-provider-role', {}, { withInactive: true });
  const labels = useMemo(
    () => new Map([...(interactions.data ?? []), ...(outcomes.data ?? []), ...(roles.data ?? [])].map((o) => [o.uid, o.label])),
    [interactions.data, outcomes.data, roles.data],
  );
  const base = `/patients/${encodeURIComponent(patientId)}/medical-events/${encodeURIComponent(name)}`;
  const pathOf = (id: string) => `${base}/${encodeURIComponent(id)}/${name === 'cit' ? 'cit-details' : 'details'}`;
  const open = (id: string) => emit('care-navigate', { path: pathOf(id) });
  const tabHref = useTabHref();
  // The link itself opens its tab; a click elsewhere on the row opens the same one.
  const openInTab = (id: string) => (click: MouseEvent) => {
    if ((click.target as Element).closest('a')) return;
    window.open(tabHref(pathOf(id)), '_blank', 'noopener');
  };
  const rows = events.data ?? [];
  const canAdd = flags !== null && !flags.hasAppCit && name !== 'cit';
  return (
    <SectionPage title={type.data?.medicalEventPluralLabel ?? 'Medical Events'} action={canAdd && type.data && <AddAction path={`${base}/add`} label={`Add ${type.data.medicalEventLabel}`} />}>
      <style>{css}</style>
      <LoadState isLoading={events.isLoading || type.isLoading} error={type.error ?? events.error} isEmpty={rows.length === 0} emptyText={type.data ? noEventsText(type.data.medicalEventPluralLabel) : EVENTS_EMPTY} lines={3}>
        <div className="data-table">
          {/* Narrower than a phone, each row becomes a card of label and value (shared/widget/base.css), not a table cut off at the edge. */}
          <table className="card-rows">
            <thead>
              <tr>
                <th scope="col">Date</th>
                {showPatientName && <th scope="col">{tr('Patient')}</th>}
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
                    : showPatientName
                      ? { className: 'clickable', onClick: openInTab(e.medicalEventUid) }
                      : { className: 'clickable', tabIndex: 0, onClick: () => open(e.medicalEventUid), onKeyDown: (k: KeyboardEvent) => k.key === 'Enter' && open(e.medicalEventUid) })}
                >
                  <td style={{ whiteSpace: 'nowrap' }} data-label="Date">
                    {showPatientName && !e.isForeign ? (
                      <a href={tabHref(pathOf(e.medicalEventUid))} target="_blank" rel="noopener noreferrer">
                        {eventWhen(e)}
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      eventWhen(e)
                    )}
                    {e.isForeign && <ForeignMark by={e.recordedBy} />}
                  </td>
                  {showPatientName && (
                    <td className="event-patient" data-label={tr('Patient')}>
                      {patientNameOf(e)}
                    </td>
                  )}
                  <td data-label="Status">{name === 'treatment_referral' ? <StatusBadge variant={statusBadge(e.statusLabel)}>{e.statusLabel}</StatusBadge> : e.statusLabel}</td>
                  <td data-label="Summary">{eventSummary(e, labels)}</td>
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
export function MedicalEventsWidget({ patientId, eventName, showPatientName }: { patientId: string; eventName: string; showPatientName?: boolean }) {
  // A host may place the element before it knows the patient (the demo portal does): nothing to ask for yet.
  if (!patientId) return null;
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <MedicalEventsList key={eventName} patientId={patientId} name={eventName} showPatientName={!!showPatientName} />
    </PatientPageView>
  );
}
