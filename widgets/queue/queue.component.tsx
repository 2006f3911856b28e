import { QUEUE_CARD_PAGE_SIZE } from '../../shared/constants';
import { useCallback, useId, useState, type MouseEvent } from 'react';
import SlSkeleton from '@shoelace-style/shoelace/dist/react/skeleton/index.js';
import { headingCase } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import { useEmit } from '../../shared/widget/emit';
import { DataTable, type Row } from '../kit/data-table';
import { Toasts } from '../kit/toasts';
import { patientUidOf, useQueueFetcher, type QueuePage as QueueAnswer } from './queue.resource';

/** Queue card table page size (spec section 9). */

export interface QueueProps {
  queueId: string;
}

/**
 * The label, count and columns arrive with each page of rows; this keeps the
 * latest, with the label and the column headers in the patient word of the
 * current translation ('Active Patients' → 'Active Clients').
 */
export function useQueueInfo(queueId: string) {
  const [info, setInfo] = useState<QueueAnswer | null>(null);
  const fetchPage = useQueueFetcher(queueId, setInfo);
  const tr = useTranslate();
  const shown = info && {
    ...info,
    queueLabel: tr(info.queueLabel),
    childQueues: info.childQueues.map((c) => ({ ...c, queueLabel: tr(c.queueLabel) })),
    columns: info.columns.map((c) => ({ ...c, displayHeader: tr(c.displayHeader) })),
  };
  return { info: shown, fetchPage };
}

export function useNavigate() {
  const emit = useEmit();
  return useCallback(
    (path: string) => (event?: MouseEvent) => {
      event?.preventDefault();
      emit('care-navigate', { path });
    },
    [emit],
  );
}

export const faceSheet = (row: Row) => `/patients/${encodeURIComponent(patientUidOf(row))}/face-sheet`;

/** A home-dashboard card: the first rows of one queue and a link to all of it. */
export function QueueCard({ queueId }: QueueProps) {
  const { info, fetchPage } = useQueueInfo(queueId);
  const navigate = useNavigate();
  const titleId = useId();
  const allPath = `/home/queues/${encodeURIComponent(queueId)}`;
  return (
    <section className="card queue-card" aria-labelledby={titleId}>
      <div className="card-header">
        <h2 id={titleId}>{info ? `${headingCase(info.queueLabel)} (${info.count})` : <SlSkeleton effect="sheen" className="skeleton-line" />}</h2>
        <a href={allPath} onClick={navigate(allPath)}>
          View all
        </a>
      </div>
      <DataTable tableId={`queue-card.${queueId}`} columns={info?.columns ?? []} fetchPage={fetchPage} defaultPageSize={QUEUE_CARD_PAGE_SIZE} onRowClick={(row) => navigate(faceSheet(row))()} hideEmptyColumns />
      <Toasts />
    </section>
  );
}
