import { useCallback } from 'react';
import type { ApiClient } from '../../shared/api/client';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { Column, PageRequest, PageResult, Row } from '../kit/data-table';
import { pageQuery } from '../kit/view-page';

interface QueueDocument {
  data: {
    id: string;
    attributes: {
      queue_label: string;
      count: number;
      child_queues?: { id: string; queue_label: string; count: number }[];
      queue_list_view_column_map: { column_name: string; display_header: string; is_hidden: boolean }[];
      data: Row[];
    };
  };
  meta?: { total?: number };
}

/** A queue under another (spec 000 section 3, "Queue: ... childQueues"), with its own count. */
export interface ChildQueue {
  id: string;
  queueLabel: string;
  count: number;
}

export interface QueuePage extends PageResult {
  queueLabel: string;
  count: number;
  childQueues: ChildQueue[];
  columns: Column[];
}

/**
 * Rows stay in wire form (snake_case keys): the queue's own column map names
 * them, and its names go back unchanged as sort and filter keys.
 */
export async function fetchQueuePage(client: ApiClient, queueId: string, request: PageRequest): Promise<QueuePage> {
  const doc = await client.request<QueueDocument>('GET', `queues/${encodeURIComponent(queueId)}`, { query: pageQuery(request), raw: true });
  const a = doc.data.attributes;
  return {
    rows: a.data,
    total: doc.meta?.total ?? a.count,
    queueLabel: a.queue_label,
    count: a.count,
    childQueues: (a.child_queues ?? []).map((c) => ({ id: c.id, queueLabel: c.queue_label, count: c.count })),
    columns: a.queue_list_view_column_map.map((c) => ({ columnName: c.column_name, displayHeader: c.display_header, isHidden: c.is_hidden })),
  };
}

/** A stable page fetcher for DataTable; `onPage` hears the queue's label and columns from each answer. */
export function useQueueFetcher(queueId: string, onPage: (page: QueuePage) => void): (request: PageRequest) => Promise<QueuePage> {
  const client = useWidgetApi();
  return useCallback(
    async (request: PageRequest) => {
      const page = await fetchQueuePage(client, queueId, request);
      onPage(page);
      return page;
    },
    [client, queueId, onPage],
  );
}

export const patientUidOf = (row: Row): string => String(row.patient_uid ?? row.patientUid ?? '');
