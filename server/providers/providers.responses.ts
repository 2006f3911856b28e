import { Counted, Nullable, Obj, One, Resource, Text, Type, Uuid } from '../api-docs/json-api';

/** The active providers of the caller's organisation (listProviders), and how many were sent. */
export const ProviderList = Counted(Resource('providers', {
    provider_uid: Uuid(),
    display_name: Text(),
    user_uid: Nullable(Uuid()),
    provider_role_uid: Nullable(Uuid()),
    provider_role_label: Nullable(Text()),
  }));

/** One provider with its contact details and locations (findProvider), for the care-team member form. */
export const ProviderDocument = One(
  Resource('providers', {
    provider_uid: Uuid(),
    display_name: Text(),
    npi_number: Nullable(Text()),
    provider_role_uid: Nullable(Uuid()),
    provider_role_label: Nullable(Text()),
    work_phone: Nullable(Text()),
    mobile_number: Nullable(Text()),
    email_address: Nullable(Text()),
    locations: Type.Array(
      Obj({
        provider_location_uid: Uuid(),
        provider_location_label: Text(),
        addr1: Nullable(Text()),
        addr2: Nullable(Text()),
        city: Nullable(Text()),
        province_iso: Nullable(Text()),
        post_code: Nullable(Text()),
      }),
    ),
  }),
);
