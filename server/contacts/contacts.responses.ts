import { Bool, Link, Nullable, One, Resource, Text, Uuid } from '../api-docs/json-api';

const patient = { patient: Link('patients') };

/** One of the patient's addresses: the columns findAddress reads. */
export const AddressDocument = One(
  Resource(
    'addresses',
    {
      address_uid: Uuid(),
      address_type_uid: Nullable(Uuid()),
      addr1: Nullable(Text()),
      addr2: Nullable(Text()),
      city: Nullable(Text()),
      post_code: Nullable(Text()),
      country_division_uid: Nullable(Uuid()),
      county: Nullable(Text()),
      is_primary: Bool(),
    },
    patient,
  ),
);

/** One of the patient's e-mail addresses: the columns findEmailAddress reads. */
export const EmailAddressDocument = One(Resource('email-addresses', { email_address_uid: Uuid(), email_address: Text(), is_primary: Bool() }, patient));
