import { HwcDetail } from '../widgets/hwc/hwc-detail.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /hwc/{id}: Handle with Care detail for staff (issue 4). */
export function HwcDetailRoute({ id }: { id: string }) {
  usePageTitle('Handle with Care');
  return (
    <main className="care-page">
      <WidgetMount>
        <HwcDetail key={id} hwcId={id} />
      </WidgetMount>
    </main>
  );
}
