import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { GuardedLink } from './guarded-link';
import type { Flags } from '../shared/permissions';
import { ChatUnreadBadge } from './lazy-routes';
import { useRouteAccess } from './pages';
import { WidgetMount } from './widget-mount';

/**
 * Main navigation of spec 000 section 2 and spec 002 routes; an item shows
 * only when its page exists and the user's flags open it (the route's flags
 * in shell/routes.ts), so no item leads to "Page not found" or to a refusal.
 */
const NAV_ITEMS: { label: string; href: string }[] = [
  { label: 'Home', href: '/home' },
  { label: 'Chat', href: '/chat' },
  { label: 'Reports', href: '/reports' },
  { label: 'Program Dashboard', href: '/program-dashboard' },
  { label: 'Resource Library', href: '/resource-library' },
  { label: 'Emergency Access', href: '/emergency-access' },
];

export function MainNav({ flags }: { flags: Partial<Flags> }) {
  const [location] = useLocation();
  const access = useRouteAccess();
  return (
    <nav className="care-main-nav" aria-label="Main">
      <ul>
        {NAV_ITEMS.filter((item) => access(item.href, flags) === 'open').map((item) => {
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
