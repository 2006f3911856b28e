import { QueuePage } from '../widgets/queue/queue.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

export function QueueRoute({ queueId }: { queueId: string }) {
  usePageTitle('Queue');
  return (
    <main className="care-page">
      <WidgetMount>
        <QueuePage key={queueId} queueId={queueId} />
      </WidgetMount>
    </main>
  );
}
