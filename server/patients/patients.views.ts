import { sql } from 'kysely';
import type { AuthContext } from '../auth/context';
import type { ViewDefinition } from '../dataviews/types';
import { accessClassCounts, currentDivisionScope, patientScope, referenceScope } from '../dataviews/scopes';
import { PATIENT_LIST_FLAGS } from '../../shared/permissions';

/**
 * `/patients` for every mode but identity (spec 001 section 2): the current
 * division's patients, as the work queues show them.
 */
export const patientListView: ViewDefinition = {
  name: 'patient-list',
  source: 'queue_patient_view',
  idColumn: 'patient_uid',
  columns: {
    patient_uid: 'uuid',
    last_name: 'text',
    first_name: 'text',
    birth_date: 'date',
    gender_label: 'text',
    episode_status_label: 'text',
    referral_date: 'date',
    referral_source_label: 'text',
    updated_at: 'timestamp',
  },
  defaultSort: 'last_name,first_name',
  scope: patientScope('v'),
  access: { anyFlag: PATIENT_LIST_FLAGS },
  // Migration 061: the unfiltered list's total from the division's patients per access class.
  counts: [accessClassCounts('patient_list_count_view', [], currentDivisionScope('v'))],
};

/**
 * Feature flags with a leading '!' negated (spec 000 "Patient side
 * navigation"): an item shows when all hold; `a|b` holds when either does
 * (a page for several modes).
 */
function flagsHold(auth: AuthContext) {
  const held = Object.entries(auth.flags).filter(([, on]) => on).map(([flag]) => flag);
  return sql`not exists (select 1 from unnest(v.feature_flag) f
    where case when left(f, 1) = '!' then substr(f, 2) = any(${held}::text[]) else not (string_to_array(f, '|') && ${held}::text[]) end)`;
}

/**
 * `/api/data/reference/reference-nav-item?ref_data_type=patient`: the record's
 * left menu, only the items whose flags the caller holds, so a page the caller
 * may not open has no item.
 */
export const navItemView: ViewDefinition = {
  name: 'reference-nav-item',
  source: 'nav_item',
  idColumn: 'nav_item_uid',
  columns: {
    nav_item_uid: 'uuid',
    ref_data_type: 'text',
    nav_item_label: 'text',
    app_module: 'text',
    route: 'text',
    default_sort_order: 'number',
    parent_nav_item_uid: 'uuid',
    feature_flag: 'text[]',
    // Spec 000 section 3, "Nav item: ... queryParams": the link's query string (migration 071).
    query_params: 'text',
  },
  defaultSort: 'default_sort_order,nav_item_label',
  scope: (auth) => sql`v.is_active and ${flagsHold(auth)} and ${referenceScope('v')(auth)}`,
  access: 'signed-in',
  planOnce: true,
};

/** List views of this area, served by the data-view engine at /api/data/public/<name>. */
export const patientsViews: ViewDefinition[] = [patientListView];
