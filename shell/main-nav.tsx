import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { GuardedLink } from './guarded-link';
import { flagsAllow, type Flags } from '../shared/permissions';
import { ChatUnreadBadge } from './lazy-routes';
import { useHasPage } from './pages';
import { WidgetMount } from './widget-mount';

/**
 * Main navigation of spec 000 section 2 and spec 002 routes; each item's flags
 * must all hold, and its page must exist (shell/pages.tsx), so no item leads
 * to "Page not found" and each appears once its page is added.
 */
const NAV_ITEMS: { label: string; href: string; flags?: string[] }[] = [
  { label: 'Home', href: '/home' },
  { label: 'Chat', href: '/chat', flags: ['chat'] },
  { label: 'Reports', href: '/reports', flags: ['hasReports'] },
  { label: 'Program Dashboard', href: '/program-dashboard', flags: ['isDirector'] },
  { label: 'Resource Library', href: '/resource-library' },
];

export function MainNav({ flags }: { flags: Partial<Flags> }) {
  const [location] = useLocation();
  const hasPage = useHasPage();
  return (
    <nav className="care-main-nav" aria-label="Main">
      <ul>
        {NAV_ITEMS.filter((item) => hasPage(item.href) && flagsAllow(flags, item.flags)).map((item) => {
          const current = location === item.href || location.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <GuardedLink href={item.href} aria-current={current ? 'page' : undefined}>
                {item.label}
                {item.href === '/chat' && (
                  <Suspense fallback={null}>
                    <WidgetMount className="care-nav-badge">
                      <ChatUnreadBadge />
                    </WidgetMount>
                  </Suspense>
                )}
              </GuardedLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
