import type { Flag } from '../permissions';

/**
 * The calendar's five event types (spec 000 "Home dashboard", calendar), the
 * flag each needs, and the view that lists it. The server scopes rows by the
 * same table, so a type the browser hides is also one the server never sends.
 */
export const CALENDAR_EVENT_TYPES = ['appointment', 'medical_event', 'procedure', 'surgery', 'testing'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];

export const CALENDAR_EVENT_TYPE_FLAGS: Record<CalendarEventType, Flag> = {
  appointment: 'calendarAppointment',
  medical_event: 'calendarMedicalEvent',
  procedure: 'calendarProcedure',
  surgery: 'calendarSurgery',
  testing: 'calendarTesting',
};

export const CALENDAR_EVENT_TYPE_LABELS: Record<CalendarEventType, string> = {
  appointment: 'Appointment',
  medical_event: 'Medical Event',
  procedure: 'Procedure',
  surgery: 'Surgery',
  testing: 'Testing',
};

/** Wire names of the two list views (spec 000 section 7). */
export const APPOINTMENT_VIEW = 'nav-list-view-appointment';
export const MEDICAL_EVENT_VIEW = 'nav-list-view-medical-event';

/** The types `nav-list-view-medical-event` unites; appointments have their own view. */
export const MEDICAL_EVENT_VIEW_TYPES = ['medical_event', 'procedure', 'surgery', 'testing'] as const satisfies readonly CalendarEventType[];

export function allowedEventTypes(flags: Partial<Record<Flag, boolean>>): CalendarEventType[] {
  return CALENDAR_EVENT_TYPES.filter((t) => flags[CALENDAR_EVENT_TYPE_FLAGS[t]]);
}

/** One row of either view, as the API client hands it over (camelCase). */
export interface CalendarEventRow {
  id: string;
  eventType: CalendarEventType;
  medicalEventName?: string | null;
  medicalEventLabel?: string | null;
  appointmentTypeLabel?: string | null;
  eventDate: string;
  eventDateNoTz: string;
  allDay: boolean;
  statusName: string;
  statusLabel: string;
  patientUid: string;
  patientFirstName: string;
  patientLastName: string;
  providerUid: string | null;
  providerName: string | null;
  facilityUid: string | null;
  facilityName: string | null;
}

/**
 * The event's details page under /patients/{patientUid} (spec 000 "Home dashboard").
 * A cit medical event opens cit-details, its only detail page (spec 002 routes).
 */
export function eventDetailsPath(row: Pick<CalendarEventRow, 'id' | 'eventType' | 'patientUid' | 'medicalEventName'>): string {
  const base = `/patients/${encodeURIComponent(row.patientUid)}`;
  const id = encodeURIComponent(row.id);
  switch (row.eventType) {
    case 'appointment':
      return `${base}/appointments/${id}/details`;
    case 'medical_event':
      return `${base}/medical-events/${encodeURIComponent(row.medicalEventName ?? '')}/${id}/${row.medicalEventName === 'cit' ? 'cit-details' : 'details'}`;
    case 'procedure':
      return `${base}/procedures/${id}/details`;
    case 'surgery':
      return `${base}/surgeries/${id}/details`;
    case 'testing':
      return `${base}/tests/${id}/details`;
  }
}
