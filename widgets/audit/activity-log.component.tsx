import { useState } from 'react';
import dayjs from 'dayjs';
import { formatDate } from '../../shared/format';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { LoadState } from '../kit/load-state';
import { useFlags } from '../kit/use-flags';
import { useLoaded } from '../kit/use-loaded';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { fetchAuditMessages, type AuditMessage } from './audit.resource';
import { AuditStyles } from './audit.styles';

type Entry = AuditMessage & { id: string };

/** Entries of one calendar day (local time), newest day first as the server sends them. */
function byDay(entries: Entry[]): { day: string; entries: Entry[] }[] {
  const days: { day: string; entries: Entry[] }[] = [];
  for (const e of entries) {
    const day = dayjs(e.messageDate).format('YYYY-MM-DD');
    if (days.at(-1)?.day !== day) days.push({ day, entries: [] });
    days.at(-1)!.entries.push(e);
  }
  return days;
}

/**
 * Spec 001 "Activity log page" (/patients/{id}/audit): the patient's entries
 * grouped by day with a count, each with its time and message; debug mode
 * adds the service method and target.
 */
export function ActivityLog({ patientId }: RecordPageProps) {
  const client = useWidgetApi();
  const debug = !!useFlags()?.hasDebugMode;
  const [pages, setPages] = useState(1);
  const log = useLoaded(async () => {
    const loaded = await Promise.all(Array.from({ length: pages }, (_, i) => fetchAuditMessages(client, patientId, i + 1)));
    return { messages: loaded.flatMap((p) => p.messages), total: loaded[0]?.total ?? 0 };
  }, [client, patientId, pages]);
  const entries = log.data?.messages ?? [];

  return (
    <div className="activity-log">
      <h2>Activity Log</h2>
      <LoadState isLoading={log.isLoading} error={log.error} isEmpty={entries.length === 0} emptyText="No items.">
        {byDay(entries).map(({ day, entries: list }) => (
          <section key={day} className="activity-day" aria-label={formatDate(day)}>
            <h3>
              {formatDate(day)} <span className="count-badge">{list.length}</span>
            </h3>
            <ul>
              {list.map((e) => (
                <li key={e.id}>
                  <time dateTime={e.messageDate}>{dayjs(e.messageDate).format('h:mm A')}</time>
                  <span className="activity-message">{e.formattedMessage}</span>
                  {debug && (
                    <span className="activity-debug">
                      {e.serviceMethod} → {e.targetType} {e.targetUid}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
        {log.data && entries.length < log.data.total && (
          <button type="button" className="care-button" onClick={() => setPages((p) => p + 1)}>
            Show More ...
          </button>
        )}
      </LoadState>
      <AuditStyles />
    </div>
  );
}
