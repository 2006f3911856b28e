import { sql } from 'kysely';
import type { ViewDefinition } from '../dataviews/types';
import { patientScope } from '../dataviews/scopes';
import { OUTBOUND_REFERRAL_READERS } from '../../shared/permissions';

/**
 * `GET /api/data/public/nav-list-view-outbound-referral?patient_uid=<id>`
 * (spec 001 section 7): one patient's outbound referrals, newest first, with
 * the names of the specialty, status and target and when the status last
 * changed. The call must name a patient the caller may see.
 */
export const outboundReferralListView: ViewDefinition = {
  name: 'nav-list-view-outbound-referral',
  source: 'outbound_referral_view',
  idColumn: 'outbound_referral_uid',
  columns: {
    outbound_referral_uid: 'uuid',
    patient_uid: 'uuid',
    event_date: 'date',
    specialty_uid: 'uuid',
    provider_role_name: 'text',
    status_uid: 'uuid',
    status_label: 'text',
    status_changed_at: 'timestamp',
    to_type: 'text',
    to_name: 'text',
    priority: 'text',
    priority_label: 'text',
    reason: 'text',
    from_provider_name: 'text',
    created_at: 'timestamp',
  },
  defaultSort: '-event_date,-created_at',
  scope: patientScope('v'),
  access: { anyFlag: OUTBOUND_REFERRAL_READERS },
  patientColumn: 'patient_uid',
};

/**
 * `GET /api/data/public/outbound-referral-division`: the divisions a referral
 * can go to, every other division of the caller's organisation (a referral
 * leaves the patient's division, which is the caller's current one).
 */
export const referralDivisionView: ViewDefinition = {
  name: 'outbound-referral-division',
  source: 'division',
  idColumn: 'division_uid',
  columns: { division_uid: 'uuid', division_name: 'text' },
  defaultSort: 'division_name',
  scope: (auth) => sql`v.org_uid = ${auth.orgUid} and v.division_uid <> ${auth.divisionUid}`,
  access: { anyFlag: OUTBOUND_REFERRAL_READERS },
};

export const outboundReferralsViews: ViewDefinition[] = [outboundReferralListView, referralDivisionView];
