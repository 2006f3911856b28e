import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import SlDropdown from '@shoelace-style/shoelace/dist/react/dropdown/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlMenu from '@shoelace-style/shoelace/dist/react/menu/index.js';
import SlMenuItem from '@shoelace-style/shoelace/dist/react/menu-item/index.js';
import SlMenuLabel from '@shoelace-style/shoelace/dist/react/menu-label/index.js';
import SlDivider from '@shoelace-style/shoelace/dist/react/divider/index.js';
import type { Resource } from '../shared/api/client';
import type { Session } from '../shared/session-store';
import { toast } from '../widgets/kit/toasts';
import { shellApi } from './api';
import { useRouteAccess } from './pages';
import { signOut, switchDivision } from './account-actions';
import { accountText as t } from './account-text';

// Its form code loads when the dialog is first opened, not with the top bar.
const ChangePasswordDialog = lazy(() => import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));

type Destination = Resource<{ name: string; label: string; url: string }>;

/**
 * "Admin" shows only when the server lists a destination named 'admin' (spec
 * 000 section 2), which it does for users with navigatorAdmin, and the shell's
 * route to it opens for the user.
 */
function useAdminUrl({ currentDivisionUid: divisionUid, flags }: Session): string | null {
  const access = useRouteAccess();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    shellApi()
      .get<{ data: Destination[] }>('destinations')
      .then((doc) => {
        const url = doc.data.find((d) => d.attributes.name === 'admin')?.attributes.url ?? null;
        if (live) setUrl(url && access(url, flags) === 'open' ? url : null);
      })
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [divisionUid]);
  return url;
}

const DIVISION_PREFIX = 'division:';

export function UserMenu({ session }: { session: Session }) {
  const [, navigate] = useLocation();
  const [changingPassword, setChangingPassword] = useState(false);
  const adminUrl = useAdminUrl(session);
  const divisions = session.accessibleDivisions ?? [];

  const onSelect = async (value: string) => {
    if (value === 'change-password') setChangingPassword(true);
    else if (value === 'admin' && adminUrl) navigate(adminUrl);
    else if (value === 'logout') await signOut(() => navigate('/login', { replace: true }));
    else if (value.startsWith(DIVISION_PREFIX)) {
      try {
        await switchDivision(value.slice(DIVISION_PREFIX.length));
        navigate('/home', { replace: true });
      } catch (err) {
        toast(t('userMenu.switchFailed', { reason: (err as Error).message }), 'danger');
      }
    }
  };

  return (
    <>
      <SlDropdown placement="bottom-end" className="care-user-menu">
        <SlButton slot="trigger" caret variant="text">
          {session.displayName || session.userName}
        </SlButton>
        <SlMenu onSlSelect={(e) => void onSelect(e.detail.item.value)}>
          {session.authenticationService === 'careweave' && <SlMenuItem value="change-password">{t('userMenu.changePassword')}</SlMenuItem>}
          {adminUrl && <SlMenuItem value="admin">{t('userMenu.admin')}</SlMenuItem>}
          {divisions.length > 1 && (
            <>
              <SlDivider />
              <SlMenuLabel>{t('userMenu.division')}</SlMenuLabel>
              {divisions.map((d) => (
                <SlMenuItem
                  key={d.divisionUid}
                  type="checkbox"
                  value={`${DIVISION_PREFIX}${d.divisionUid}`}
                  checked={d.divisionUid === session.currentDivisionUid}
                  // The current division is not a choice; disabled also stops Shoelace unticking it on click.
                  disabled={d.divisionUid === session.currentDivisionUid}
                >
                  {d.divisionName}
                </SlMenuItem>
              ))}
            </>
          )}
          <SlDivider />
          <SlMenuItem value="logout">{t('userMenu.logout')}</SlMenuItem>
        </SlMenu>
      </SlDropdown>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog userName={session.userName} open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}
