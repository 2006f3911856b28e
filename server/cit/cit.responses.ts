import { Bool, Counted, Day, Int, Json, Many, Nullable, Obj, One, OneOf, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';
import { PublicBrand } from '../b2w/b2w.responses';

/** A reference list's entry as a public form offers it (reference_data). */
export const ReferenceOption = { uid: Uuid(), name: Text(), label: Text() };

const FacilityOption = Obj({ facility_uid: Uuid(), facility_name: Text() });

/** The public form's option lists (citOptionLists): `facility` is empty until the officer is identified. */
const CitOptions = Obj({
  gender: Type.Array(Obj(ReferenceOption)),
  race: Type.Array(Obj(ReferenceOption)),
  shift: Type.Array(Obj(ReferenceOption)),
  country_division: Type.Array(Obj(ReferenceOption)),
  referral_source: Type.Array(Obj(ReferenceOption)),
  status: Type.Array(Obj(ReferenceOption)),
  facility: Type.Array(FacilityOption),
});

export const CitContextDocument = One(Resource('cit-context', { state: Text(), options: CitOptions }));

/** What an identified officer is told: the agency, its facilities and the team the sheet goes to. */
export const CitIdentityDocument = One(
  Resource('cit-identity', { valid: Type.Literal(true), agency_name: Text(), facilities: Type.Array(FacilityOption), brand: PublicBrand, local_treatment_search: Bool() }),
);

/** Whether anyone matches (0 or 1, never how many), and a sealed reference when exactly one record does. */
export const PersonMatchDocument = One(Resource('person-match', { matches: Int(), person_id: Nullable(Text()) }));

/** The matched person's previous incidents the officer's agency filed (listPersonIncidents: its select list is the allow-list). */
export const PersonIncidents = Counted(
  Resource('cit-incident', { incident_date: Day(), crisis: Type.Array(Text()), disposition: Nullable(Text()), agency_name: Nullable(Text()) }),
);

export const TreatmentFacilities = Many(Resource('facility', { facility_uid: Uuid(), facility_name: Text(), city: Nullable(Text()) }));

/** A zip's city, county and state (findGeoByZip); the coordinates are `numeric` columns, sent as text. */
export const GeoDataList = Many(
  Resource('reference-geo-data', {
    zip_code: Text(),
    city: Text(),
    county: Text(),
    state_iso: Text(),
    state_uid: Nullable(Uuid()),
    latitude: Nullable(Text()),
    longitude: Nullable(Text()),
  }),
);

/** The officer's receipt of a stored sheet: whether a facility was e-mailed, and the short-lived link to their copy. */
export const CitReceiptDocument = One(
  Resource('cit-submission', {
    approval_status: Type.Literal('pending'),
    created_at: Timestamp(),
    email_sent: Nullable(Bool()),
    facility_name: Nullable(Text()),
    secure_href: Text(),
  }),
);

const APPROVAL = OneOf(['pending', 'approved', 'rejected']);

/** A stored sheet as staff read it (submissionResource): the officer's identity code is never in it. */
export const CitSubmissionDocument = One(
  Resource('cit-submission', {
    status: APPROVAL,
    approval_status: APPROVAL,
    approval_locked: Bool(),
    can_approve: Bool(),
    agency_name: Text(),
    officer_name: Text(),
    created_at: Timestamp(),
    patient_uid: Nullable(Uuid()),
    medical_event_uid: Nullable(Uuid()),
    facility_name: Nullable(Text()),
    submission_json: Json("The sheet's answers as the officer sent them (snake_case), without the identity code"),
  }),
);
