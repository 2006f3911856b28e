import { HwcForm } from '../widgets/hwc/hwc-form.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /hwc: Handle with Care form (issue 4); public, works without a session. */
export function HwcRoute() {
  usePageTitle('Handle with Care');
  return (
    <main className="care-page">
      <WidgetMount>
        <HwcForm />
      </WidgetMount>
    </main>
  );
}
