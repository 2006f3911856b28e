import type { ColumnKind, ViewDefinition } from '../dataviews/types';
import { patientListView } from '../identity/identity.views';

/**
 * Spec 000 section 7 "Identity lists": the child, preferred names, flags and
 * matches of one patient as data views, for embedders
 * (`/api/data/public/<name>?patient_uid=<id>`), spelled as the spec spells
 * them. Like the identity record's panels (server/identity/identity.views.ts):
 * identity users only, each names its patient and the patient access guard
 * decides (a restricted or adoption child the caller may not see is a 404),
 * and the rows are those of the patient's approved SACWIS children
 * (migration 068); the matches are every match of the patient.
 */

const guarded = { patient_uid: 'uuid', sacwis_person_id: 'text' } as const satisfies Record<string, ColumnKind>;

const view = (name: string, idColumn: string, columns: Record<string, ColumnKind>, defaultSort: string) =>
  patientListView(name, name.replace(/-/g, '_'), idColumn, { ...guarded, ...columns }, defaultSort);

export const identityListViews: ViewDefinition[] = [
  view(
    'list-view-cs-tbl-source-child',
    'sacwis_person_id',
    { first_name: 'text', middle_name: 'text', last_name: 'text', preferred_name: 'text', birth_date: 'date', gender: 'text', county: 'text' },
    'last_name,first_name',
  ),
  view('list_view_cs_tbl_patientpreferrednames', 'preferred_name_id', { source_name: 'text', preferred_name: 'text' }, 'preferred_name,source_name'),
  view('list_view_cs_tbl_patientflags', 'flag_id', { patient_flag: 'text', flag_info: 'text', source_name: 'text', county: 'text' }, 'patient_flag'),
  view(
    'list-view-cs-tbl-matchresults',
    'match_id',
    { source_name: 'text', mrn: 'text', match_status_id: 'number', match_type: 'number', score: 'number', source_description: 'text' },
    'source_description,mrn',
  ),
];
