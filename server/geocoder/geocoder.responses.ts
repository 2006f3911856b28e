import { Counted, Nullable, Num, Resource, Text, Uuid } from '../api-docs/json-api';

/** An address search's suggestions (suggestionsDocument): the geocoder's, or the zip lookup's without one. */
export const AddressSuggestions = Counted(
  Resource('address-suggestions', {
    label: Text(),
    address1: Text(),
    city: Text(),
    county: Text(),
    state: Text(),
    state_uid: Nullable(Uuid()),
    post_code: Text(),
    latitude: Nullable(Num()),
    longitude: Nullable(Num()),
  }),
);
