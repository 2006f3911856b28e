import { sql } from 'kysely';
import type { Db } from '../db/connect';
import { patientScope, type Viewer } from '../dataviews/scopes';
import { hashAccessCode } from '../public-forms/access-codes';
import { CRISIS_EVENTS, dependentsToClear, OTHER } from '../../shared/cit-options';
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

/**
 * Spec 002 "Public CIT form": the division setting that turns on the local
 * treatment facility search. Its value is the facility type (`facility.facility_type`,
 * compared without case) whose facilities are the division's local treatment settings.
 */
export const LOCAL_TREATMENT_SETTING = 'local-treatment-facility-type';

/** The division's local treatment facility type; null when the division has no such setting. */
export async function localTreatmentType(db: Db, divisionUid: string): Promise<string | null> {
  const row = await sql<{ setting_value: string }>`
    select setting_value from division_setting where division_uid = ${divisionUid} and setting_name = ${LOCAL_TREATMENT_SETTING}`.execute(db);
  return row.rows[0]?.setting_value.trim() || null;
}

/** How many facilities one search answers. */
export const TREATMENT_SEARCH_LIMIT = 20;

/** `like` pattern for text containing `term` (its own % _ \ match literally). */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Facilities of the type, of the agency's organisation and still offered (the
 * submit accepts exactly the organisation's facilities; the form's Facility
 * list holds those offered), whose name or city contains the search.
 */
export async function searchTreatmentFacilities(db: Db, orgUid: string, facilityType: string, search: string) {
  const term = search.trim();
  const rows = await sql<{ facility_uid: string; facility_name: string; city: string | null }>`
    select facility_uid, facility_name, city from facility
     where org_uid = ${orgUid} and is_in_selections and lower(facility_type) = lower(${facilityType}::text)
       and (${term}::text = '' or facility_name ilike ${containing(term)} or city ilike ${containing(term)})
     order by facility_name, facility_uid
     limit ${TREATMENT_SEARCH_LIMIT}`.execute(db);
  return rows.rows;
}

/** Whether the viewer may see the patient (the patient guard's rule): an officer sees as an outsider of the agency's division. */
export async function isVisiblePerson(db: Db, viewer: Viewer, patientUid: string): Promise<boolean> {
  const row = await sql`select 1 from patient p where p.patient_uid = ${patientUid} and ${patientScope('p')(viewer)}`.execute(db);
  return row.rows.length > 0;
}

/** How many previous incidents the officer is shown. */
export const PERSON_INCIDENTS_LIMIT = 10;

export interface PersonIncident {
  incident_date: string;
  crisis: string[];
  disposition: string | null;
  agency_name: string | null;
}

/**
 * A person's previous CIT incidents as an officer may read them: the events
 * of sheets the officer's own agency filed and a supervisor approved, newest
 * first, each with the incident's day on its own clock, the crisis events
 * (from the fixed list only), the disposition and the agency. A match by name
 * tells an agency nothing it did not file itself: no other agency's, and no
 * staff-recorded, crisis history. The select list is the allow-list: no
 * narrative, notes, names, places or ids.
 */
export async function listPersonIncidents(db: Db, patientUid: string, agencyUid: string): Promise<{ rows: PersonIncident[]; total: number }> {
  const { rows } = await sql<PersonIncident & { crisis: unknown; total: number }>`
    select to_char(me.event_date at time zone me.event_time_zone, 'YYYY-MM-DD') as incident_date,
           me.detail->'crisis'->'crisis' as crisis, s.label as disposition, me.detail->>'agencyName' as agency_name,
           count(*) over ()::int as total
      from medical_event me
      join reference_data m on m.uid = me.medical_event_type_uid and m.model = 'reference-medical-event' and m.name = 'cit'
      join cit_submission cs on cs.medical_event_uid = me.medical_event_uid and cs.agency_uid = ${agencyUid} and cs.approval_status = 'approved'
      left join reference_data s on s.uid = me.status_uid
     where me.patient_uid = ${patientUid}
     order by me.event_date desc, me.medical_event_uid
     limit ${PERSON_INCIDENTS_LIMIT}`.execute(db);
  const known = new Set<string>(CRISIS_EVENTS);
  return {
    rows: rows.map((r) => ({
      incident_date: r.incident_date,
      crisis: Array.isArray(r.crisis) ? r.crisis.filter((c): c is string => typeof c === 'string' && known.has(c)) : [],
      disposition: r.disposition,
      agency_name: r.agency_name,
    })),
    total: rows[0]?.total ?? 0,
  };
}
