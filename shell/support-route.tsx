import { SupportForm } from '../widgets/support/support.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /support: customer support request (spec 002 "Customer support"); public. */
export function SupportRoute() {
  usePageTitle('Customer Support');
  return (
    <main className="care-page">
      <WidgetMount>
        <SupportForm />
      </WidgetMount>
    </main>
  );
}
