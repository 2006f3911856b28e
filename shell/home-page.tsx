import { Suspense, useEffect, useState, type ReactNode } from 'react';
import type { Resource } from '../shared/api/client';
import { CARE_FLAGS, hasAnyFlag, WORK_LIST_FLAGS, type Flags } from '../shared/permissions';
import type { Session } from '../shared/session-store';
import { LoadState } from '../widgets/kit/load-state';
import { QueueCard } from '../widgets/queue/queue.component';
import { RemindersCard } from '../widgets/reminders/reminders.component';
import { CalendarCard, CitHomePanel, CitSubmissionsCard, HwcEntriesCard, IdentitySearch, IncomingReferrals, ReportCards } from './lazy-routes';
import { shellApi } from './api';
import { HOME_MODE_LABELS, homeMode, type HomeMode } from '../shared/modes';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';
import { shellText as t } from './shell-text';

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

function QueueCards({ divisionUid, hideWhenEmpty, children }: { divisionUid: string; hideWhenEmpty: boolean; children?: ReactNode }) {
  const { queues, error, isLoading } = useQueues(divisionUid);
  if (hideWhenEmpty && !isLoading && !error && queues.length === 0) return null;
  return (
    <div className="care-home-queues">
      {children}
      <LoadState isLoading={isLoading} error={error} isEmpty={queues.length === 0} emptyText="No queues found">
        <div className="care-card-grid">
          {queues.map((q) => (
            <WidgetMount key={q.id} className="care-card-slot">
              <QueueCard queueId={q.id} />
            </WidgetMount>
          ))}
        </div>
      </LoadState>
    </div>
  );
}

type HomeCard = 'calendar' | 'reminders' | 'queues' | 'cit' | 'hwc' | 'reports';

/**
 * Spec 001 section 1 picks the mode; each mode's home opens on its own work:
 * the navigator's calendar and today's reminders, CIT staff their
 * submissions, Handle with Care staff their entries, community and sponsor
 * users their queues and today's reminders. Identity and health-and-wellness
 * homes keep the division's queues until their own panels arrive. Handle
 * with Care entries follow whatever the mode shows; users with reports see
 * the report cards last (spec 000 section 2).
 */
function homeCards(mode: HomeMode, flags: Partial<Flags>): HomeCard[] {
  const cards = modeCards(mode, flags);
  return flags.hasReports ? [...cards, 'reports'] : cards;
}

function modeCards(mode: HomeMode, flags: Partial<Flags>): HomeCard[] {
  if (mode === 'navigator') return flags.handleWithCare ? ['calendar', 'reminders', 'queues', 'hwc'] : ['calendar', 'reminders', 'queues'];
  const cards: HomeCard[] = [];
  if (mode === 'cit') cards.push('cit');
  if (mode === 'hwcStaff') cards.push('hwc');
  if (hasAnyFlag(flags, WORK_LIST_FLAGS)) cards.push('queues');
  if (mode === 'community' || mode === 'sponsor') cards.push('reminders');
  if (flags.handleWithCare && !cards.includes('hwc')) cards.push('hwc');
  return cards;
}

/** A mode's home whose own list is the queues shows "No queues found" rather than nothing. */
const QUEUE_HOMES: HomeMode[] = ['navigator', 'community', 'sponsor'];

function HomeCards({ mode, session }: { mode: HomeMode; session: Session }) {
  const division = session.currentDivisionUid;
  const lazy = (card: ReactNode) => <Suspense fallback={<LoadState isLoading lines={4} />}>{card}</Suspense>;
  return (
    // The navigator's calendar sits beside today's reminders, the queues below (spec 000 section 2).
    <div className={mode === 'navigator' ? 'care-home-cards care-home-navigator' : 'care-home-cards'}>
      {homeCards(mode, session.flags).map((card) => {
        switch (card) {
          case 'calendar':
            return (
              <WidgetMount key={card} className="care-home-calendar">
                {lazy(<CalendarCard key={division} />)}
              </WidgetMount>
            );
          case 'reminders':
            return (
              <WidgetMount key={card} className="care-home-reminders">
                <RemindersCard key={division} />
              </WidgetMount>
            );
          case 'queues':
            return (
              <QueueCards key={card} divisionUid={division} hideWhenEmpty={!QUEUE_HOMES.includes(mode)}>
                {hasAnyFlag(session.flags, CARE_FLAGS) && (
                  // Referrals another division sent here wait above the queues they join once linked; the card draws nothing while none waits.
                  <WidgetMount key={division} className="care-home-incoming">
                    <Suspense fallback={null}>
                      <IncomingReferrals variant="card" />
                    </Suspense>
                  </WidgetMount>
                )}
              </QueueCards>
            );
          case 'cit':
            return (
              <WidgetMount key={card} className="care-home-cit">
                {lazy(<CitSubmissionsCard key={division} />)}
              </WidgetMount>
            );
          case 'hwc':
            return (
              <WidgetMount key={card} className="care-home-hwc">
                {lazy(<HwcEntriesCard key={division} />)}
              </WidgetMount>
            );
          case 'reports':
            return (
              <WidgetMount key={card} className="care-home-reports">
                {lazy(<ReportCards key={division} />)}
              </WidgetMount>
            );
        }
      })}
    </div>
  );
}

/**
 * Content by the first matching role (spec 001 section 1); with none, the
 * spec's waiting text. `query` is the address's, where the identity search
 * keeps its criteria.
 */
export function HomePage({ session, query }: { session: Session; query: string }) {
  const mode = homeMode(session.flags);
  // Each mode's home is titled by the work it holds; the navigator's is the product's plain Home.
  const title = mode === null || mode === 'navigator' ? t('home.title') : t('home.modeTitle', { mode: HOME_MODE_LABELS[mode] });
  usePageTitle(title);
  return (
    <main className="care-page">
      <h1>{title}</h1>
      {mode === 'identity' && (
        // Spec 001 section 1: the identity left panel (search form, recent patients) and the results beside it.
        <WidgetMount key={session.currentDivisionUid} className="care-home-identity">
          <Suspense fallback={<LoadState isLoading lines={6} />}>
            <IdentitySearch query={query} />
          </Suspense>
        </WidgetMount>
      )}
      {mode === 'cit' ? (
        // Spec 001 section 1: CIT users get a left panel too, beside their cards.
        <div className="care-home-with-panel">
          <WidgetMount key={session.currentDivisionUid} className="care-home-cit-panel">
            <Suspense fallback={<LoadState isLoading lines={4} />}>
              <CitHomePanel />
            </Suspense>
          </WidgetMount>
          <HomeCards mode={mode} session={session} />
        </div>
      ) : mode === null ? (
        <p>{t('home.checking')}</p>
      ) : (
        <HomeCards mode={mode} session={session} />
      )}
    </main>
  );
}
