import type { AuthContext } from '../auth/context';
import { adminViews } from '../admin/admin.views';
import { REFERENCE_MODELS } from '../../shared/reference-models';
import { calendarViews } from '../calendar/calendar.views';
import { citViews } from '../cit/cit.views';
import { hwcViews } from '../hwc/hwc.views';
import { identityViews } from '../identity/identity.views';
import { patientSearchViews } from '../patient-search/patient-search.views';
import { notesViews } from '../notes/notes.views';
import { allergiesViews } from '../allergies/allergies.views';
import { medicationsViews } from '../medications/medications.views';
import { documentsViews } from '../documents/documents.views';
import { outboundReferralsViews } from '../outbound-referrals/outbound-referrals.views';
import { navItemView, patientsViews } from '../patients/patients.views';
import { remindersViews } from '../reminders/reminders.views';
import { patientResourceView, referenceResourceView } from '../resources/resources.views';
import { identityActionLogView } from '../reports/reports.views';
import type { RawBuilder } from 'kysely';
import { WORK_LIST_FLAGS, type Access } from '../security/access';
import { divisionScope, organizationScope, ownMarkets, ownOrganizations, patientScope, referenceScope } from './scopes';

export type ColumnKind = 'text' | 'number' | 'date' | 'timestamp' | 'boolean' | 'uuid' | 'uuid[]' | 'text[]';

export interface ViewDefinition {
  /** Name on the wire (`/api/data/public/<name>`). */
  name: string;
  /** SQL table or view it reads. */
  source: string;
  idColumn: string;
  columns: Record<string, ColumnKind>;
  defaultSort: string;
  /** Row scope for the caller: division, restricted cases, organisation. */
  scope: (auth: AuthContext) => RawBuilder<unknown>;
  /** Who may read it (deny by default: every view says). */
  access: Access;
  /**
   * A list of one patient's rows (notes, documents, ...): the call must name the
   * patient in this column (`patient_uid=<id>`), and the patient access guard
   * answers 404 for one the caller may not see, as every patient route does.
   */
  patientColumn?: string;
  /**
   * The view is a short list whose best plan never turns on the call's values
   * (reference lists, the record's left menu): planned once per connection,
   * as every patient's list is (engine.ts plannedFor).
   */
  planOnce?: true;
  /**
   * Choose a page's ids before reading its rows (engine.ts pageOf): for a view
   * whose commonest sort and filters an index covers with the access facts,
   * so the rows a filter passes over are never read from the table.
   */
  pageByKey?: true;
  /** Fixed condition that makes a shared table look like one model (reference data). */
  fixed?: Record<string, string>;
  /** Counts of the rows kept per group, which answer charts and totals without visiting each row; the first that answers a call is read (smallest first). */
  counts?: ViewCounts[];
}

/**
 * A table of counts per group of a view's rows, read through a view (alias
 * `v`) that has `columns` under the view's names and values, and each
 * group's count in `events`. A count that groups and filters by these columns
 * only is summed from it (engine.ts); a timestamp column there holds days, so
 * it answers only comparisons with dates. `scope` picks the groups the caller
 * sees whole; `rest` the view's rows the caller also sees that `scope` leaves
 * out (counted row by row; null: none).
 */
export interface ViewCounts {
  source: string;
  columns: readonly string[];
  scope: (auth: AuthContext) => RawBuilder<unknown>;
  rest: (auth: AuthContext) => RawBuilder<unknown> | null;
}

const queuePatientView: ViewDefinition = {
  name: 'queue-patient-view',
  source: 'queue_patient_view',
  idColumn: 'patient_uid',
  columns: {
    patient_uid: 'uuid',
    first_name: 'text',
    last_name: 'text',
    birth_date: 'date',
    gender_label: 'text',
    episode_status_label: 'text',
    referral_date: 'date',
    referral_status: 'text',
    referral_source_label: 'text',
    restricted_flag: 'text',
    created_at: 'timestamp',
    updated_at: 'timestamp',
  },
  defaultSort: 'last_name,first_name',
  scope: patientScope('v'),
  access: { anyFlag: WORK_LIST_FLAGS },
  pageByKey: true,
};

const facility: ViewDefinition = {
  name: 'facility',
  source: 'facility',
  idColumn: 'facility_uid',
  columns: { facility_uid: 'uuid', facility_name: 'text', is_in_selections: 'boolean', facility_type: 'text', city: 'text', province_iso: 'text', post_code: 'text' },
  defaultSort: 'facility_name',
  scope: organizationScope('v'),
  access: 'signed-in',
};

const division: ViewDefinition = {
  name: 'division',
  source: 'division',
  idColumn: 'division_uid',
  columns: { division_uid: 'uuid', division_name: 'text', org_uid: 'uuid' },
  defaultSort: 'division_name',
  scope: divisionScope('v'),
  access: 'signed-in',
};

/** Spec 000 section 7 "Hierarchy": the caller's own organisations and their markets. */
const organization: ViewDefinition = {
  name: 'organization',
  source: 'organization',
  idColumn: 'org_uid',
  columns: { org_uid: 'uuid', org_name: 'text', name: 'text', market_uid: 'uuid' },
  defaultSort: 'org_name',
  scope: ownOrganizations('v'),
  access: 'signed-in',
};

const market: ViewDefinition = {
  name: 'reference-market',
  source: 'market',
  idColumn: 'market_uid',
  columns: { market_uid: 'uuid', market_name: 'text' },
  defaultSort: 'market_name',
  scope: ownMarkets('v'),
  access: 'signed-in',
};

function referenceModel(model: string): ViewDefinition {
  return {
    name: model,
    source: 'reference_data',
    idColumn: 'uid',
    columns: { uid: 'uuid', name: 'text', label: 'text', ref_data_type: 'text', default_sort_order: 'number', is_active: 'boolean' },
    defaultSort: 'default_sort_order,label',
    scope: referenceScope('v'),
    access: 'signed-in',
    fixed: { model },
    planOnce: true,
  };
}

export const PUBLIC_VIEWS: Record<string, ViewDefinition> = Object.fromEntries(
  [queuePatientView, facility, division, organization, market, ...remindersViews, ...calendarViews, ...hwcViews, ...citViews, ...patientSearchViews, ...patientsViews, ...notesViews, ...documentsViews, patientResourceView, ...allergiesViews, ...medicationsViews, ...outboundReferralsViews, ...adminViews, identityActionLogView, ...identityViews].map((v) => [v.name, v]),
);

export const REFERENCE_VIEWS: Record<string, ViewDefinition> = Object.fromEntries([
  ...REFERENCE_MODELS.map((m) => [m, referenceModel(m)] as const),
  [navItemView.name, navItemView] as const,
  [referenceResourceView.name, referenceResourceView] as const,
]);
