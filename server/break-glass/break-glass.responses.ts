import { BREAK_GLASS_REASONS, BREAK_GLASS_REVIEW_STATUSES } from '../../shared/schemas/break-glass';
import { Bool, Int, Many, Nullable, Obj, One, OneOf, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** A window on a record (BreakGlassWindow, snake_case). */
const window = {
  break_glass_uid: Uuid(),
  reason: OneOf(BREAK_GLASS_REASONS),
  reason_text: Nullable(Text()),
  started_at: Timestamp(),
  expires_at: Timestamp(),
  writes_allowed: Bool(),
};

/** The window just opened, or the one already open on the record (200). */
export const BreakGlassDocument = One(Resource('break-glass', { ...window, patient_uid: Uuid() }));

/** The caller's open window on the record: the record page's banner; null for none. */
export const OpenWindowDocument = One(Nullable(Resource('break-glass', window)));

/** An event as the Emergency access page lists it (BreakGlassEventRow, snake_case); `reads` counts the reads made under it. */
const event = {
  break_glass_uid: Uuid(),
  user_display_name: Text(),
  patient_name: Text(),
  patient_uid: Uuid(),
  reason: OneOf(BREAK_GLASS_REASONS),
  reason_text: Nullable(Text()),
  started_at: Timestamp(),
  expires_at: Timestamp(),
  reads: Int(),
  review_status: Nullable(OneOf(BREAK_GLASS_REVIEW_STATUSES)),
  review_comment: Nullable(Text()),
  reviewed_by_name: Nullable(Text()),
  reviewed_at: Nullable(Timestamp()),
};

const eventResource = Resource('break-glass-events', event);

/** The division's events, newest first. */
export const BreakGlassEventList = Many(eventResource);

/** One event with the reads made under it, each with the call that made it. */
export const BreakGlassEventDocument = One(
  Resource('break-glass-events', event, { reads: Type.Array(Obj({ audit_uid: Uuid(), created_at: Timestamp(), call: Nullable(Text()) })) }),
);

/** The event as reviewed. */
export const ReviewedEventDocument = One(eventResource);
