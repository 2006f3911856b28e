import { useCallback } from 'react';
import { formatDateTime } from '../../shared/format';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { Column, PageRequest } from '../kit/data-table';
import { ListCard } from '../kit/list-card';
import { fetchHwcEntriesPage, type HwcEntryRow } from './hwc-entries.resource';

export const HWC_ENTRIES_EMPTY = 'No Handle with Care entries';

const COLUMNS: Column<HwcEntryRow>[] = [
  { columnName: 'name', displayHeader: 'Child Name', filterable: true },
  { columnName: 'age', displayHeader: 'Age' },
  { columnName: 'facility_name', displayHeader: 'School', filterable: true },
  { columnName: 'officer_name', displayHeader: 'Officer', filterable: true },
  { columnName: 'created_at', displayHeader: 'Created', filterable: true, format: (value) => formatDateTime(value as string | null) },
  { columnName: 'status', displayHeader: 'Status', filterable: true },
];

/**
 * The current division's Handle with Care entries, newest first, so staff
 * find new ones (the spec gives only the detail route); a row opens /hwc/{id}.
 */
export function HwcEntriesCard() {
  const api = useWidgetApi();
  const emit = useEmit();
  const fetchPage = useCallback((request: PageRequest) => fetchHwcEntriesPage(api, request), [api]);
  return (
    <ListCard
      title="Handle with Care Entries"
      tableId="hwc-entries"
      columns={COLUMNS}
      fetchPage={fetchPage}
      defaultSort="-created_at"
      emptyText={HWC_ENTRIES_EMPTY}
      minWidth="56rem"
      onRowClick={(row) => emit('care-navigate', { path: `/hwc/${row.hwc_patient_uid}` })}
    />
  );
}
