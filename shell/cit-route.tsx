import { CitForm } from '../widgets/cit/cit-form.component';
import { usePageTitle } from './page-title';
import { WidgetMount } from './widget-mount';

/** /cit/{state}: public CIT contact sheet (spec 002); no session needed. */
export function CitRoute({ state }: { state: string }) {
  usePageTitle('CIT Contact Sheet');
  return (
    <main className="care-page">
      <WidgetMount>
        <CitForm state={state.toLowerCase()} />
      </WidgetMount>
    </main>
  );
}
