import { lazy, Suspense } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { GuardedLink } from './guarded-link';
import type { Session } from '../shared/session-store';
import { MainNav } from './main-nav';
import { isNavigatorMode } from '../shared/modes';
import { QuickSearchSlot } from './quick-search-slot';

// The menu (dropdown, floating-ui) and the debug tools load right after the first paint (issue 15).
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const DebugTools = lazy(() => import('./debug-tools').then((m) => ({ default: m.DebugTools })));
// Identity mode's data-source popover (spec 000 "Top bar"): its own chunk, fetched only for identity users.
const LastUpdated = lazy(() => import('./last-updated').then((m) => ({ default: m.LastUpdated })));

export function TopBar({ session }: { session: Session }) {
  const flags = session.flags ?? {};
  return (
    <header className="care-top-bar">
      <GuardedLink href="/home" className="care-logo" aria-label="Careweave home">
        Careweave
      </GuardedLink>
      <MainNav flags={flags} />
      <div className="care-top-bar-end">
        {isNavigatorMode(flags) && <QuickSearchSlot />}
        {flags.hasAppIdentity && (
          <Suspense fallback={null}>
            <LastUpdated divisionUid={session.currentDivisionUid} />
          </Suspense>
        )}
        <Suspense
          fallback={
            <SlButton caret variant="text" disabled className="care-user-menu">
              {session.displayName || session.userName}
            </SlButton>
          }
        >
          {flags.hasDebugMode && <DebugTools />}
          <UserMenu session={session} />
        </Suspense>
      </div>
    </header>
  );
}
