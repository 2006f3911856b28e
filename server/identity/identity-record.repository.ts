import { sql, type RawBuilder } from 'kysely';
import { planOnce, type Db } from '../db/connect';
import type { Patient } from '../patients/patient-access';
import { sqlToday } from '../db/clock';

/**
 * The identity face sheet and the alert badges bar (spec 001 "Patient
 * overview", "Alert badges bar"), read from migration 044's views: the
 * approved match's rows, without a rejected or disputed source's health data.
 */

export interface IdentitySummary {
  approved_placements: number;
  upcoming_appointments: number;
  current_medications: number;
  pcp: { provider_name: string; practice_name: string | null; phone: string | null; address: string | null; start_date: string | null; source_name: string } | null;
  contact: { contact_role: string; contact_name: string; phone: string | null; email: string | null; agency_name: string | null; county: string | null } | null;
}

/**
 * Counts of approved placements, upcoming appointments (not missed, from
 * today on) and current medications (no end and no discontinue date); the most
 * recent current primary care provider; the case worker to call. One
 * statement: the face sheet's card waits on it, and five round trips through
 * a busy pool cost more than the lookups (each an index read of the child's rows).
 */
export async function identitySummary(db: Db, patientUid: string): Promise<IdentitySummary> {
  // Planned once per connection: planning it took three times as long as running it.
  const { rows } = await planOnce(sql<IdentitySummary>`
    select (select count(*)::int from list_view_cs_tbl_placement_history where patient_uid = ${patientUid}) as approved_placements,
           (select count(*)::int from list_view_cs_tbl_appointment where patient_uid = ${patientUid}
               and appointment_time >= ${sqlToday()} and appointment_category <> 'Missed') as upcoming_appointments,
           (select count(*)::int from list_view_cs_tbl_medication where patient_uid = ${patientUid}
               and end_date is null and discontinue_date is null) as current_medications,
           (select json_build_object('provider_name', provider_name, 'practice_name', practice_name, 'phone', phone, 'address', address,
                                     'start_date', start_date, 'source_name', source_name)
              from list_view_cs_tbl_primary_provider
             where patient_uid = ${patientUid} and (end_date is null or end_date >= ${sqlToday()})
             order by start_date desc nulls last, pcp_id limit 1) as pcp,
           (select json_build_object('contact_role', c.contact_role, 'contact_name', c.contact_name, 'phone', c.phone, 'email', c.email,
                                     'agency_name', sc.agency_name, 'county', sc.county)
              from list_view_cs_tbl_agency_contact c
              left join tbl_source_case sc on sc.division_uid = c.division_uid and sc.case_id = c.case_id and sc.sacwis_person_id = c.sacwis_person_id
             where c.patient_uid = ${patientUid}
             order by case c.contact_role when 'Case Worker' then 0 when 'Supervisor' then 1 else 2 end, c.case_id limit 1) as contact`).execute(db);
  return rows[0];
}

/** Spec 001 section 9: the alert kinds after Is Restricted, in their order. */
export const ALERT_KINDS = ['restricted', 'allergies', 'hospitalized', 'awol', 'on-leave', 'residential', 'ohiorise'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface IdentityAlert {
  kind: AlertKind;
  details: Record<string, unknown>[];
}

/**
 * The alerts that hold for this patient, in the spec's order, each with the
 * rows its popover shows: one statement, one list per source (as the face
 * sheet's summary, a round trip each would cost more than the lookups).
 */
export async function identityAlerts(db: Db, patient: Patient): Promise<IdentityAlert[]> {
  const id = patient.patient_uid;
  const list = (rows: RawBuilder<unknown>, order: RawBuilder<unknown>) => sql`coalesce((select json_agg(to_json(r) order by ${order}) from (${rows}) r), '[]'::json)`;
  const {
    rows: [lists],
  } = await planOnce(sql<Record<'restricted' | 'allergies' | 'stays' | 'leaves' | 'mcp', Record<string, unknown>[]>>`
    select ${patient.restricted_flag === '1' ? list(sql`select case_id, agency_name, county from list_view_cs_tbl_source_case where patient_uid = ${id} and case_restricted`, sql`r.case_id`) : sql`'[]'::json`} as restricted,
           ${list(sql`select allergen, reaction, severity, noted_date, source_name from list_view_cs_tbl_allergy where patient_uid = ${id}`, sql`r.allergen`)} as allergies,
           ${list(
             sql`select admit_time, chief_complaint, location, dep_address, dep_city, dep_state, dep_zip, phone, bed, room, source_name, resyn
                   from list_view_cs_tbl_hospitalization where patient_uid = ${id} and discharge_date is null`,
             sql`r.admit_time desc`,
           )} as stays,
           ${list(sql`select leave_type, leave_date from list_view_cs_tbl_leave where patient_uid = ${id} and return_date is null`, sql`r.leave_date desc`)} as leaves,
           ${list(
             sql`select mcp_name, medicaid_id, mcp_enrollment_date from list_view_cs_tbl_mcp
                  where patient_uid = ${id} and (mcp_end_date is null or mcp_end_date >= ${sqlToday()}) and mcp_name ilike '%ohiorise%'`,
             sql`r.mcp_enrollment_date desc`,
           )} as mcp`).execute(db);
  const { restricted, allergies, stays, leaves, mcp } = lists;
  const strip = (rows: Record<string, unknown>[]) => rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== 'resyn')));
  // Spec 001 section 9: AWOL is a leave type containing 'awol'.
  const awol = (r: Record<string, unknown>) => String(r.leave_type).toLowerCase().includes('awol');
  const found: [AlertKind, Record<string, unknown>[]][] = [
    ['restricted', patient.restricted_flag === '1' ? (restricted.length ? restricted : [{}]) : []],
    ['allergies', allergies],
    ['hospitalized', strip(stays.filter((r) => r.resyn === '0'))],
    ['awol', leaves.filter(awol)],
    ['on-leave', leaves.filter((r) => !awol(r))],
    ['residential', strip(stays.filter((r) => r.resyn === '1'))],
    ['ohiorise', mcp],
  ];
  return found.filter(([, rows]) => rows.length > 0).map(([kind, details]) => ({ kind, details }));
}
