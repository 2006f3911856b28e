import { CALENDAR_EVENT_TYPE_LABELS, type CalendarEventType } from '../../shared/schemas/calendar';
import { formatDate, formatDateTime } from '../../shared/format';
import { LoadState } from '../kit/load-state';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { Card } from './face-sheet-cards';
import { usePatientEvent } from './face-sheet.resource';
import { FaceSheetStyles } from './face-sheet.styles';

/**
 * The record's read-only event details pages the calendar links to (spec 000
 * section 2: `appointments/{id}/details`, `procedures|surgeries|tests/{id}/details`);
 * medical events open their form or, for a crisis intervention, its CIT
 * details (widgets/medical-events).
 */
function EventDetails({ patientId, type, eventId }: { patientId: string; type: CalendarEventType; eventId: string }) {
  const event = usePatientEvent(patientId, type, eventId);
  const e = event.data;
  const title = e?.medicalEventLabel ?? CALENDAR_EVENT_TYPE_LABELS[type];
  return (
    <div className="event-details">
      <FaceSheetStyles />
      <LoadState isLoading={event.isLoading} error={event.error} errorText="Event not found" lines={5}>
        {e && (
          <Card title={`${CALENDAR_EVENT_TYPE_LABELS[type]} Details`}>
            <dl>
              <dt>{type === 'appointment' ? 'Appointment Type' : 'Name'}</dt>
              <dd>{title}</dd>
              <dt>Date</dt>
              <dd>{e.allDay ? formatDate(e.eventDate) : formatDateTime(e.eventDate)}</dd>
              <dt>Status</dt>
              <dd>{e.statusLabel}</dd>
              <dt>Provider</dt>
              <dd>{e.providerName ?? '—'}</dd>
              <dt>Facility</dt>
              <dd>{e.facilityName ?? '—'}</dd>
              <dt>Notes</dt>
              <dd>{e.notes || '—'}</dd>
            </dl>
          </Card>
        )}
      </LoadState>
    </div>
  );
}

const detailsPage = (type: CalendarEventType) =>
  function EventDetailsPage({ patientId, params }: RecordPageProps) {
    return <EventDetails patientId={patientId} type={type} eventId={params.eventId} />;
  };

export const AppointmentDetails = detailsPage('appointment');
export const ProcedureDetails = detailsPage('procedure');
export const SurgeryDetails = detailsPage('surgery');
export const TestDetails = detailsPage('testing');
