import { Bool, Int, Many, Nullable, Obj, One, Resource, Text, Type, Uuid } from '../api-docs/json-api';

/** The admin's organisation: the columns findOrganization reads. */
export const OrganizationDocument = One(Resource('organizations', { org_uid: Uuid(), org_name: Text(), market_name: Nullable(Text()), support_phone: Nullable(Text()) }));

/** A division as the admin pages show it, its settings included. */
const Division = Resource('divisions', {
  division_uid: Uuid(),
  division_name: Text(),
  theme_color: Nullable(Text()),
  logo_url: Nullable(Text('A data URL')),
  requires_supervisory_approval: Bool(),
  ed_notes_hidden_source: Nullable(Text()),
  break_glass_minutes: Int(),
  break_glass_daily_limit: Int(),
  break_glass_writes: Bool(),
});
export const DivisionList = Many(Division);
export const DivisionDocument = One(Division);

/** A work queue; its columns in the order jsonb keeps their members, as they are sent. */
const Queue = Resource('admin-queues', {
  queue_uid: Uuid(),
  division_uid: Uuid(),
  parent_queue_uid: Nullable(Uuid()),
  queue_label: Text(),
  rule: Text('List-call filters, as the admin types them'),
  default_sort: Nullable(Text()),
  columns: Type.Array(Obj({ is_hidden: Bool(), column_name: Text(), display_header: Text() })),
  sort_order: Int(),
});
/** A division's queues, and the columns a queue may filter on and show. */
export const QueueList = Many(Queue, { meta: Obj({ view_columns: Type.Array(Text()) }) });
export const QueueDocument = One(Queue);

/** How many patients a rule would list in the division. */
export const QueuePreviewDocument = One(Resource('queue-previews', { count: Int() }));
