import type { ViewDefinition } from '../dataviews/types';
import { patientScope } from '../dataviews/scopes';
import { WORK_LIST_FLAGS } from '../security/access';

/**
 * Spec 000 "List reminders": the card filters `reminder_date__>>=`/`__<=` (today),
 * `target_uid` (the caller's provider id, or `null` for unassigned) and
 * `is_read=false`. The patient scope hides reminders about patients the caller
 * may not see: other divisions, restricted and adoption cases.
 */
export const homePageNotificationsView: ViewDefinition = {
  name: 'home-page-notifications-view',
  source: 'home_page_notifications_view',
  idColumn: 'id',
  columns: {
    id: 'uuid',
    patient_uid: 'uuid',
    patient_first_name: 'text',
    patient_last_name: 'text',
    reminder_date: 'timestamp',
    note: 'text',
    is_active: 'boolean',
    is_urgent: 'boolean',
    is_read: 'boolean',
    is_saved: 'boolean',
    display_name: 'text',
    target_uid: 'uuid',
    assigned_to: 'text',
    reminder_type: 'text',
    event_type_uid: 'uuid',
    event_type_name: 'text',
    ui_model_name: 'text',
    route: 'text',
    created_date: 'timestamp',
    updated_date: 'timestamp',
  },
  defaultSort: '-reminder_date',
  scope: patientScope('v'),
  access: { anyFlag: WORK_LIST_FLAGS },
};

/** List views of this area, served by the data-view engine at /api/data/public/<name>. */
export const remindersViews: ViewDefinition[] = [homePageNotificationsView];
