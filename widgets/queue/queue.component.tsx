import { QUEUE_CARD_PAGE_SIZE } from '../../shared/constants';
import { useCallback, useId, useState, type MouseEvent } from 'react';
import SlSkeleton from '@shoelace-style/shoelace/dist/react/skeleton/index.js';
import { headingCase } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { DataTable, type Row } from '../kit/data-table';
import { Toasts } from '../kit/toasts';
import { patientUidOf, useQueueFetcher, type QueuePage as QueueAnswer } from './queue.resource';

/** Queue card table page size (spec section 9). */

export interface QueueProps {
  queueId: string;
}

/** The label, count and columns arrive with each page of rows; this keeps the latest. */
function useQueueInfo(queueId: string) {
  const [info, setInfo] = useState<QueueAnswer | null>(null);
  const fetchPage = useQueueFetcher(queueId, setInfo);
  return { info, fetchPage };
}

function useNavigate() {
  const emit = useEmit();
  return useCallback(
    (path: string) => (event?: MouseEvent) => {
      event?.preventDefault();
      emit('care-navigate', { path });
    },
    [emit],
  );
}

const faceSheet = (row: Row) => `/patients/${encodeURIComponent(patientUidOf(row))}/face-sheet`;

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

/** The full queue at /home/queues/{queueId}: every visible column filterable. */
export function QueuePage({ queueId }: QueueProps) {
  const { info, fetchPage } = useQueueInfo(queueId);
  const navigate = useNavigate();
  const columns = (info?.columns ?? []).map((c) => ({ ...c, filterable: true }));
  return (
    <section className="queue-page">
      <a href="/home" onClick={navigate('/home')}>
        Go back
      </a>
      <div className="card-header">
        <h1>{info ? headingCase(info.queueLabel) : <SlSkeleton effect="sheen" className="skeleton-line" />}</h1>
        {/* A new referral comes with its patient (Add Patient posts the inbound referral), so this opens that form.
            AddAction's look by its class alone: the queue is on every home's first load, which the component's module would grow. */}
        {info?.queueLabel.trim().toLowerCase() === 'new referrals' && (
          <a className="add-action" href="/patients/add" onClick={navigate('/patients/add')}>
            Add Referral
          </a>
        )}
      </div>
      <DataTable tableId={`queue.${queueId}`} columns={columns} fetchPage={fetchPage} onRowClick={(row) => navigate(faceSheet(row))()} />
      <Toasts />
    </section>
  );
}

export interface QueueWidgetProps extends QueueProps {
  variant?: 'card' | 'page';
}

export function QueueWidget({ queueId, variant = 'card' }: QueueWidgetProps) {
  if (!queueId) return null;
  return variant === 'page' ? <QueuePage queueId={queueId} /> : <QueueCard queueId={queueId} />;
}
