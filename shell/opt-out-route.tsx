import { OptOut } from '../widgets/opt-out/opt-out.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /engagements/opt-out/{token} (spec 002 "Engagement opt-out"); public. */
export function OptOutRoute({ token }: { token: string }) {
  usePageTitle('Opt out');
  return (
    <main className="care-page">
      <WidgetMount>
        <OptOut optOutToken={token} />
      </WidgetMount>
    </main>
  );
}
