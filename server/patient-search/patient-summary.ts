import { custodyOf, type Custody } from '../../shared/custody';
import type { AuthContext } from '../auth/context';
import { canSeeAdoption } from '../dataviews/scopes';
import type { PatientSearchRow } from './patient-search.repository';

/**
 * What a search result may say about a patient (spec 000 "Access alerts",
 * section 6). A patient the caller may not see (restricted case not theirs,
 * or an adoption case without the healthcare role or adopt-view) becomes a
 * stub: name and birth date, so the person searched for can be recognised,
 * and which alert applies. Identifiers, custody, legal status, cases and
 * division stay on the server, whatever the browser asks for.
 */
export function toSummary(row: PatientSearchRow, auth: AuthContext) {
  // Written out, not spread from a shared stub: this runs for every row of every search, and built with
  // spreads it cost a third of the search's server CPU (docs/performance.md). A stub holds the same either way.
  const adoptionRestricted = row.has_adoption_case && !canSeeAdoption(auth);
  const restrictedCaseWarning = row.restricted_flag === '1' && !auth.flags.identityViewRestricted;
  if (!row.visible) {
    return {
      patient_uid: row.patient_uid,
      first_name: row.first_name,
      last_name: row.last_name,
      birth_date: row.birth_date,
      restricted_flag: row.restricted_flag,
      adoption_restricted: adoptionRestricted,
      restricted_case_warning: restrictedCaseWarning,
      access: 'restricted' as const,
    };
  }
  return {
    patient_uid: row.patient_uid,
    first_name: row.first_name,
    last_name: row.last_name,
    birth_date: row.birth_date,
    restricted_flag: row.restricted_flag,
    adoption_restricted: adoptionRestricted,
    restricted_case_warning: restrictedCaseWarning,
    access: 'full' as const,
    middle_name: row.middle_name,
    gender_label: row.gender_label,
    sacwis_person_id: row.sacwis_person_id,
    in_custody: row.in_custody,
    agency_legal_status: row.agency_legal_status,
    custody: custodyOfRow(row),
    division_uid: row.division_uid,
    division_name: row.division_name,
    source_cases: row.source_cases,
  };
}

/** A row's custody as the preview shows it: the stored facts, read by the one shared rule. */
export const custodyOfRow = (row: Pick<PatientSearchRow, 'sacwis_person_id' | 'agency_legal_status' | 'in_custody' | 'extract_case'>): Custody =>
  custodyOf({ sacwisPersonId: row.sacwis_person_id, agencyLegalStatus: row.agency_legal_status, inCustody: row.in_custody, extractCase: row.extract_case });
