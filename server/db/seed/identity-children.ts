import type { Db } from '../connect';

/**
 * The demo's child-welfare children, each carrying one access alert so the
 * access rules have something to act on (docs/decisions.md, patient search):
 * restricted cases (one the navigator works), adoption cases, a young man who
 * left custody when he turned 18, two siblings whose legal status is changing,
 * and two names that need accent-insensitive search. Every fact agrees with
 * the others: sex with the name, a SACWIS id, and custody as an identity
 * import reads it (the legal status of the current custody episode, none
 * without one; adoption cases: permanent custody).
 */
export interface IdentityChild {
  first: string;
  middle?: string;
  last: string;
  sex: 'female' | 'male';
  birth: string;
  sacwis: string;
  /** The agency legal status; null while it is changing (the "Legal Status in Transition" alert). */
  legalStatus: string | null;
  inCustody: boolean;
  restricted?: boolean;
  case?: { id: string; category: 'Protective' | 'Adoption'; worker: string; workerEmail: string; supervisorEmail?: string };
}

const PAT = { worker: 'Pat Worker', workerEmail: 'worker@agency.test' };
const ANN = { worker: 'Ann Adopt', workerEmail: 'adopt@agency.test' };

export const IDENTITY_CHILDREN: IdentityChild[] = [
  {
    first: 'Rosalind', middle: 'Mae', last: 'Whitfield', sex: 'female', birth: '2009-04-12', sacwis: '61020001', legalStatus: 'Temporary Custody First Extension', inCustody: true, restricted: true,
    case: { id: 'C-1001', category: 'Protective', worker: 'Nora Navigator', workerEmail: 'navigator@careweave.test', supervisorEmail: 'sup@agency.test' },
  },
  { first: 'Theodore', last: 'Blackwood', sex: 'male', birth: '2011-08-30', sacwis: '61020002', legalStatus: 'Temporary Custody', inCustody: true, restricted: true, case: { id: 'C-1002', category: 'Protective', ...PAT } },
  { first: 'Cordelia', last: 'Blackwood', sex: 'female', birth: '2013-01-05', sacwis: '61020003', legalStatus: 'Temporary Custody', inCustody: true, restricted: true, case: { id: 'C-1003', category: 'Protective', ...PAT } },
  { first: 'Penelope', last: 'Ashgrove', sex: 'female', birth: '2015-06-21', sacwis: '61020004', legalStatus: 'Permanent Custody', inCustody: true, case: { id: 'C-2001', category: 'Adoption', ...ANN } },
  { first: 'Jasper', last: 'Ashgrove', sex: 'male', birth: '2016-11-02', sacwis: '61020005', legalStatus: 'Permanent Custody', inCustody: true, case: { id: 'C-2002', category: 'Adoption', ...ANN } },
  // Left custody at 18 (March 2025): no current custody episode, so no legal status (as an import would read it).
  { first: 'Dominic', middle: 'Ray', last: 'Sterling', sex: 'male', birth: '2007-03-17', sacwis: '61020006', legalStatus: null, inCustody: false },
  { first: 'Juniper', last: 'Hale', sex: 'female', birth: '2012-09-09', sacwis: '61020007', legalStatus: null, inCustody: true },
  { first: 'Felix', last: 'Hale', sex: 'male', birth: '2014-02-28', sacwis: '61020008', legalStatus: null, inCustody: true },
  { first: 'Amara', middle: 'Lucía', last: 'García', sex: 'female', birth: '2006-10-15', sacwis: '61020009', legalStatus: 'Temporary Custody', inCustody: true },
  { first: 'Zoë', last: 'Müller', sex: 'female', birth: '2010-07-04', sacwis: '61020010', legalStatus: 'Temporary Custody', inCustody: true },
];

/** Adds the children to the division, with their cases (migration 025's triggers copy the case facts onto the patient). */
export async function seedIdentityChildren(db: Db, divisionUid: string, genders: { female: string; male: string }): Promise<void> {
  const rows = await db
    .insertInto('patient')
    .values(
      IDENTITY_CHILDREN.map((c) => ({
        division_uid: divisionUid,
        first_name: c.first,
        middle_name: c.middle ?? null,
        last_name: c.last,
        birth_date: c.birth,
        gender_uid: genders[c.sex],
        sacwis_person_id: c.sacwis,
        agency_legal_status: c.legalStatus,
        in_custody: c.inCustody,
        restricted_flag: c.restricted ? '1' : '0',
      })),
    )
    .returning(['patient_uid', 'sacwis_person_id'])
    .execute();
  const uidOf = (c: IdentityChild) => rows.find((r) => r.sacwis_person_id === c.sacwis)!.patient_uid;
  await db
    .insertInto('patient_case')
    .values(
      IDENTITY_CHILDREN.filter((c) => c.case).map((c) => ({
        patient_uid: uidOf(c),
        case_id: c.case!.id,
        case_category: c.case!.category,
        wkr_name: c.case!.worker,
        wkr_email: c.case!.workerEmail,
        sup_email: c.case!.supervisorEmail ?? null,
      })),
    )
    .execute();
}
