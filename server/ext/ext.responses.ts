import { EXT_REFERENCE_MODELS } from '../../shared/schemas/ext-referral';
import { Counted, Day, Int, Nullable, Obj, One, OneOf, Page, Resource, Text, Type, Uuid } from '../api-docs/json-api';
import { PublicBrand } from '../b2w/b2w.responses';
import { ReferenceOption } from '../cit/cit.responses';
import { Strings } from '../site/site.responses';

/** A valid link for a confirmed registration: what the link is for, and whose registration it is. */
export const ExternalActionDocument = One(Resource('external-action', { action_type: Text(), registration_name: Text() }));

/** The link's index in one language (linkIndex). */
export const LinkIndexDocument = One(
  Resource('external-action-index', {
    action_type: Text(),
    division_name: Text(),
    org_name: Text(),
    division_logos: Type.Array(Obj({ division_uid: Uuid(), division_name: Text(), url: Text() })),
    brand: PublicBrand,
    translations: Strings,
    payload_definition: Obj({ required_fields: Type.Array(Text()) }),
  }),
);

/** A page of one reference list; each entry's type is the list's name. */
export const ReferenceListPage = Page(
  Obj({ type: OneOf(EXT_REFERENCE_MODELS), id: Type.String(), attributes: Obj({ ...ReferenceOption, default_sort_order: Int() }) }),
);

/** The providers the form offers (public_form_offered), with where they practise. */
export const OfferedProviders = Counted(
  Resource('providers', { provider_uid: Uuid(), display_name: Text(), provider_role_label: Nullable(Text()), location_label: Nullable(Text()) }),
);

/** The same answer for every phone number: a code was texted. */
export const RegistrationSentDocument = One(Resource('external-registration', { identifier: Text(), identifier_type: Type.Literal('Phone'), message: Text() }));

/** The registration token the visitor's browser keeps for this link (shown once). */
export const RegistrationConfirmedDocument = One(Resource('external-registration', { registration_token: Text(), message: Text() }));

/** The inbound referral the form made. */
export const ReferralReceivedDocument = One(
  Resource('inbound-referral', { status: Type.Literal('New'), referral_method: Text(), referral_date: Day(), message: Text() }),
);
