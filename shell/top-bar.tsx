import { GuardedLink } from './guarded-link';
import type { Session } from '../shared/session-store';
import { DebugTools } from './debug-tools';
import { MainNav } from './main-nav';
import { isNavigatorMode } from '../shared/modes';
import { QuickSearchSlot } from './quick-search-slot';
import { UserMenu } from './user-menu';

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
        {flags.hasDebugMode && <DebugTools />}
        <UserMenu session={session} />
      </div>
    </header>
  );
}
