import type { AddressSuggestion } from '../../shared/schemas/address-autocomplete';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { findGeoByZip, stateUidsOf, type GeoRow } from './geocoder.repository';

/** At most this many suggestions are shown (Geoapify's own default is 5). */
export const MAX_SUGGESTIONS = 5;

export type GeocoderConfig = Pick<Config, 'geocoderUrl' | 'geocoderApiKey' | 'geocoderTimeoutMs'>;

/**
 * The geocoder did not give an answer the search can use: it timed out, could
 * not be reached, answered other than 200, or answered something that is not
 * Geoapify's JSON. `reason` is for the log (never the key or the URL's query).
 */
export class GeocoderError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'status' | 'answer',
    readonly reason: string,
  ) {
    super(`Geocoder ${kind}: ${reason}`);
  }
}

/** One result of Geoapify's autocomplete (`format=json`), as far as the search reads it. */
interface GeoapifyResult {
  formatted?: unknown;
  address_line1?: unknown;
  address_line2?: unknown;
  city?: unknown;
  county?: unknown;
  state_code?: unknown;
  postcode?: unknown;
  lat?: unknown;
  lon?: unknown;
  result_type?: unknown;
}

/** Result types that name an area, not a place in a street: their first line is the area's name, not an address line. */
const AREAS = new Set(['country', 'state', 'county', 'city', 'postcode', 'district', 'suburb']);

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
/** "Franklin County" → "Franklin": the product names counties as the zip lookup and the Ohio counties do. */
export const countyName = (v: unknown) => str(v).replace(/\s+County$/i, '');

/** The geocoder's URL with the search's parameters; parameters already in GEOCODER_URL (a filter, a bias) are kept. */
function requestUrl(config: GeocoderConfig, text: string): string {
  const url = new URL(config.geocoderUrl!);
  url.searchParams.set('text', text);
  if (config.geocoderApiKey) url.searchParams.set('apiKey', config.geocoderApiKey);
  url.searchParams.set('format', 'json');
  if (!url.searchParams.has('limit')) url.searchParams.set('limit', String(MAX_SUGGESTIONS));
  return url.toString();
}

async function askGeocoder(config: GeocoderConfig, text: string): Promise<GeoapifyResult[]> {
  let response: Response;
  try {
    response = await fetch(requestUrl(config, text), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(config.geocoderTimeoutMs) });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new GeocoderError('timeout', `no answer within ${config.geocoderTimeoutMs} ms`);
    throw new GeocoderError('unreachable', (error as Error).message);
  }
  let body: unknown;
  try {
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new GeocoderError('status', `answered ${response.status}`);
    }
    body = await response.json();
  } catch (error) {
    if (error instanceof GeocoderError) throw error;
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new GeocoderError('timeout', `answer not complete within ${config.geocoderTimeoutMs} ms`);
    throw new GeocoderError('answer', 'the answer is not JSON');
  }
  const results = (body as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new GeocoderError('answer', 'the answer has no results list');
  return results.filter((r): r is GeoapifyResult => r !== null && typeof r === 'object').slice(0, MAX_SUGGESTIONS);
}

/** Geoapify's fields in the product's (spec 001 "Address"). */
export function suggestionOf(r: GeoapifyResult, stateUids: Map<string, string>): AddressSuggestion {
  const state = str(r.state_code).toUpperCase();
  const line1 = str(r.address_line1);
  const label = str(r.formatted) || [line1, str(r.address_line2)].filter(Boolean).join(', ');
  return {
    label,
    address1: AREAS.has(str(r.result_type)) ? '' : line1,
    city: str(r.city),
    county: countyName(r.county),
    state,
    stateUid: stateUids.get(state) ?? null,
    postCode: str(r.postcode),
    latitude: num(r.lat),
    longitude: num(r.lon),
  };
}

const zipSuggestion = (row: GeoRow): AddressSuggestion => ({
  label: `${row.city}, ${row.state_iso} ${row.zip_code}`,
  address1: '',
  city: row.city,
  county: row.county,
  state: row.state_iso,
  stateUid: row.state_uid,
  postCode: row.zip_code,
  latitude: num(row.latitude),
  longitude: num(row.longitude),
});

/**
 * Spec 002 "Address helpers", `POST geoapify/autocomplete with text`: the
 * addresses that match what was typed. With GEOCODER_URL, the geocoder's
 * answer (Geoapify's JSON); without it, a 5-digit zip is answered from the
 * reference geo data (the product's zip lookup) and any other text finds
 * nothing. Throws GeocoderError when the geocoder fails.
 */
export async function autocompleteAddress(db: Db, config: GeocoderConfig, text: string): Promise<AddressSuggestion[]> {
  const typed = text.trim();
  if (!config.geocoderUrl) return /^\d{5}$/.test(typed) ? (await findGeoByZip(db, typed)).map(zipSuggestion) : [];
  const results = await askGeocoder(config, typed);
  const stateUids = await stateUidsOf(db, results.map((r) => str(r.state_code).toUpperCase()).filter(Boolean));
  return results.map((r) => suggestionOf(r, stateUids));
}
