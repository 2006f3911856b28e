import { Bool, Int, Many, Obj, One, Resource, Text, Type, Uuid } from '../api-docs/json-api';
import { QUEUE_VIEW } from '../admin/organization.repository';
import { viewQuery, viewRow } from '../dataviews/dataviews.responses';
import { PUBLIC_VIEWS } from '../dataviews/registry';

/** The top-level queues of the caller's division, each with how many patients its rule holds. */
export const QueueList = Many(Resource('queue', { queue_label: Text(), count: Int() }));

/** A patient row as the queue's view declares it: every queue reads that one view (QUEUE_VIEW), and sends its rows as read. */
const QueueRow = viewRow(PUBLIC_VIEWS[QUEUE_VIEW]).properties.data.properties.attributes;

/** A page of a queue's patients, with its column map for the table and its child queues' counts. */
export const QueueDocument = One(
  Resource('queue', {
    queue_label: Text(),
    count: Int(),
    child_queues: Type.Array(Obj({ id: Uuid(), queue_label: Text(), count: Int() })),
    // jsonb's key order (shorter keys first): the order the answer has always had.
    queue_list_view_column_map: Type.Array(Obj({ is_hidden: Bool(), column_name: Text(), display_header: Text() })),
    data: Type.Array(QueueRow),
  }),
  { meta: Obj({ total: Int(), page: Int(), page_size: Int() }) },
);

const listQuery = viewQuery(PUBLIC_VIEWS[QUEUE_VIEW]);

/** A queue's page takes its view's list parameters; only the order it falls back on is the queue's own. */
export const QueueQuery = {
  ...listQuery,
  properties: { ...listQuery.properties, sort: Type.Optional(Text("Columns, comma-separated, '-' first for descending; the queue's own order when left out")) },
};
