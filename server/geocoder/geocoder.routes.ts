import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { PATIENT_EDIT_FLAGS } from '../../shared/permissions';
import { ADDRESS_SEARCH_TEXT, AddressAutocompleteSchema, type AddressSuggestion } from '../../shared/schemas/address-autocomplete';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, parseBody, tooMany } from '../errors';
import { allow } from '../security/access';
import { bucketKey, reserve } from '../security/rate-limit';
import { autocompleteAddress, GeocoderError, type GeocoderConfig } from './geocoder';
import { AddressSuggestions } from './geocoder.responses';

/**
 * Searches per signed-in user: the geocoder is a paid service whose key is
 * the install's. Typing is debounced (750 ms), so a user typing without pause
 * makes about 80 a minute; this is far above any real use.
 */
export const ADDRESS_SEARCH_LIMIT = { perUser: 300, windowSeconds: 900 };

/** Who fills in addresses: the modes that add patients and edit their addresses, and whoever records medical events (an event's location). */
export const ADDRESS_SEARCH_FLAGS = [...PATIENT_EDIT_FLAGS, 'medicalEvent'] as const;

/** The JSON:API answer of an address search. */
export const suggestionsDocument = (suggestions: AddressSuggestion[]) => ({
  data: suggestions.map((s, i) => ({ type: 'address-suggestions', id: String(i + 1), attributes: snakeKeys(s) })),
  meta: { total: suggestions.length },
});

/**
 * The search through the adapter, its failures as the spec's message: 502
 * when the geocoder answers other than 200 (or nothing usable), 504 when it
 * does not answer in GEOCODER_TIMEOUT_MS. The reason goes to the log, never
 * the key; the caller sees 'Unable to autocomplete address' and nothing of the geocoder.
 */
export async function searchAddresses(db: Db, config: GeocoderConfig, text: string, log: FastifyBaseLogger) {
  try {
    return suggestionsDocument(await autocompleteAddress(db, config, text));
  } catch (error) {
    if (!(error instanceof GeocoderError)) throw error;
    log.warn({ geocoder: error.kind, reason: error.reason }, 'address search failed');
    throw new HttpError(error.kind === 'timeout' ? 504 : 502, [{ message: ADDRESS_SEARCH_TEXT.failed }]);
  }
}

/**
 * Spec 002 "Address helpers": `POST /api/geoapify/autocomplete` with `{ text }`
 * for signed-in users who fill in addresses. The public CIT sheet has its own
 * door, `POST /api/cit/{state}/geoapify/autocomplete`, where the officer's
 * agency identifier and name stand in for a session (server/cit/cit.routes.ts).
 */
export const geocoderRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  app.post('/geoapify/autocomplete', withSchemas(allow(...ADDRESS_SEARCH_FLAGS), { 200: AddressSuggestions }, { body: AddressAutocompleteSchema }), async (request) => {
    const auth = requireAuth(request);
    const { text } = parseBody(AddressAutocompleteSchema, request.body);
    const attempt = await reserve(db, [{ bucket: bucketKey('address-search', 'user', auth.userUid), limit: ADDRESS_SEARCH_LIMIT.perUser }], ADDRESS_SEARCH_LIMIT.windowSeconds);
    if (!attempt.allowed) throw tooMany(ADDRESS_SEARCH_LIMIT.windowSeconds, `Too many address searches. Please wait ${ADDRESS_SEARCH_LIMIT.windowSeconds / 60} minutes and try again.`);
    return searchAddresses(db, config, text, request.log);
  });
};
