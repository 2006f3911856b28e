import type { MouseEvent } from 'react';
import SlSkeleton from '@shoelace-style/shoelace/dist/react/skeleton/index.js';
import { headingCase } from '../../shared/format';
import { DataTable } from '../kit/data-table';
import { Toasts } from '../kit/toasts';
import { faceSheet, QueueCard, useNavigate, useQueueInfo, type QueueProps } from './queue.component';
import type { ChildQueue } from './queue.resource';

/*
 * The full queue page, apart from the home card (queue.component.tsx): every
 * home draws the cards, and only a visit to /home/queues/{id} loads this.
 */

/** Child queues as tabs: a row of links that wraps on a narrow screen, never wider than the page. */
const CHILD_QUEUES_CSS = `
.child-queues ul { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); margin: 0 0 var(--care-space-s); padding: 0; list-style: none; }
.child-queues a { display: inline-block; max-width: 100%; padding: var(--care-space-3xs) var(--care-space-s); border: 1px solid var(--care-color-border-input); border-radius: var(--care-radius-pill);
  color: var(--care-color-link); text-decoration: none; overflow-wrap: anywhere; }
.child-queues a:hover { background: var(--care-color-hover); }
.child-queue-count { margin-left: var(--care-space-2xs); padding: 0 var(--care-space-2xs); border-radius: var(--care-radius-pill); background: var(--care-color-hover); color: var(--care-color-text); font-size: var(--care-font-size-s); }
`;

/**
 * Spec 000 section 3, "Queue: ... childQueues": the queues under this one,
 * each a link with its label and count that opens that queue's page.
 */
function ChildQueues({ queues, navigate }: { queues: ChildQueue[]; navigate: (path: string) => (event?: MouseEvent) => void }) {
  if (queues.length === 0) return null;
  return (
    <nav className="child-queues" aria-label="Child queues">
      <style>{CHILD_QUEUES_CSS}</style>
      <ul>
        {queues.map((q) => {
          const path = `/home/queues/${encodeURIComponent(q.id)}`;
          return (
            <li key={q.id}>
              <a href={path} onClick={navigate(path)}>
                {headingCase(q.queueLabel)}{' '}
                <span className="child-queue-count">{q.count}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The full queue at /home/queues/{queueId}: its child queues, every visible column filterable. */
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
      {info && <ChildQueues queues={info.childQueues} navigate={navigate} />}
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
