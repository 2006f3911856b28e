import type { ApiClient } from '../../shared/api/client';
import type { PageRequest, PageResult } from '../kit/data-table';
import { fetchViewPage } from '../kit/view-page';

/**
 * A row of `hwc-patient-list` in wire form. Kept apart from hwc.resource (the
 * form and detail page's calls) so the home card does not bring those along.
 */
export type HwcEntryRow = Record<string, unknown> & { hwc_patient_uid: string };

export const fetchHwcEntriesPage = (api: ApiClient, request: PageRequest): Promise<PageResult<HwcEntryRow>> => fetchViewPage(api, 'hwc-patient-list', request);
