import type { AuthContext } from '../auth/context';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { patientBadgesQuery } from '../badges/badges.repository';
import { rowsPlannedOnce, type Db } from '../db/connect';
import { maySeeRestrictedCase } from '../dataviews/scopes';
import { notFound } from '../errors';
import { PATIENT_NOT_FOUND } from './patient-access';

/** What the record's header and pages need to know about the patient (spec 001 section 3 "Patient"). */
export async function patientDocument(db: Db, auth: AuthContext, patientUid: string) {
  const query = db
    .selectFrom('patient as p')
    .leftJoin('reference_data as gi', 'gi.uid', 'p.gender_identity_uid')
    .leftJoin('patient_episode as e', 'e.patient_uid', 'p.patient_uid')
    .leftJoin('reference_data as es', 'es.uid', 'e.status_uid')
    .select([
      'p.patient_uid',
      'p.division_uid',
      'p.first_name',
      'p.middle_name',
      'p.last_name',
      'p.birth_date',
      'p.gender_uid',
      'p.gender_label',
      'p.gender_identity_uid',
      'gi.label as gender_identity_label',
      'p.preferred_phone',
      'p.mobile_phone',
      'p.home_phone',
      'p.work_phone',
      'p.restricted_flag',
      'p.case_emails',
      'p.note',
      'p.sacwis_person_id',
      'p.agency_legal_status',
      'p.in_custody',
      'p.avatar_file',
      'e.patient_episode_uid',
      'e.status_uid as episode_status_uid',
      'es.label as episode_status_label',
    ])
    // One round trip: the header's badges come with the patient.
    .select((eb) => jsonArrayFrom(patientBadgesQuery(db, eb.ref('p.patient_uid'))).as('badges'))
    .where('p.patient_uid', '=', patientUid);
  // Planning this read cost seven times running it (0.62 against 0.09 ms); its plan is the same for every patient.
  const [row] = await rowsPlannedOnce(db, query);
  if (!row) throw notFound(PATIENT_NOT_FOUND);
  const { patient_episode_uid, episode_status_uid, episode_status_label, sacwis_person_id, agency_legal_status, in_custody, avatar_file, badges, case_emails, ...patient } = row;
  const phones = { mobile: row.mobile_phone, home: row.home_phone, work: row.work_phone } as Record<string, string | null>;
  return {
    ...patient,
    user_can_see_restricted_case: maySeeRestrictedCase(auth, case_emails),
    phone: row.preferred_phone ? (phones[row.preferred_phone] ?? null) : null,
    // Relative to the API; the file name is the content's hash, so a new picture is a new address.
    person_image: avatar_file ? `patients/${patientUid}/avatar?v=${avatar_file.slice(0, 16)}` : null,
    summary_patient: { patient_episode_uid, episode_status_uid, episode_status_label },
    // The header's pills (spec 001 "Patient header").
    badges: badges.map((b) => ({ badge_uid: b.badge_uid, badge_label: b.badge_label, color: b.color })),
    // Identity facts only for the modes that work with them (as in patient search).
    ...(auth.flags.hasAppIdentity || auth.flags.hasAppNavigator ? { sacwis_person_id, agency_legal_status, in_custody } : {}),
  };
}

/** The patient's newest inbound referral with its labels (spec 000 "GET /patients/{id}/current-inbound-referral"). */
export async function currentInboundReferral(db: Db, patientUid: string) {
  return db
    .selectFrom('inbound_referral as r')
    .leftJoin('reference_data as s', 's.uid', 'r.referral_source_uid')
    .leftJoin('reference_data as reason', 'reason.uid', 'r.reason_uid')
    .select([
      'r.referral_uid', 'r.referral_date', 'r.status', 'r.requested_by', 'r.referred_to', 'r.referral_method',
      'r.referral_source_uid', 's.label as referral_source_label', 'r.reason_uid', 'reason.label as reason_label', 'r.created_at',
    ])
    .where('r.patient_uid', '=', patientUid)
    .orderBy('r.referral_date', 'desc')
    .orderBy('r.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
