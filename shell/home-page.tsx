import { Suspense, useEffect, useState } from 'react';
import type { Resource } from '../shared/api/client';
import { hasAnyFlag, WORK_LIST_FLAGS } from '../shared/permissions';
import type { Session } from '../shared/session-store';
import { LoadState } from '../widgets/kit/load-state';
import { CalendarCard } from '../widgets/calendar/calendar.component';
import { QueueCard } from '../widgets/queue/queue.component';
import { RemindersCard } from '../widgets/reminders/reminders.component';
import { CitSubmissionsCard, HwcEntriesCard } from './lazy-routes';
import { shellApi } from './api';
import { HOME_MODE_LABELS, homeMode } from '../shared/modes';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

type Queue = Resource<{ queueLabel: string; count: number }>;

/** Queues belong to the current division, so a division switch reloads them. */
function useQueues(divisionUid: string) {
  const [state, setState] = useState<{ queues: Queue[]; error: unknown; isLoading: boolean }>({ queues: [], error: null, isLoading: true });
  useEffect(() => {
    let live = true;
    setState({ queues: [], error: null, isLoading: true });
    shellApi()
      .get<{ data: Queue[] }>('queues')
      .then((doc) => live && setState({ queues: doc.data, error: null, isLoading: false }))
      .catch((error: unknown) => live && setState({ queues: [], error, isLoading: false }));
    return () => {
      live = false;
    };
  }, [divisionUid]);
  return state;
}

function QueueCards({ divisionUid, hideWhenEmpty }: { divisionUid: string; hideWhenEmpty: boolean }) {
  const { queues, error, isLoading } = useQueues(divisionUid);
  if (hideWhenEmpty && !isLoading && !error && queues.length === 0) return null;
  return (
    <LoadState isLoading={isLoading} error={error} isEmpty={queues.length === 0} emptyText="No queues found">
      <div className="care-card-grid">
        {queues.map((q) => (
          <WidgetMount key={q.id} className="care-card-slot">
            <QueueCard queueId={q.id} />
          </WidgetMount>
        ))}
      </div>
    </LoadState>
  );
}

/**
 * Spec 001 section 1: content by the first matching role. Navigator home
 * (spec 000 section 2): calendar, reminders and queue cards. The other
 * modes' own cards arrive with their areas; until then they show their
 * heading and any queues of the division. Handle with Care staff get their
 * entries after whatever their mode shows, or as their whole home.
 */
export function HomePage({ session }: { session: Session }) {
  const mode = homeMode(session.flags);
  // Each mode's home is titled by the work it holds; the navigator's is the product's plain Home.
  const title = mode === null || mode === 'navigator' ? 'Home' : `${HOME_MODE_LABELS[mode]} Home`;
  usePageTitle(title);
  return (
    <main className="care-page">
      <h1>{title}</h1>
      {mode === null ? (
        <p>Checking roles and permissions</p>
      ) : (
        <>
          {mode === 'navigator' ? (
            <div className="care-home-navigator">
              <WidgetMount className="care-home-calendar">
                <CalendarCard key={session.currentDivisionUid} />
              </WidgetMount>
              <WidgetMount className="care-home-reminders">
                <RemindersCard key={session.currentDivisionUid} />
              </WidgetMount>
              <div className="care-home-queues">
                <QueueCards divisionUid={session.currentDivisionUid} hideWhenEmpty={false} />
              </div>
            </div>
          ) : (
            <>
              {mode === 'cit' && (
                <WidgetMount className="care-home-cit">
                  <Suspense fallback={<LoadState isLoading lines={4} />}>
                    <CitSubmissionsCard key={session.currentDivisionUid} />
                  </Suspense>
                </WidgetMount>
              )}
              {hasAnyFlag(session.flags, WORK_LIST_FLAGS) && <QueueCards divisionUid={session.currentDivisionUid} hideWhenEmpty />}
            </>
          )}
          {session.flags.handleWithCare && (
            <WidgetMount className="care-home-hwc">
              <Suspense fallback={<LoadState isLoading lines={4} />}>
                <HwcEntriesCard key={session.currentDivisionUid} />
              </Suspense>
            </WidgetMount>
          )}
        </>
      )}
    </main>
  );
}
