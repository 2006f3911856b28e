import { useCallback, useEffect, useId, useState } from 'react';
import { RESOURCE_TARGETS, type ResourceTarget } from '../../shared/schemas/resources';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { DataTable, type Column, type PageRequest } from '../kit/data-table';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { ResourceLink, siteOf, type ResourceEntry } from './resource-link';
import { fetchLibraryPage, type LibraryRow } from './resources.resource';
import { ResourcesStyles } from './resources.styles';

export const LIBRARY_EMPTY = 'No Resources';

const asEntry = (row: LibraryRow): ResourceEntry => ({ title: row.title, type: row.resource_type, link: row.resource_link, fileName: row.file_name, fileSize: row.file_size });

const COLUMNS: Column<LibraryRow>[] = [
  { columnName: 'title', displayHeader: 'Title', filterable: true, format: (_, row) => <ResourceLink resource={asEntry(row)} /> },
  { columnName: 'category', displayHeader: 'Category', filterable: true },
  { columnName: 'resource_type', displayHeader: 'Type' },
  { columnName: 'resource_link', displayHeader: 'Link', format: (_, row) => <span className="resource-site">{siteOf(asEntry(row))}</span> },
];

const isTarget = (value: string | undefined): value is ResourceTarget => RESOURCE_TARGETS.some((t) => t.value === value);

/**
 * Spec 002 "Resource library" (`/resource-library`): the library's resources
 * for clinicians, or for patients and families, by category; each opens in a
 * new tab (a File resource through its signed link). Title and category can be searched and every column sorted; the
 * server's order (category, then the library's order) comes first.
 */
export function ResourceLibrary({ target: initial }: { target?: string }) {
  const api = useWidgetApi();
  const id = useId();
  const [target, setTarget] = useState<ResourceTarget>(isTarget(initial) ? initial : 'clinician');
  // An embedder may change the attribute after the element is on the page.
  useEffect(() => {
    if (isTarget(initial)) setTarget(initial);
  }, [initial]);
  const fetchPage = useCallback((request: PageRequest) => fetchLibraryPage(api, target, request), [api, target]);
  return (
    <SectionPage title="Resource Library">
      <ResourcesStyles />
      <fieldset className="resource-target">
        <legend>Resources For</legend>
        {RESOURCE_TARGETS.map((t) => (
          <label key={t.value} htmlFor={`${id}-${t.value}`}>
            <input id={`${id}-${t.value}`} type="radio" name={`${id}-target`} value={t.value} checked={target === t.value} onChange={() => setTarget(t.value)} />
            {t.label}
          </label>
        ))}
      </fieldset>
      {/* Keyed by audience: another audience starts on its first page (the other may have fewer pages). */}
      <DataTable key={target} tableId="resource-library" columns={COLUMNS} fetchPage={fetchPage} defaultPageSize={20} emptyText={LIBRARY_EMPTY} minWidth="40rem" />
      <Toasts />
    </SectionPage>
  );
}
