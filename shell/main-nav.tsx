import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { GuardedLink } from './guarded-link';
import type { Flags } from '../shared/permissions';
import { ChatUnreadBadge } from './lazy-routes';
import { useRouteAccess } from './pages';
import { WidgetMount } from './widget-mount';
import { shellText as t } from './shell-text';

/**
 * Main navigation of spec 000 section 2 and spec 002 routes; an item shows
 * only when its page exists and the user's flags open it (the route's flags
 * in shell/routes.ts), so no item leads to "Page not found" or to a refusal.
 */
const NAV_ITEMS: { label: string; href: string }[] = [
  { label: 'home.title', href: '/home' },
  { label: 'pages.chat', href: '/chat' },
  { label: 'pages.reports', href: '/reports' },
  { label: 'pages.programDashboard', href: '/program-dashboard' },
  { label: 'pages.resourceLibrary', href: '/resource-library' },
  { label: 'pages.emergencyAccess', href: '/emergency-access' },
];

export function MainNav({ flags }: { flags: Partial<Flags> }) {
  const [location] = useLocation();
  const access = useRouteAccess();
  return (
    <nav className="care-main-nav" aria-label={t('nav.label')}>
      <ul>
        {NAV_ITEMS.filter((item) => access(item.href, flags) === 'open').map((item) => {
          const current = location === item.href || location.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <GuardedLink href={item.href} aria-current={current ? 'page' : undefined}>
                {t(item.label)}
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
