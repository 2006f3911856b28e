import { assign, object, type Infer } from 'superstruct';
import { CIT_TEXT } from '../cit-options';
import { CitIdentitySchema } from './cit';
import { MAX_LENGTH, requiredText } from './strings';

/**
 * Spec 002 "Address helpers": `POST geoapify/autocomplete with text`. The
 * text is what the user typed in an address search (a street address, a
 * place, a zip), bounded like one address line.
 */
export const ADDRESS_SEARCH_MAX = MAX_LENGTH.address;

/** Fewer characters than this ask nothing: a geocoder's answer to one or two letters is noise. */
export const ADDRESS_SEARCH_MIN_CHARS = 3;

/** Spec 002 section 8 "Address autocomplete": the three texts, word for word (one copy: the CIT sheet's zip lookup says them too). */
export const ADDRESS_SEARCH_TEXT = {
  noResults: CIT_TEXT.noAddress,
  completed: CIT_TEXT.addressCompleted,
  failed: CIT_TEXT.autocompleteFailed,
} as const;

/** `POST /api/geoapify/autocomplete` (a signed-in user). */
export const AddressAutocompleteSchema = object({
  text: requiredText(ADDRESS_SEARCH_MAX),
});
export type AddressAutocompleteRequest = Infer<typeof AddressAutocompleteSchema>;

/** `POST /api/cit/{state}/geoapify/autocomplete`: the public CIT sheet's officer proves who they are as on every other CIT call. */
export const CitAddressAutocompleteSchema = assign(CitIdentitySchema, AddressAutocompleteSchema);
export type CitAddressAutocompleteRequest = Infer<typeof CitAddressAutocompleteSchema>;

/**
 * One address the search found, in the product's address fields (spec 001
 * "Address": address1, city, county, state, postCode, latitude, longitude).
 * `state` is the two-letter abbreviation (the medical-event location stores
 * it so); `stateUid` the reference-country-division entry of that state, for
 * the forms whose State is that list's id (null when the list has no such state).
 * `county` is its name without " County", as the zip lookup and the Ohio counties name it.
 */
export interface AddressSuggestion {
  /** The whole address on one line, as the list shows it. */
  label: string;
  address1: string;
  city: string;
  county: string;
  state: string;
  stateUid: string | null;
  postCode: string;
  latitude: number | null;
  longitude: number | null;
}
