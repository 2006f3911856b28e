import { sql } from 'kysely';
import type { ViewDefinition } from '../dataviews/types';
import { patientScope, referenceScope } from '../dataviews/scopes';
import { CARE_FLAGS } from '../security/access';

/**
 * `GET /api/data/reference/reference-resource` (spec 002 "Resource library";
 * spec 001 section 7: `sort`, `resource_target` clinician or patient): the
 * active library entries, by category and their order. Shared by every
 * organisation, like the other reference lists. A File resource's link is the
 * file store's key, opened through `get-s3-link`; its name and size come with it.
 */
export const referenceResourceView: ViewDefinition = {
  name: 'reference-resource',
  source: 'reference_resource',
  idColumn: 'resource_uid',
  columns: {
    resource_uid: 'uuid',
    title: 'text',
    category: 'text',
    sort_order: 'number',
    resource_type: 'text',
    resource_link: 'text',
    resource_target: 'text',
    file_name: 'text',
    file_size: 'number',
  },
  defaultSort: 'category,sort_order,title',
  scope: (auth) => sql`v.is_active and ${referenceScope('v')(auth)}`,
  access: 'signed-in',
};

/**
 * `GET /api/data/public/patient-resource?patient_uid=<id>` (spec 001 section
 * 7): the resources handed to one patient, with the library's fields. The call
 * must name a patient the caller may see.
 */
export const patientResourceView: ViewDefinition = {
  name: 'patient-resource',
  source: 'patient_resource_view',
  idColumn: 'patient_resource_uid',
  columns: {
    patient_resource_uid: 'uuid',
    patient_uid: 'uuid',
    resource_uid: 'uuid',
    title: 'text',
    category: 'text',
    sort_order: 'number',
    resource_type: 'text',
    resource_link: 'text',
    file_name: 'text',
    file_size: 'number',
    created_date: 'timestamp',
    added_by_first_name: 'text',
    added_by_last_name: 'text',
  },
  defaultSort: 'category,sort_order,title',
  scope: patientScope('v'),
  access: { anyFlag: CARE_FLAGS },
  patientColumn: 'patient_uid',
};
