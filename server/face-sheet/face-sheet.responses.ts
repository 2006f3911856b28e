import { CALENDAR_EVENT_TYPES } from '../../shared/schemas/calendar';
import { Bool, Counted, Day, Int, Nullable, Obj, One, OneOf, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** An event as its card shows it (EventCard, face-sheet.repository.ts); the provider and facility are empty where the type keeps its details. */
const EventCard = {
  id: Uuid(),
  event_type: OneOf(CALENDAR_EVENT_TYPES),
  medical_event_name: Nullable(Text()),
  medical_event_label: Nullable(Text()),
  event_date: Timestamp(),
  all_day: Bool(),
  status_label: Text(),
  provider_name: Nullable(Text()),
  facility_name: Nullable(Text()),
};

/** The latest event of each kind the caller may see. */
export const EventCardList = Counted(Resource('medical-events', EventCard));

/** One event's read-only details; the notes and CIT sheet are empty where the type keeps its details. */
export const EventDocument = One(Resource('events', { ...EventCard, notes: Nullable(Text()), cit_submission_uid: Nullable(Uuid()) }));

/** The patient's newest active notes. */
export const NoteCardList = Counted(
  Resource('notes', {
    note_uid: Uuid(),
    note_type: Text(),
    note: Text(),
    activity_date: Day(),
    created_date: Timestamp(),
    author_first_name: Nullable(Text()),
    author_last_name: Nullable(Text()),
  }),
);

/** The patient's unread reminders, newest reminder date first. */
export const ReminderCardList = Counted(
  Resource('reminders', { id: Uuid(), reminder_date: Timestamp(), note: Text(), is_urgent: Bool(), assigned_to: Nullable(Text()) }),
);

/** The primary address (else the oldest), or `data: null`. */
export const PrimaryAddress = One(
  Nullable(
    Resource('addresses', {
      address_uid: Uuid(),
      address1: Nullable(Text()),
      address2: Nullable(Text()),
      city: Nullable(Text()),
      state: Nullable(Text()),
      state_iso: Nullable(Text()),
      post_code: Nullable(Text()),
      county: Nullable(Text()),
      address_type: Nullable(Text()),
      is_primary: Bool(),
    }),
  ),
);

/** What the patient's approved CIT sheets say, and the newest mental-health referrals. */
export const CitSummary = One(
  Resource('cit-summaries', {
    cit_events: Int(),
    with_weapons: Int(),
    emergency_hospitalizations: Int(),
    top_reasons: Type.Array(Obj({ reason: Text(), count: Int() })),
    top_mental_health_referrals: Type.Array(
      Obj({ outbound_referral_uid: Uuid(), event_date: Day(), provider_role_name: Text(), to_name: Text(), status_label: Text() }),
    ),
  }),
);
