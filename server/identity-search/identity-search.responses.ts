import { Bool, Counted, Day, Int, Nullable, Obj, One, Page, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';
import { CustodyState, SummaryResource } from '../patient-search/patient-search.responses';

/** A result card (toCard, identity-search.routes.ts); case ids and the placement provider's id only with the full identity view. */
export const IdentitySearchPage = Page(
  Resource('identity_search', {
    patient_uid: Uuid(),
    first_name: Text(),
    last_name: Text(),
    middle_name: Nullable(Text()),
    preferred_names: Type.Array(Obj({ preferredname: Text() })),
    birth_date: Nullable(Day()),
    gender: Nullable(Text()),
    // Members in jsonb's order (the card is stored as jsonb), so the answer's bytes stay as they were.
    patient_flags: Type.Array(Obj({ id: Text(), county: Text(), flaginfo: Nullable(Text()), patientflag: Text(), source_description: Text() })),
    agency_county: Nullable(Text()),
    cs_child_legal_status_legal: Nullable(Text()),
    placement_type: Nullable(Text()),
    provider_name: Nullable(Text()),
    sacwis_person_id: Nullable(Text()),
    person_image: Nullable(Text('The picture, relative to the API')),
    provider_id: Type.Optional(Nullable(Text())),
    source_cases: Type.Optional(Type.Array(Obj({ case_id: Text() }))),
    match_results: Obj({
      // The MRN only of an approved match.
      matches: Type.Array(Obj({ source_description: Text(), match_status_id: Int(), lookuppersonid: Nullable(Text()) })),
      has_any_disputes: Bool(),
    }),
    restricted_flag: Text(),
    in_custody: Bool(),
    custody: CustodyState,
    division_uid: Uuid(),
    division_name: Text(),
    restricted_case_warning: Bool(),
  }),
);

/** The hospitals of the division's extract. */
export const IdentitySourceList = Counted(Resource('list-view-cs-tbl-identity-source', { source_description: Text() }));

const SourceAgency = Resource('tbl-source-agency', { agency_county: Text(), agency_name: Text() });
/** The PCSAs of the division's extract, one per county; and one of them. */
export const SourceAgencyList = Counted(SourceAgency);
export const SourceAgencyDocument = One(SourceAgency);

/** Each source's latest run in the division. */
export const SourceStatusList = Counted(
  Resource('tbl_identity_source_status', { source_name: Text(), last_refresh_date: Timestamp(), status: Text(), details: Nullable(Text()) }),
);

/** The caller's most recently opened patients, as search results. */
export const RecentPatientList = Counted(SummaryResource('list_view_cs_recent_patients'));
