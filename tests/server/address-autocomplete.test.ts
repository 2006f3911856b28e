import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { DEMO_CIT_AGENCY } from '../../server/db/seed/cit';
import { autocompleteAddress, GeocoderError } from '../../server/geocoder/geocoder';
import { parseGeocoderUrl } from '../../server/config';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { ADDRESS_SEARCH_MAX, ADDRESS_SEARCH_TEXT } from '../../shared/schemas/address-autocomplete';
import { call, errorsOf, login, type LoggedIn } from './support/http';

/**
 * Spec 002 "Address helpers": `POST geoapify/autocomplete with text`, through
 * the adapter in server/geocoder/. A small local HTTP server speaks
 * Geoapify's autocomplete JSON; the test server's GEOCODER_URL points at it.
 * A second server on the same database has no geocoder (the zip fallback).
 */

const KEY = 'test-geocoder-key';
const TIMEOUT_MS = 300;

/** What the fake geocoder was asked, in order. */
const asked: URL[] = [];
/** Responses the fake geocoder is holding (the timeout case): ended when the test server gives up. */
const held: http.ServerResponse[] = [];

const GEOAPIFY_RESULTS = [
  {
    datasource: { sourcename: 'openstreetmap' },
    country: 'United States', country_code: 'us', state: 'Ohio', county: 'Franklin County', city: 'Columbus', postcode: '43215',
    street: 'North High Street', housenumber: '123', lon: -82.9988, lat: 39.9612, state_code: 'OH', result_type: 'building',
    formatted: '123 North High Street, Columbus, OH 43215, United States of America',
    address_line1: '123 North High Street', address_line2: 'Columbus, OH 43215, United States of America',
    place_id: 'abc',
  },
  {
    country: 'United States', country_code: 'us', state: 'Ohio', county: 'Summit County', city: 'Akron', postcode: '44308',
    lon: -81.519, lat: 41.0814, state_code: 'OH', result_type: 'postcode',
    formatted: 'Akron, OH 44308, United States of America', address_line1: 'Akron, OH 44308', address_line2: 'United States of America',
  },
  // A state the product's list does not hold: no state id, the abbreviation still given.
  { city: 'Austin', county: 'Travis County', state_code: 'tx', postcode: '78701', lat: 30.27, lon: -97.74, address_line1: '1 Congress Ave', result_type: 'building' },
];

const geocoder = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://geocoder.test');
  asked.push(url);
  const text = url.searchParams.get('text') ?? '';
  if (url.pathname !== '/v1/geocode/autocomplete') return void response.writeHead(404).end();
  if (text.startsWith('slow')) return void held.push(response);
  if (text.startsWith('broken')) return void response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'at Geocoder.search (/srv/geo.js:10:5)' }));
  if (text.startsWith('denied')) return void response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ statusCode: 401, message: 'Invalid apiKey' }));
  if (text.startsWith('garbled')) return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
  if (text.startsWith('nowhere')) return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: [], query: { text } }));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: GEOAPIFY_RESULTS, query: { text } }));
});

let server: TestServer;
let plain: TestServer;
let navigator: LoggedIn;
let geocoderUrl: string;
let ohioUid: string;

before(async () => {
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/v1/geocode/autocomplete`;
  server = await startTestServer({ GEOCODER_URL: geocoderUrl, GEOCODER_API_KEY: KEY, GEOCODER_TIMEOUT_MS: String(TIMEOUT_MS) });
  // The same data, no geocoder configured.
  plain = await startTestServer({ DATABASE_URL: server.connectionString, GEOCODER_URL: '', GEOCODER_API_KEY: '' });
  navigator = await login(server.url, 'navigator');
  ohioUid = (await server.db.selectFrom('reference_data').select('uid').where('model', '=', 'reference-country-division').where('name', '=', 'OH').executeTakeFirstOrThrow()).uid;
});
after(async () => {
  for (const response of held.splice(0)) response.destroy();
  await plain?.stop();
  await server?.stop();
  geocoder.closeAllConnections();
  await new Promise((resolve) => geocoder.close(resolve));
});

const search = (base: string, body: unknown, who: LoggedIn | null = navigator) => call(base, '/api/geoapify/autocomplete', { body, token: who?.token });
const attributesOf = (answer: { body: { data: { attributes: Record<string, unknown> }[] } }) => answer.body.data.map((d) => d.attributes);

describe('POST /api/geoapify/autocomplete with a geocoder', () => {
  it("asks the geocoder Geoapify's way and answers its results in the product's address fields", async () => {
    const before = asked.length;
    const answer = await search(server.url, { text: '  123 N High St  ' });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(asked.length, before + 1, 'one request to the geocoder');
    const request = asked[asked.length - 1];
    assert.equal(request.searchParams.get('text'), '123 N High St', 'the trimmed text');
    assert.equal(request.searchParams.get('apiKey'), KEY);
    assert.equal(request.searchParams.get('format'), 'json');
    assert.equal(answer.body.meta.total, 3);
    assert.deepEqual(answer.body.data.map((d: { type: string }) => d.type), ['address-suggestions', 'address-suggestions', 'address-suggestions']);
    assert.deepEqual(attributesOf(answer), [
      {
        label: '123 North High Street, Columbus, OH 43215, United States of America',
        address1: '123 North High Street', city: 'Columbus', county: 'Franklin', state: 'OH', state_uid: ohioUid, post_code: '43215', latitude: 39.9612, longitude: -82.9988,
      },
      // An area (a postcode) fills city, county, state and zip, not the street line.
      { label: 'Akron, OH 44308, United States of America', address1: '', city: 'Akron', county: 'Summit', state: 'OH', state_uid: ohioUid, post_code: '44308', latitude: 41.0814, longitude: -81.519 },
      { label: '1 Congress Ave', address1: '1 Congress Ave', city: 'Austin', county: 'Travis', state: 'TX', state_uid: null, post_code: '78701', latitude: 30.27, longitude: -97.74 },
    ]);
  });

  it('answers an empty list when the geocoder finds nothing', async () => {
    const answer = await search(server.url, { text: 'nowhere at all' });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body.data, []);
    assert.equal(answer.body.meta.total, 0);
  });

  it("a geocoder answering other than 200 is a 502 'Unable to autocomplete address', nothing of the geocoder's answer passed on", async () => {
    for (const text of ['broken search', 'denied search']) {
      const answer = await search(server.url, { text });
      assert.deepEqual(errorsOf(answer, 502), [{ message: ADDRESS_SEARCH_TEXT.failed }]);
      assert.doesNotMatch(answer.text, /geo\.js|apiKey|Internal Server Error|127\.0\.0\.1/);
    }
    assert.deepEqual(errorsOf(await search(server.url, { text: 'garbled answer' }), 502), [{ message: 'Unable to autocomplete address' }]);
  });

  it("a geocoder that does not answer in GEOCODER_TIMEOUT_MS is a 504 'Unable to autocomplete address'", async () => {
    const started = performance.now();
    const answer = await search(server.url, { text: 'slow street' });
    const took = performance.now() - started;
    assert.deepEqual(errorsOf(answer, 504), [{ message: ADDRESS_SEARCH_TEXT.failed }]);
    assert.ok(took >= TIMEOUT_MS - 20 && took < TIMEOUT_MS + 3000, `gave up after ${Math.round(took)} ms, ${TIMEOUT_MS} ms configured`);
    assert.equal(held.length, 1, 'the geocoder was asked and never answered');
  });

  it('an unreachable geocoder is a GeocoderError the route turns into a 502 (the adapter alone)', async () => {
    await assert.rejects(
      autocompleteAddress(server.db, { geocoderUrl: 'http://127.0.0.1:1/v1/geocode/autocomplete', geocoderApiKey: KEY, geocoderTimeoutMs: 2000 }, '123 Main'),
      (error: unknown) => error instanceof GeocoderError && error.kind === 'unreachable' && !error.message.includes(KEY),
    );
  });
});

describe('POST /api/geoapify/autocomplete without a geocoder', () => {
  it("answers a 5-digit zip from the reference geo data (the product's zip lookup), anything else with an empty list, and never asks a geocoder", async () => {
    const me = await login(plain.url, 'navigator');
    const before = asked.length;
    const zip = await search(plain.url, { text: ' 43215 ' }, me);
    assert.equal(zip.status, 200, zip.text);
    assert.deepEqual(attributesOf(zip), [
      { label: 'Columbus, OH 43215', address1: '', city: 'Columbus', county: 'Franklin', state: 'OH', state_uid: ohioUid, post_code: '43215', latitude: 39.9612, longitude: -82.9988 },
    ]);
    for (const text of ['123 N High St', '4321', '432150', '99999']) {
      const none = await search(plain.url, { text }, me);
      assert.equal(none.status, 200, none.text);
      assert.deepEqual(none.body.data, [], text);
    }
    assert.equal(asked.length, before, 'no geocoder was asked');
  });
});

describe('POST /api/geoapify/autocomplete: who and what', () => {
  it('401 without a session, 403 for a user who fills in no addresses, 403 for a cookie write without the CSRF token', async () => {
    assert.deepEqual(errorsOf(await search(server.url, { text: '123 Main' }, null), 401), [{ message: 'Your session has expired or you are not signed in.' }]);
    errorsOf(await call(server.url, '/api/geoapify/autocomplete', { body: { text: '123 Main' }, token: 'not-a-real-token' }), 401);
    errorsOf(await search(server.url, { text: '123 Main' }, await login(server.url, 'identity')), 403);
    errorsOf(await call(server.url, '/api/geoapify/autocomplete', { body: { text: '123 Main' }, cookie: navigator.cookie }), 403);
    assert.equal((await call(server.url, '/api/geoapify/autocomplete', { body: { text: '123 Main' }, cookie: navigator.cookie, csrf: navigator.csrf })).status, 200);
    for (const user of ['cit', 'community', 'sponsor', 'director']) assert.equal((await search(server.url, { text: '123 Main' }, await login(server.url, user))).status, 200, user);
  });

  it('422 with the field for a missing, blank, over-long or non-text `text`; 400 for a body that is not an object; the geocoder is not asked', async () => {
    const before = asked.length;
    assert.deepEqual(errorsOf(await search(server.url, {}), 422), [{ field: 'text', message: 'Required' }]);
    assert.deepEqual(errorsOf(await search(server.url, { text: '   ' }), 422), [{ field: 'text', message: 'Required' }]);
    assert.deepEqual(errorsOf(await search(server.url, { text: 'x'.repeat(ADDRESS_SEARCH_MAX + 1) }), 422), [{ field: 'text', message: `Must be at most ${ADDRESS_SEARCH_MAX} characters` }]);
    assert.equal((await search(server.url, { text: 'y'.repeat(ADDRESS_SEARCH_MAX) })).status, 200, 'the longest text is taken');
    assert.equal(errorsOf(await search(server.url, { text: 12345 }), 422)[0].field, 'text');
    assert.equal(errorsOf(await search(server.url, { text: '123 Main', extra: 1 }), 422)[0].field, 'extra');
    errorsOf(await search(server.url, ['123 Main']), 400);
    errorsOf(await call(server.url, '/api/geoapify/autocomplete', { rawBody: '{"text": ', token: navigator.token }), 400);
    assert.equal(asked.length, before + 1, 'only the longest valid text reached the geocoder');
  });
});

describe('POST /api/cit/{state}/geoapify/autocomplete (the public CIT sheet)', () => {
  const identity = { code: DEMO_CIT_AGENCY.code, officer_name: DEMO_CIT_AGENCY.officers[0] };

  it("an identified officer searches as a signed-in user does, without a session", async () => {
    const answer = await call(server.url, '/api/cit/oh/geoapify/autocomplete', { body: { ...identity, text: '123 N High St' } });
    assert.equal(answer.status, 200, answer.text);
    assert.equal(attributesOf(answer)[0].address1, '123 North High Street');
    const fallback = await call(plain.url, '/api/cit/oh/geoapify/autocomplete', { body: { ...identity, text: '44308' } });
    assert.deepEqual(attributesOf(fallback).map((a) => [a.city, a.county, a.state_uid]), [['Akron', 'Summit', ohioUid]]);
  });

  it("refuses a wrong identity (403, the sheet's message), a missing one and an over-long text (422 by field)", async () => {
    assert.deepEqual(errorsOf(await call(server.url, '/api/cit/oh/geoapify/autocomplete', { body: { ...identity, code: 'NOT-A-CODE', text: '123 Main' } }), 403), [{ message: 'Agency Identifier or Officer Name is invalid' }]);
    const missing = errorsOf(await call(server.url, '/api/cit/oh/geoapify/autocomplete', { body: { text: '123 Main' } }), 422);
    assert.deepEqual(missing.map((e) => e.field).sort(), ['code', 'officer_name']);
    assert.deepEqual(errorsOf(await call(server.url, '/api/cit/oh/geoapify/autocomplete', { body: { ...identity, text: 'x'.repeat(ADDRESS_SEARCH_MAX + 1) } }), 422), [{ field: 'text', message: `Must be at most ${ADDRESS_SEARCH_MAX} characters` }]);
    errorsOf(await call(server.url, '/api/cit/ohio/geoapify/autocomplete', { body: { ...identity, text: '123 Main' } }), 404);
    assert.deepEqual(errorsOf(await call(server.url, '/api/cit/oh/geoapify/autocomplete', { body: { ...identity, text: 'broken' } }), 502), [{ message: ADDRESS_SEARCH_TEXT.failed }]);
  });
});

describe('GEOCODER_URL', () => {
  it('takes an http(s) address and refuses anything else at start', () => {
    assert.equal(parseGeocoderUrl(undefined), undefined);
    assert.equal(parseGeocoderUrl(' '), undefined);
    assert.equal(parseGeocoderUrl('https://api.geoapify.com/v1/geocode/autocomplete?filter=countrycode:us'), 'https://api.geoapify.com/v1/geocode/autocomplete?filter=countrycode:us');
    assert.throws(() => parseGeocoderUrl('api.geoapify.com/v1'), /GEOCODER_URL must be an http\(s\) address/);
    assert.throws(() => parseGeocoderUrl('ftp://geo.example/'), /GEOCODER_URL must be an http\(s\) address/);
  });
});
