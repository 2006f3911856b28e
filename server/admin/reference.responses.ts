import type { TProperties } from '@sinclair/typebox';
import { REFERENCE_LIST_NAMES, type ReferenceListName } from '../../shared/schemas/admin-reference';
import { Bool, Int, Json, Many, Nullable, Obj, One, OneOf, Resource, Text, Type, Uuid } from '../api-docs/json-api';
import { STORED_LISTS } from './reference-lists';

const nullableText = () => Nullable(Text());
const REFERENCE_DATA = { label: Text(), name: Text(), ref_data_type: nullableText() };

/**
 * Each list's values as its columns hold them (STORED_LISTS), a field's children last: a field the form
 * requires may still be empty in a row the install shipped, so nullability follows the table.
 */
const VALUES: Record<ReferenceListName, TProperties> = {
  statuses: REFERENCE_DATA,
  reasons: REFERENCE_DATA,
  facilities: {
    facility_name: Text(),
    facility_type: nullableText(),
    addr1: nullableText(),
    city: nullableText(),
    province_iso: nullableText(),
    post_code: nullableText(),
    email_address: nullableText(),
    distribution_lists: Type.Array(Obj({ id: Uuid(), name: Text(), email_address: Text() })),
  },
  providers: {
    display_name: Text(),
    first_name: nullableText(),
    last_name: nullableText(),
    provider_role_uid: Nullable(Uuid()),
    npi_number: nullableText(),
    work_phone: nullableText(),
    mobile_number: nullableText(),
    email_address: nullableText(),
    public_form_offered: Bool(),
    locations: Type.Array(
      Obj({ id: Uuid(), provider_location_label: Text(), addr1: nullableText(), addr2: nullableText(), city: nullableText(), province_iso: nullableText(), post_code: nullableText() }),
    ),
  },
  'badge-groups': { badge_group_label: Text(), badge_group_name: Text(), badge_group_color: nullableText(), is_exclusive: Bool() },
  badges: { badge_group_uid: Uuid(), badge_label: Text(), badge_name: Text(), color: nullableText() },
  'nav-items': { nav_item_label: Text(), ref_data_type: Text(), route: Text(), app_module: nullableText(), feature_flag: Type.Array(Text()) },
  resources: {
    title: Text(),
    category: Text(),
    resource_target: OneOf(['clinician', 'patient']),
    resource_link: Nullable(Text('None for a file: its link is the stored file, not the admin’s to see')),
    file_name: nullableText(),
  },
  'report-configurations': {
    label: Text(),
    name: Text(),
    description: nullableText(),
    definition: Json('The report definition an administrator wrote (shared/schemas/reports.ts), its members in snake_case'),
  },
};

/** A row of one list; an unordered list (listed by its label) has no place. */
const rowOf = (list: ReferenceListName) =>
  Resource(`admin-reference-${list}`, { id: Uuid(), is_active: Bool(), sort_order: STORED_LISTS[list].order ? Int() : Type.Null(), shared: Bool(), values: Obj(VALUES[list]) });

/** One route serves every list (`:list`): a row is the named list's. */
const ReferenceRow = Type.Union(REFERENCE_LIST_NAMES.map(rowOf));

/** The rows of a list the organisation sees, inactive ones too, in their order. */
export const ReferenceRowList = Many(ReferenceRow);
export const ReferenceRowDocument = One(ReferenceRow);
