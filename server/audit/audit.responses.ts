import { Nullable, One, Page, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/** The entry written (201), or the one the same page view wrote before (200): the columns recordAudit returns. */
export const AuditEntryDocument = One(
  Resource('audit', {
    audit_uid: Uuid(),
    patient_uid: Uuid(),
    action: Text(),
    user_uid: Uuid(),
    division_uid: Uuid(),
    created_at: Timestamp(),
    page_view_id: Nullable(Uuid()),
    service_method: Nullable(Text()),
    target_type: Nullable(Text()),
    target_uid: Nullable(Uuid()),
    message: Nullable(Text()),
  }),
);

/** A page of the patient's activity log, newest first. */
export const AuditMessagePage = Page(
  Resource('audit-messages', {
    message_date: Timestamp(),
    formatted_message: Text(),
    service_method: Nullable(Text()),
    target_type: Nullable(Text()),
    target_uid: Nullable(Uuid()),
    action: Text(),
    user_display_name: Text(),
  }),
);
