import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { HttpError, notFound } from '../errors';
import { feedPatients, MATCH_STATUS, SACWIS_SOURCE } from './matching';
import { refreshIdentitySearch } from '../identity-search/search-index';

/**
 * Issue 11 section 4: a patient's matches to the extract (spec 000 section 3
 * "Match result"), the approval or rejection of a fuzzy match waiting on the
 * patient page, and the dispute of a source (spec 001 "Dispute").
 */

export interface PatientMatch {
  sacwis_person_id: string;
  source_name: string;
  mrn: string;
  match_status_id: number;
  match_type: number;
  score: number | null;
  source_description: string;
  is_disputed: boolean;
  /** The SACWIS person's name and birth date (on the SACWIS row), for the approval banner. */
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
}

export async function patientMatches(db: Db, patientUid: string): Promise<PatientMatch[]> {
  const { rows } = await sql<PatientMatch>`
    select m.sacwis_person_id, m.source_name, m.mrn, m.match_status_id, m.match_type, m.score, m.source_description,
           m.match_status_id = ${MATCH_STATUS.Disputed} as is_disputed,
           c.first_name, c.last_name, c.birth_date
      from tbl_match_results m
      left join tbl_source_child c on m.source_name = ${SACWIS_SOURCE} and c.division_uid = m.division_uid and c.sacwis_person_id = m.sacwis_person_id
     where m.patient_uid = ${patientUid}
     order by m.source_name = ${SACWIS_SOURCE} desc, m.source_name, m.sacwis_person_id, m.mrn`.execute(db);
  return rows;
}

/** Spec 001 section 6: the dispute option shows when there are matches and not every source is disputed or rejected. */
export const disputableSources = (matches: PatientMatch[]) =>
  [...new Set(matches.filter((m) => m.source_name !== SACWIS_SOURCE && m.match_status_id === MATCH_STATUS.Approved).map((m) => m.source_name))];

/** Approves (feeding the patient its child's cases, custody and legal status) or rejects a fuzzy match waiting on this patient. */
export async function decideMatch(trx: Db, divisionUid: string, patientUid: string, sacwisPersonId: string, approve: boolean): Promise<void> {
  const waiting = await trx
    .selectFrom('tbl_match_results')
    .select('match_status_id')
    .where('division_uid', '=', divisionUid)
    .where('patient_uid', '=', patientUid)
    .where('sacwis_person_id', '=', sacwisPersonId)
    .where('source_name', '=', SACWIS_SOURCE)
    .forUpdate()
    .executeTakeFirst();
  if (!waiting) throw notFound('Match not found');
  if (waiting.match_status_id !== MATCH_STATUS.NeedToBeApproved) throw new HttpError(409, [{ message: 'This match is no longer waiting for approval' }]);
  await trx
    .updateTable('tbl_match_results')
    .set({ match_status_id: approve ? MATCH_STATUS.Approved : MATCH_STATUS.Rejected })
    .where('division_uid', '=', divisionUid)
    .where('sacwis_person_id', '=', sacwisPersonId)
    .where('patient_uid', '=', patientUid)
    .where('match_status_id', '=', MATCH_STATUS.NeedToBeApproved)
    .execute();
  if (approve) {
    await feedPatients(
      trx,
      divisionUid,
      sql`select sacwis_person_id, patient_uid from tbl_match_results
           where patient_uid = ${patientUid} and source_name = ${SACWIS_SOURCE} and match_status_id = ${MATCH_STATUS.Approved}`,
      patientUid,
    );
  }
  await refreshIdentitySearch(trx, divisionUid, patientUid);
}

/**
 * Marks the chosen sources of the patient's matches Disputed and keeps the
 * dispute (the import keeps them Disputed). A source that is not one the
 * patient's match may be disputed for is a 422 on `sitenames`.
 */
export async function disputeMatch(trx: Db, divisionUid: string, patientUid: string, userUid: string, comment: string, sitenames: string[]): Promise<string[]> {
  const matches = await trx
    .selectFrom('tbl_match_results')
    .select(['sacwis_person_id', 'source_name', 'match_status_id'])
    .where('patient_uid', '=', patientUid)
    .where('division_uid', '=', divisionUid)
    .where('source_name', 'in', [...new Set(sitenames)])
    .forUpdate()
    .execute();
  const open = matches.filter((m) => m.match_status_id === MATCH_STATUS.Approved);
  const wanted = [...new Set(sitenames)];
  if (wanted.some((name) => !open.some((m) => m.source_name === name))) {
    throw new HttpError(422, [{ field: 'sitenames', message: 'Must be sources of this patient that are not disputed or rejected' }]);
  }
  const persons = [...new Set(open.map((m) => `${m.sacwis_person_id}\u0000${m.source_name}`))].map((k) => k.split('\u0000') as [string, string]);
  await trx
    .insertInto('identity_dispute')
    .values(persons.map(([sacwis, source]) => ({ division_uid: divisionUid, patient_uid: patientUid, sacwis_person_id: sacwis, source_name: source, dispute_comment: comment, user_uid: userUid })))
    .onConflict((oc) => oc.columns(['division_uid', 'sacwis_person_id', 'source_name']).doUpdateSet({ dispute_comment: comment, user_uid: userUid, patient_uid: patientUid }))
    .execute();
  await trx
    .updateTable('tbl_match_results')
    .set({ match_status_id: MATCH_STATUS.Disputed })
    .where('patient_uid', '=', patientUid)
    .where('division_uid', '=', divisionUid)
    .where('source_name', 'in', wanted)
    .where('match_status_id', '=', MATCH_STATUS.Approved)
    .execute();
  await refreshIdentitySearch(trx, divisionUid, patientUid);
  return wanted;
}
