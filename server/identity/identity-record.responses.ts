import type { TSchema } from '@sinclair/typebox';
import { Bool, Day, Int, Many, Nullable, Num, Obj, One, OneOf, Resource, Text, Type, WallClock } from '../api-docs/json-api';

/** The identity face sheet's counts, primary care provider and case worker. */
export const IdentitySummaryDocument = One(
  Resource('identity-summaries', {
    approved_placements: Int(),
    upcoming_appointments: Int(),
    current_medications: Int(),
    pcp: Nullable(
      Obj({ provider_name: Text(), practice_name: Nullable(Text()), phone: Nullable(Text()), address: Nullable(Text()), start_date: Nullable(Day()), source_name: Text() }),
    ),
    contact: Nullable(
      Obj({ contact_role: Text(), contact_name: Text(), phone: Nullable(Text()), email: Nullable(Text()), agency_name: Nullable(Text()), county: Nullable(Text()) }),
    ),
  }),
);

/** Alerts of these kinds, each row of their popover a `detail`. */
const alert = (kinds: string[], detail: TSchema) =>
  Obj({ kind: OneOf(kinds), details: Type.Array(detail) });

const Stay = Obj({
  admit_time: WallClock(),
  chief_complaint: Nullable(Text()),
  location: Nullable(Text()),
  dep_address: Nullable(Text()),
  dep_city: Nullable(Text()),
  dep_state: Nullable(Text()),
  dep_zip: Nullable(Text()),
  phone: Nullable(Text()),
  bed: Nullable(Text()),
  room: Nullable(Text()),
  source_name: Text(),
});

/** The alerts that hold, in the spec's order, each with the rows its popover shows (identityAlerts). */
export const IdentityAlertList = Many(
  Obj({
    type: Type.Literal('identity-alerts'),
    id: Type.String(),
    attributes: Type.Union([
      // A restricted child with no restricted case of its own still shows the alert, with one empty row.
      alert(['restricted'], Type.Union([Obj({ case_id: Text(), agency_name: Text(), county: Text() }), Obj({})])),
      alert(['allergies'], Obj({ allergen: Text(), reaction: Nullable(Text()), severity: Nullable(Text()), noted_date: Nullable(Day()), source_name: Text() })),
      alert(['hospitalized', 'residential'], Stay),
      alert(['awol', 'on-leave'], Obj({ leave_type: Text(), leave_date: Day() })),
      alert(['ohiorise'], Obj({ mcp_name: Text(), medicaid_id: Nullable(Text()), mcp_enrollment_date: Day() })),
    ]),
  }),
);

/** The patient's matches to the extract (PatientMatch), and the sources a dispute may name. */
export const IdentityMatchList = Many(
  Resource('identity-matches', {
    sacwis_person_id: Text(),
    source_name: Text(),
    mrn: Text(),
    match_status_id: Int(),
    match_type: Int(),
    score: Nullable(Num()),
    source_description: Text(),
    is_disputed: Bool(),
    first_name: Nullable(Text()),
    last_name: Nullable(Text()),
    birth_date: Nullable(Day()),
  }),
  { meta: Obj({ disputable_sources: Type.Array(Text()) }) },
);

/** The sources disputed. */
export const IdentityDisputeDocument = One(Resource('identity-disputes', { sitenames: Type.Array(Text()) }));

/** The addresses the service referral e-mail was queued to. */
export const ServiceReferralEmailDocument = One(Resource('service-referral-emails', { recipients: Type.Array(Text()) }));
