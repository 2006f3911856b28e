import { useCallback } from 'react';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { Column, PageRequest } from '../kit/data-table';
import { ListCard } from '../kit/list-card';
import { fetchCitSubmissionPage, type CitSubmissionRow } from './cit.resource';

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

const COLUMNS: Column<CitSubmissionRow>[] = [
  { columnName: 'incident_date_time', displayHeader: 'Incident', filterable: true },
  { columnName: 'last_name', displayHeader: 'Last Name', filterable: true },
  { columnName: 'first_name', displayHeader: 'First Name', filterable: true },
  { columnName: 'officer_name', displayHeader: 'Officer', filterable: true },
  { columnName: 'approval_status', displayHeader: 'Status', filterable: true, format: (value) => STATUS_LABELS[String(value)] ?? String(value ?? '') },
];

/**
 * The current division's CIT contact sheets, newest first, so CIT staff and
 * supervisors can find the ones waiting for approval; a row opens
 * /cit-submission/{id}.
 */
export function CitSubmissionsCard() {
  const api = useWidgetApi();
  const emit = useEmit();
  const fetchPage = useCallback((request: PageRequest) => fetchCitSubmissionPage(api, request), [api]);
  return (
    <ListCard
      title="CIT Submissions"
      tableId="cit-submissions"
      columns={COLUMNS}
      fetchPage={fetchPage}
      defaultSort="-created_at"
      onRowClick={(row) => emit('care-navigate', { path: `/cit-submission/${row.submission_uid}` })}
    />
  );
}
