import { sql } from 'kysely';
import type { AuthContext } from '../auth/context';
import type { ViewDefinition } from '../dataviews/types';
import { currentDivisionScope } from '../dataviews/scopes';

/** A facility of the caller's organisation: its own, or linked through organization_facility. */
export const ownFacility = (alias: string) => (auth: AuthContext) =>
  sql`(${sql.ref(alias)}.org_uid = ${auth.orgUid} or ${sql.ref(alias)}.facility_uid in (select facility_uid from organization_facility where org_uid = ${auth.orgUid}))`;

/**
 * Spec 002 "Facility distribution list entry": a school's list, read by the
 * Handle with Care detail page with `facility_uid__eq`.
 */
export const facilityDistributionListView: ViewDefinition = {
  name: 'facility-distribution-list',
  source: 'facility_distribution_list_view',
  idColumn: 'id',
  columns: { id: 'uuid', facility_uid: 'uuid', name: 'text', email_address: 'text', created_at: 'timestamp' },
  defaultSort: 'created_at',
  scope: ownFacility('v'),
  access: { anyFlag: ['handleWithCare'] },
};

/**
 * The staff card's list: the current division's entries (like every other
 * list), newest first. Another division's entries are not there at all.
 */
export const hwcPatientListView: ViewDefinition = {
  name: 'hwc-patient-list',
  source: 'hwc_patient_list_view',
  idColumn: 'hwc_patient_uid',
  columns: { hwc_patient_uid: 'uuid', name: 'text', age: 'number', facility_name: 'text', officer_name: 'text', created_at: 'timestamp', status: 'text' },
  defaultSort: '-created_at',
  scope: currentDivisionScope('v'),
  access: { anyFlag: ['handleWithCare'] },
};

/** List views of this area, served by the data-view engine at /api/data/public/<name>. */
export const hwcViews: ViewDefinition[] = [facilityDistributionListView, hwcPatientListView];
