import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDropdown from '@shoelace-style/shoelace/dist/react/dropdown/index.js';
import type { Document, Resource } from '../shared/api/client';
import { formatDateTime } from '../shared/format';
import { syncStatusOf, type SourceStatus, type SyncStatus } from '../shared/schemas/identity-search';
import { LoadState } from '../widgets/kit/load-state';
import { StatusBadge, type BadgeVariant } from '../widgets/kit/status-badge';
import { shellApi } from './api';
import { WidgetMount } from './widget-mount';
import { accountText as t } from './account-text';

const css = /* css */ `
:host { display: block; background: var(--care-color-surface); border: 1px solid var(--care-color-border-input); border-radius: var(--care-radius-m); box-shadow: var(--sl-shadow-large); max-width: min(34rem, 95vw); }
/* The list scrolls inside the popover, and a keyboard can reach and scroll it. */
.sources { max-height: 70vh; overflow: auto; padding: var(--care-space-s) var(--care-space-m); }
h2 { margin: 0 0 var(--care-space-xs); font-size: var(--care-font-size-m); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: var(--care-space-2xs) var(--care-space-s) var(--care-space-2xs) 0; border-bottom: 1px solid var(--care-color-hover); font-size: var(--care-font-size-s); white-space: nowrap; }
tbody th { font-weight: var(--care-font-weight-normal); }
`;

const VARIANT: Record<SyncStatus, BadgeVariant> = { Complete: 'success', Ok: 'success', 'In Process': 'warning', Warning: 'warning', Error: 'danger' };
/** The extract's file names as people say them ('source_child' → 'Source child'). */
const sourceLabel = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/**
 * Spec 000 "Top bar": in identity mode a "Last Updated" popover listing the
 * data sources with their last refresh and sync status (In Process, Warning,
 * Ok, Complete; anything else is shown as an error). The list is read when
 * the popover opens, each time, so it says what the last import did.
 */
export function LastUpdated({ divisionUid }: { divisionUid: string }) {
  const [state, setState] = useState<{ rows: SourceStatus[] | null; error: unknown; isLoading: boolean }>({ rows: null, error: null, isLoading: true });
  const load = () => {
    setState((s) => ({ ...s, error: null, isLoading: true }));
    shellApi()
      .get<Document<Resource<SourceStatus>[]>>('data/public/tbl_identity_source_status')
      .then((doc) => setState({ rows: doc.data.map((r) => r.attributes), error: null, isLoading: false }))
      .catch((error: unknown) => setState({ rows: null, error, isLoading: false }));
  };
  return (
    <SlDropdown key={divisionUid} placement="bottom-end" distance={4} className="care-last-updated" onSlShow={(e) => e.target === e.currentTarget && load()}>
      <SlButton slot="trigger" variant="text" caret>
        {t('lastUpdated.button')}
      </SlButton>
      <WidgetMount className="care-last-updated-panel">
        <style>{css}</style>
        <div className="sources" tabIndex={0} role="region" aria-labelledby="care-last-updated-heading">
          <h2 id="care-last-updated-heading">{t('lastUpdated.heading')}</h2>
          <LoadState isLoading={state.isLoading && !state.rows} error={state.error} isEmpty={state.rows?.length === 0} emptyText={t('lastUpdated.empty')} compact lines={4}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('lastUpdated.source')}</th>
                  <th scope="col">{t('lastUpdated.lastRefresh')}</th>
                  <th scope="col">{t('lastUpdated.status')}</th>
                </tr>
              </thead>
              <tbody>
                {state.rows?.map((r) => {
                  const status = syncStatusOf(r.status);
                  return (
                    <tr key={r.sourceName} title={r.details ?? undefined}>
                      <th scope="row">{sourceLabel(r.sourceName)}</th>
                      <td>{formatDateTime(r.lastRefreshDate) || '—'}</td>
                      <td>
                        <StatusBadge variant={VARIANT[status]}>{status}</StatusBadge>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </LoadState>
        </div>
      </WidgetMount>
    </SlDropdown>
  );
}
