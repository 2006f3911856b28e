import { useSearch } from 'wouter';
import { BackToWork } from '../widgets/b2w/b2w.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /b2w?vendorCode=...: Back to Work (spec 002); public. The vendor code comes with the link a manager hands out. */
export function B2wRoute() {
  usePageTitle('Back to Work');
  const vendorCode = new URLSearchParams(useSearch()).get('vendorCode') ?? '';
  return (
    <main className="care-page">
      <WidgetMount>
        <BackToWork vendorCode={vendorCode} />
      </WidgetMount>
    </main>
  );
}
