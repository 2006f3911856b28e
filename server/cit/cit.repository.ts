import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { patientScope, type Viewer } from '../dataviews/scopes';
import { hashAccessCode } from '../public-forms/access-codes';
import { dependentsToClear, OTHER } from '../../shared/cit-options';
import type { CitSubmission } from '../../shared/schemas/cit';

export interface Agency {
  agency_uid: string;
  agency_name: string;
  org_uid: string;
  division_uid: string;
}

/** The agency whose identifier and officer name both match (names compared without case). */
export async function findAgencyOfficer(db: Db, state: string, code: string, officerName: string): Promise<Agency | null> {
  const found = await sql<Agency>`
    select a.agency_uid, a.agency_name, a.org_uid, a.division_uid
      from cit_agency a join cit_officer o on o.agency_uid = a.agency_uid
     where a.code_hash = ${hashAccessCode(code)} and a.state_iso = lower(${state}) and a.is_active
       and lower(o.officer_name) = lower(${officerName.trim().replace(/\s+/g, ' ')})`.execute(db);
  return found.rows[0] ?? null;
}

/** Option lists the public form needs; nothing in them is private. */
export async function citOptionLists(db: Db, orgUid: string | null) {
  const ref = async (model: string, type?: string) =>
    (
      await sql<{ uid: string; name: string; label: string }>`
        select uid, name, label from reference_data where model = ${model} and is_active
           and (${type ?? null}::text is null or ref_data_type = ${type ?? null}) order by default_sort_order, label`.execute(db)
    ).rows;
  const facilities = orgUid
    ? (
        await sql<{ facility_uid: string; facility_name: string }>`
          select facility_uid, facility_name from facility where org_uid = ${orgUid} and is_in_selections order by facility_name`.execute(db)
      ).rows
    : [];
  return {
    gender: await ref('reference-gender'),
    race: await ref('reference-race'),
    shift: await ref('reference-shift'),
    country_division: await ref('reference-country-division', 'US'),
    referral_source: await ref('reference-referral-source'),
    status: await ref('reference-status', 'Episode'),
    facility: facilities,
  };
}

export async function otherReferralSourceUid(db: Db): Promise<string | null> {
  const row = await sql<{ uid: string }>`select uid from reference_data where model = 'reference-referral-source' and label = ${OTHER} limit 1`.execute(db);
  return row.rows[0]?.uid ?? null;
}

/** Applies the clearing rules so a stored sheet never carries a value its condition no longer allows. */
export function clearDependents(values: CitSubmission, otherUid: string | null): CitSubmission {
  const out = { ...values } as Record<string, unknown>;
  // A list field stays a list even when it was not sent at all.
  for (const field of dependentsToClear(values, otherUid)) out[field] = Array.isArray(out[field]) || field === 'forceUsedIncidentResultedInInjury' ? [] : '';
  return out as CitSubmission;
}

/**
 * The patients of the viewer's division the viewer may see that share the
 * name, gender and (when given) birth date: a record the viewer could not
 * open neither matches nor receives a sheet (the patient guard's own rule).
 */
export async function countPersonMatches(db: Db, viewer: Viewer, q: { firstName: string; lastName: string; genderUid?: string | null; genderLabel?: string | null; birthDate?: string | null }): Promise<string[]> {
  const rows = await sql<{ patient_uid: string }>`
    select p.patient_uid from patient p left join reference_data g on g.uid = p.gender_uid
     where ${patientScope('p')(viewer)}
       and lower(p.first_name) = lower(${q.firstName.trim()}) and lower(p.last_name) = lower(${q.lastName.trim()})
       and (${q.genderUid ?? null}::uuid is null or p.gender_uid = ${q.genderUid ?? null}::uuid)
       and (${q.genderLabel ?? null}::text is null or lower(g.label) = lower(${q.genderLabel ?? null}))
       and (${q.birthDate ?? null}::date is null or p.birth_date = ${q.birthDate ?? null}::date)
     order by p.created_at limit 20`.execute(db);
  return rows.rows.map((r) => r.patient_uid);
}
