import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { GuardedLink } from './guarded-link';
import type { Session } from '../shared/session-store';
import { MainNav } from './main-nav';
import { hasAnyFlag, QUICK_SEARCH_FLAGS } from '../shared/permissions';
import { QuickSearchSlot } from './quick-search-slot';
import { shellText as t } from './shell-text';

// The menu (dropdown, floating-ui) and the debug tools load right after the first paint (issue 15).
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const DebugTools = lazy(() => import('./debug-tools').then((m) => ({ default: m.DebugTools })));
// Identity mode's data-source popover (spec 000 "Top bar"): its own chunk, fetched only for identity users.
const LastUpdated = lazy(() => import('./last-updated').then((m) => ({ default: m.LastUpdated })));

export function TopBar({ session }: { session: Session }) {
  const flags = session.flags ?? {};
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A page chosen from the phone's menu closes it, so the page opens under the one-line bar.
  useEffect(() => setMenuOpen(false), [location]);
  const closeOnEscape = (event: KeyboardEvent) => {
    // An open dropdown, dialog or search list in the menu closes first (they take the key or are still open as it arrives).
    if (event.key !== 'Escape' || !menuOpen || event.defaultPrevented || (event.target as Element).closest('sl-dropdown[open], sl-dialog')) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  return (
    // On a phone (shell.css) the bar is one row, the menu button, the brand and the quick search; the button opens the nav and the user's controls under it.
    <header className={menuOpen ? 'care-top-bar care-menu-open' : 'care-top-bar'} onKeyDown={closeOnEscape}>
      <button ref={menuButton} type="button" className="care-menu-button" aria-label={t('topBar.menu')} aria-expanded={menuOpen} aria-controls="care-top-bar-menu" onClick={() => setMenuOpen(!menuOpen)}>
        <svg viewBox="0 0 16 16" width="20" height="20" aria-hidden="true" fill="currentColor">
          <path d="M1 3h14v1.5H1zm0 4.25h14v1.5H1zm0 4.25h14V13H1z" />
        </svg>
      </button>
      <GuardedLink href="/home" className="care-logo" aria-label={t('topBar.home')}>
        {t('product')}
      </GuardedLink>
      <div id="care-top-bar-menu" className="care-top-bar-menu">
        <MainNav flags={flags} />
        <div className="care-top-bar-end">
          {hasAnyFlag(flags ?? {}, QUICK_SEARCH_FLAGS) && <QuickSearchSlot />}
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
      </div>
    </header>
  );
}
