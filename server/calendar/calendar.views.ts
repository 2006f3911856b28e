import { sql } from 'kysely';
import { APPOINTMENT_VIEW, CALENDAR_EVENT_TYPE_FLAGS, MEDICAL_EVENT_VIEW, MEDICAL_EVENT_VIEW_TYPES } from '../../shared/schemas/calendar';
import type { AuthContext } from '../auth/context';
import type { ColumnKind, ViewDefinition } from '../dataviews/types';
import { patientScope } from '../dataviews/scopes';

/** Columns both calendar views share. */
const EVENT_COLUMNS: Record<string, ColumnKind> = {
  id: 'uuid',
  event_type: 'text',
  event_date: 'timestamp',
  event_date_no_tz: 'timestamp',
  all_day: 'boolean',
  status_name: 'text',
  status_label: 'text',
  patient_uid: 'uuid',
  patient_first_name: 'text',
  patient_last_name: 'text',
  provider_uid: 'uuid',
  provider_name: 'text',
  facility_uid: 'uuid',
  facility_name: 'text',
  restricted_flag: 'text',
};

const CALENDAR_FLAGS = MEDICAL_EVENT_VIEW_TYPES.map((t) => CALENDAR_EVENT_TYPE_FLAGS[t]);

/**
 * Patients the caller may see, and only the event types whose calendar flag
 * the caller holds: hiding a type in the browser is not enough.
 */
function medicalEventScope(auth: AuthContext) {
  const types = MEDICAL_EVENT_VIEW_TYPES.filter((t) => auth.flags[CALENDAR_EVENT_TYPE_FLAGS[t]]);
  const ofType = types.length ? sql`v.event_type in (${sql.join(types)})` : sql`false`;
  return sql`${patientScope('v')(auth)} and ${ofType}`;
}

/** Spec 000 section 7 "Calendar": medical events, procedures, surgeries and tests in one list. */
const medicalEventView: ViewDefinition = {
  name: MEDICAL_EVENT_VIEW,
  source: 'nav_list_view_medical_event',
  idColumn: 'id',
  columns: { ...EVENT_COLUMNS, medical_event_name: 'text', medical_event_label: 'text' },
  defaultSort: 'event_date',
  scope: medicalEventScope,
  access: { anyFlag: CALENDAR_FLAGS },
};

/** Spec 000 section 7 "Calendar": appointments. */
const appointmentView: ViewDefinition = {
  name: APPOINTMENT_VIEW,
  source: 'nav_list_view_appointment',
  idColumn: 'id',
  columns: { ...EVENT_COLUMNS, appointment_type_label: 'text' },
  defaultSort: 'event_date',
  scope: patientScope('v'),
  access: { anyFlag: [CALENDAR_EVENT_TYPE_FLAGS.appointment] },
};

/** List views of this area, served by the data-view engine at /api/data/public/<name>. */
export const calendarViews: ViewDefinition[] = [medicalEventView, appointmentView];
