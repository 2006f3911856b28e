import { Bool, Int, Nullable, Obj, One, Page, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';
import { PublicBrand } from '../b2w/b2w.responses';
import { ReferenceOption } from '../cit/cit.responses';

/** The district a valid code names, and the division the notice goes to. */
export const HwcContextDocument = One(Resource('hwc-context', { agency_name: Text(), valid: Type.Literal(true), brand: PublicBrand }));

export const HwcGenderPage = Page(Resource('reference-gender', ReferenceOption));

/** The selectable schools an officer chooses among. */
export const HwcSchoolPage = Page(Resource('facility', { facility_uid: Uuid(), facility_name: Text(), is_in_selections: Bool() }));

/** All an officer learns of a stored entry: that it was accepted. */
export const HwcAcceptedDocument = One(Resource('hwc-patient', { submitted: Type.Literal(true) }));

/** One delivery of the notice, with its outbox status. */
const HwcNotice = Obj({
  notice_uid: Uuid(),
  recipient_name: Text(),
  email_address: Text(),
  facility_name: Nullable(Text()),
  created_at: Timestamp(),
  status: Text(),
  delivered_at: Nullable(Timestamp()),
});

/** The detail page's entry (findHwcPatient): the child as named on the notice, and every delivery. */
export const HwcPatientDocument = One(
  Resource('hwc-patient', {
    hwc_patient_uid: Uuid(),
    didnt_send_reason: Nullable(Text()),
    officer_name: Text(),
    created_date: Timestamp(),
    name: Text(),
    gender_label: Nullable(Text()),
    age: Int(),
    facility_uid: Nullable(Uuid()),
    facility_name: Text(),
    is_ignored: Bool(),
    org_uid: Uuid(),
    notices: Type.Array(HwcNotice),
  }),
);

/** A newly typed school, as inserted. */
export const SchoolDocument = One(
  Resource('facility', { facility_uid: Uuid(), facility_name: Text(), org_uid: Nullable(Uuid()), is_in_selections: Bool(), facility_type: Nullable(Text()) }),
);

/** A school linked to the organisation. */
export const OrganizationFacilityDocument = One(Resource('organization-facility', { facility_uid: Uuid(), org_uid: Uuid() }));

/** An address added to a school's list. */
export const DistributionEntryDocument = One(Resource('facility-distribution-list', { id: Uuid(), facility_uid: Uuid(), name: Text(), email_address: Text() }));
