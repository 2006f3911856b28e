import { QuickSearch } from '../widgets/patient-search/quick-search.component';
import { WidgetMount } from './widget-mount';

/** The top bar's quick patient search (navigator mode only: TopBar decides), mounted like its custom element. */
export function QuickSearchSlot() {
  return (
    <WidgetMount className="care-quick-search">
      <QuickSearch />
    </WidgetMount>
  );
}
