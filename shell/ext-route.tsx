import { useStore } from '@nanostores/react';
import { $session } from '../shared/session-store';
import { ReferralFormWidget } from '../widgets/ext/referral-form.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/**
 * /ext/{externalActionInstance}/{type}: the public external action pages
 * (spec 000), with the API base and no token: the pages never use (or drop,
 * on their own 401) a signed-in user's session.
 */
export function ExtRoute({ instance, type }: { instance: string; type?: string }) {
  usePageTitle('Referral');
  const { apiBase } = useStore($session);
  return (
    <main className="care-page">
      <WidgetMount apiBase={apiBase}>
        <ReferralFormWidget instance={instance} type={type ?? ''} />
      </WidgetMount>
    </main>
  );
}
