import { Bool, Link, Nullable, One, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';
import { viewRow } from '../dataviews/dataviews.responses';
import { homePageNotificationsView } from './reminders.views';

/** Who "assigned to me" is: the caller's navigator provider record, null when they have none. */
export const ReminderAssigneeDocument = One(Resource('reminder-assignee', { user_uid: Uuid(), org_uid: Uuid(), provider_uid: Nullable(Uuid()) }));

/** The reminder as stored: every column of the notification row the insert returns. */
export const NewReminderDocument = One(
  Resource(
    'reminders',
    {
      id: Uuid(),
      subject_uid: Uuid(),
      subject_type: Text(),
      type: Text(),
      reminder_date: Timestamp(),
      note: Text(),
      is_active: Bool(),
      is_urgent: Bool(),
      is_read: Bool(),
      is_saved: Bool(),
      display_name: Nullable(Text()),
      target_uid: Nullable(Uuid()),
      reminder_type: Nullable(Text()),
      event_type_uid: Nullable(Uuid()),
      event_type_name: Nullable(Text()),
      ui_model_name: Nullable(Text()),
      route: Nullable(Text()),
      created_by: Nullable(Uuid()),
      created_date: Timestamp(),
      updated_date: Timestamp(),
    },
    { patient: Link('patients') },
  ),
);

/** The reminder after a change, as the lists show it (its home-page-notifications-view row). */
export const ReminderDocument = viewRow(homePageNotificationsView);
