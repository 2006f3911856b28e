import { useCallback } from 'react';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult } from '../kit/data-table';
import { fetchViewPage } from '../kit/view-page';

/** A row of the data view `patient-list`, in wire form: its keys go back unchanged as sort and filter columns. */
export interface PatientListRow extends Record<string, unknown> {
  patient_uid: string;
  last_name: string;
  first_name: string;
  birth_date: string | null;
  gender_label: string | null;
  episode_status_label: string | null;
  referral_date: string | null;
  referral_source_label: string | null;
}

/** A stable page fetcher for DataTable over `GET /api/data/public/patient-list` (the current division, server-paged). */
export function usePatientListFetcher(): (request: PageRequest) => Promise<PageResult<PatientListRow>> {
  const client = useWidgetApi();
  return useCallback((request: PageRequest) => fetchViewPage<PatientListRow>(client, 'patient-list', request), [client]);
}
