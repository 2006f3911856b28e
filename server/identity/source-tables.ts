import type { Struct } from 'superstruct';
import { CustodyEpisodeRow, IdentitySourceRow, PatientFlagRow, PlacementRow, PreferredNameRow, SourceCaseRow, SourceChildRow } from '../../shared/schemas/identity-import';
import type { Database } from '../db/database';

/**
 * The identity source tables an extract holds, in load order (children first:
 * every other row names a child of the extract). A new source (visits,
 * medications, labs ...) is a table in a migration shaped like these
 * (division_uid, its CSV columns, sacwis_person_id), a row schema in
 * shared/schemas/identity-import.ts and one entry here; docs/identity-import.md
 * lists its columns.
 */
export interface SourceTable {
  /** The source's name in tbl_identity_source_status; the file is `<name>.csv`. */
  name: string;
  table: keyof Database & `tbl_${string}`;
  /** Checks a row (cells as text, empty as null) and gives the values to store; each source's row type differs. */
  schema: Struct<any, Record<string, Struct<any, any>>>;
  /** Columns that identify a row within the division (a repeated key is rejected). */
  key: string[];
}

export const SOURCE_TABLES: SourceTable[] = [
  { name: 'source_child', table: 'tbl_source_child', schema: SourceChildRow, key: ['sacwis_person_id'] },
  { name: 'source_case', table: 'tbl_source_case', schema: SourceCaseRow, key: ['case_id', 'sacwis_person_id'] },
  { name: 'custody_episode', table: 'tbl_custody_episode', schema: CustodyEpisodeRow, key: ['episode_id'] },
  { name: 'placement', table: 'tbl_placement', schema: PlacementRow, key: ['placement_id'] },
  { name: 'identity_source', table: 'tbl_identity_source', schema: IdentitySourceRow, key: ['source_name', 'mrn'] },
  { name: 'patient_flags', table: 'tbl_patient_flags', schema: PatientFlagRow, key: ['flag_id'] },
  { name: 'preferred_names', table: 'tbl_patient_preferred_names', schema: PreferredNameRow, key: ['sacwis_person_id', 'source_name', 'preferred_name'] },
];

/** The columns of a source's file, in the order docs/identity-import.md lists them. */
export const columnsOf = (source: SourceTable): string[] => Object.keys(source.schema.schema);
