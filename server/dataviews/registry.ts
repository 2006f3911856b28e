import { adminViews } from '../admin/admin.views';
import { REFERENCE_MODELS } from '../../shared/reference-models';
import { UNKNOWN_FACILITY } from '../../shared/constants';
import { calendarViews } from '../calendar/calendar.views';
import { citViews } from '../cit/cit.views';
import { hwcViews } from '../hwc/hwc.views';
import { identityViews } from '../identity/identity.views';
import { identityListViews } from '../identity-search/identity-lists.views';
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
import { WORK_LIST_FLAGS } from '../security/access';
import type { ViewDefinition } from './types';
import { divisionScope, organizationScope, ownMarkets, ownOrganizations, patientScope, referenceScope } from './scopes';

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
    referral_reason: 'text',
    referral_codes: 'text',
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
  // Spec 001 section 8: a facility reference that cannot be resolved (another organisation's is as good as none).
  notFoundMessage: UNKNOWN_FACILITY,
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
  [queuePatientView, facility, division, organization, market, ...remindersViews, ...calendarViews, ...hwcViews, ...citViews, ...patientSearchViews, ...patientsViews, ...notesViews, ...documentsViews, patientResourceView, ...allergiesViews, ...medicationsViews, ...outboundReferralsViews, ...adminViews, identityActionLogView, ...identityViews, ...identityListViews].map((v) => [v.name, v]),
);

export const REFERENCE_VIEWS: Record<string, ViewDefinition> = Object.fromEntries([
  ...REFERENCE_MODELS.map((m) => [m, referenceModel(m)] as const),
  [navItemView.name, navItemView] as const,
  [referenceResourceView.name, referenceResourceView] as const,
]);
