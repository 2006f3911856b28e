import { createHash } from 'node:crypto';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import { PUBLIC_VIEWS, REFERENCE_VIEWS } from '../../server/dataviews/registry';
import { REPORT_DATA_VIEWS } from '../../server/reports/reports.views';
import { DEFAULT_LANG, DEFAULT_STRINGS } from '../../shared/i18n-defaults';
import { call, demoFacts, errorsOf, login, type DemoFacts } from './support/http';
import { AFTER_PAINT_LOADER } from '../../shared/after-paint-scripts';

let server: TestServer;
let partnerServer: TestServer;
let facts: DemoFacts;

const PARTNER = 'https://partner.example';

before(async () => {
  [server, partnerServer] = await Promise.all([startTestServer(), startTestServer({ ALLOWED_ORIGINS: PARTNER })]);
  facts = await demoFacts(server.db);
});
after(async () => {
  await Promise.all([server?.stop(), partnerServer?.stop()]);
});

const csp = (headers: Headers) =>
  Object.fromEntries(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

const preflight = (base: string, origin: string, path = '/api/session/current') =>
  fetch(base + path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type,x-csrf-token' },
  });

describe('security headers', () => {
  it('sets helmet headers; frame-ancestors is only self by default', async () => {
    for (const path of ['/api/health', '/api/session/current', '/api/nope']) {
      const answer = await call(server.url, path);
      const policy = csp(answer.headers);
      assert.equal(policy['frame-ancestors'], "'self'", path);
      assert.equal(policy['default-src'], "'self'");
      // No inline script but the first-screen pages' loader, named by its hash.
      assert.equal(policy['script-src'], `'self' 'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`);
      assert.equal(policy['object-src'], "'none'");
      assert.ok(policy['connect-src'].startsWith("'self'"), policy['connect-src']);
      assert.ok(!policy['connect-src'].includes('https:'), policy['connect-src']);
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(answer.headers.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(answer.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(answer.headers.get('cross-origin-resource-policy'), 'same-origin');
      assert.equal(answer.headers.get('x-powered-by'), null);
    }
  });

  it('with ALLOWED_ORIGINS, frame-ancestors and connect-src name the partner, and X-Frame-Options steps aside', async () => {
    const answer = await call(partnerServer.url, '/api/health');
    const policy = csp(answer.headers);
    assert.equal(policy['frame-ancestors'], `'self' ${PARTNER}`);
    assert.ok(policy['connect-src'].startsWith("'self'") && policy['connect-src'].endsWith(` ${PARTNER}`), policy['connect-src']);
    assert.equal(answer.headers.get('x-frame-options'), null);
    assert.equal(answer.headers.get('cross-origin-resource-policy'), 'cross-origin');
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with that origin, credentials and the headers we take', async () => {
    const res = await preflight(partnerServer.url, PARTNER);
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), PARTNER);
    assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
    assert.equal(res.headers.get('access-control-allow-headers'), 'authorization, content-type, x-csrf-token, idempotency-key, x-registration-token, x-page-view');
    assert.equal(res.headers.get('access-control-allow-methods'), 'GET, HEAD, POST, PUT, PATCH, DELETE');
    assert.equal(res.headers.get('vary'), 'Origin');
  });

  it('an actual request from the allowed origin carries the CORS header', async () => {
    const res = await fetch(`${partnerServer.url}/api/health`, { headers: { origin: PARTNER } });
    assert.equal(res.headers.get('access-control-allow-origin'), PARTNER);
    // The embedding page can read the id to quote and when to retry.
    assert.equal(res.headers.get('access-control-expose-headers'), 'x-request-id, idempotent-replayed, retry-after');
  });

  it('gives no CORS grant to any other origin', async () => {
    for (const origin of ['https://evil.example', 'https://partner.example.evil.example', 'http://partner.example', 'null']) {
      const res = await preflight(partnerServer.url, origin);
      assert.equal(res.headers.get('access-control-allow-origin'), null, origin);
      const get = await fetch(`${partnerServer.url}/api/health`, { headers: { origin } });
      assert.equal(get.headers.get('access-control-allow-origin'), null, origin);
    }
  });

  it('gives no CORS grant at all without ALLOWED_ORIGINS', async () => {
    const res = await preflight(server.url, PARTNER);
    assert.equal(res.headers.get('access-control-allow-origin'), null);
  });
});

describe('errors', () => {
  it('an unknown /api route is a JSON 404 naming it', async () => {
    assert.deepEqual(errorsOf(await call(server.url, '/api/nope?x=1'), 404), [{ message: 'No API route GET /api/nope' }]);
    assert.deepEqual(errorsOf(await call(server.url, '/api/queues', { method: 'DELETE' }), 404), [{ message: 'No API route DELETE /api/queues' }]);
  });

  it('invalid JSON is a 400 without a stack', async () => {
    const me = await login(server.url, 'navigator');
    for (const rawBody of ['{"patient_uid": ', "{'a': 1}", '{"a":1}}']) {
      const answer = await call(server.url, '/api/audit', { token: me.token, rawBody });
      assert.deepEqual(errorsOf(answer, 400), [{ message: 'Request body is not valid JSON' }]);
    }
    const login400 = await call(server.url, '/api/auth/login', { rawBody: '{"user_name":"navigator",' });
    assert.deepEqual(errorsOf(login400, 400), [{ message: 'Request body is not valid JSON' }]);
  });

  it('a prototype-polluting body does nothing: it is refused, and no session gains an admin flag', async () => {
    for (const rawBody of [
      '{"__proto__":{"admin":true,"navigatorAdmin":true},"user_name":"navigator","password":"careweave-demo"}',
      '{"constructor":{"prototype":{"admin":true,"navigatorAdmin":true}},"user_name":"navigator","password":"careweave-demo"}',
    ]) {
      const answer = await call(server.url, '/api/auth/login', { rawBody });
      assert.deepEqual(errorsOf(answer, 400), [{ message: 'Request body is not valid JSON' }], rawBody);
      assert.equal(answer.headers.getSetCookie().length, 0, 'no session cookie');
    }
    assert.equal(({} as Record<string, unknown>).admin, undefined);
    assert.equal(({} as Record<string, unknown>).navigatorAdmin, undefined);
    // The navigator's next session, as given and as read back, has her flags only, and the admin routes refuse it.
    const me = await login(server.url, 'navigator');
    const current = await call(server.url, '/api/session/current', { token: me.token });
    assert.equal(current.status, 200, current.text);
    for (const session of [me.session, current.body.data.attributes]) {
      assert.equal(session.admin, undefined);
      assert.equal(session.flags.admin, undefined);
      assert.equal(session.flags.navigatorAdmin, false);
      assert.equal(session.flags.isDirector, false);
    }
    errorsOf(await call(server.url, `/api/admin/users/${me.session.user_uid}`, { token: me.token }), 403);
  });

  it('a body that is too large is a JSON 413; an unknown content type a JSON 415', async () => {
    const me = await login(server.url, 'navigator');
    const big = JSON.stringify({ patient_uid: 'x', action: 'y'.repeat(1024 * 1024 + 10) });
    assert.deepEqual(errorsOf(await call(server.url, '/api/audit', { token: me.token, rawBody: big }), 413), [{ message: 'Request body is too large' }]);
    const xml = await call(server.url, '/api/audit', { token: me.token, rawBody: '<audit/>', headers: { 'content-type': 'application/xml' } });
    assert.equal(errorsOf(xml, 415).length, 1);
  });
});

describe('GET /api/health and /api/live', () => {
  it('health asks the database and answers without a session', async () => {
    const answer = await call(server.url, '/api/health');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { status: 'ok', database: 'ok' });
  });

  it('live answers without a session or the database', async () => {
    const answer = await call(server.url, '/api/live');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { status: 'ok' });
  });
});

describe('translations and destinations', () => {
  it('translations: the default language, and the default for a bad lang', async () => {
    const answer = await call(server.url, '/api/translations?lang=en-US');
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, { data: { type: 'translations', id: DEFAULT_LANG, attributes: { lang: DEFAULT_LANG, strings: DEFAULT_STRINGS } } });
    const bad = await call(server.url, `/api/translations?lang=${encodeURIComponent("en'; drop table translation; --")}`);
    assert.equal(bad.body.data.id, DEFAULT_LANG);
    assert.deepEqual(bad.body.data.attributes.strings, DEFAULT_STRINGS);
    const none = await call(server.url, '/api/translations?lang=fr-FR');
    assert.deepEqual(none.body.data.attributes, { lang: 'fr-FR', strings: {} });
  });

  it("destinations: the admin page's shows only to users with its flag", async () => {
    const admin = await login(server.url, 'admin');
    const nav = await login(server.url, 'navigator');
    assert.deepEqual((await call(server.url, '/api/destinations', { token: admin.token })).body, {
      data: [{ type: 'destination', id: 'admin', attributes: { name: 'admin', label: 'Admin', url: '/admin' } }],
    });
    assert.deepEqual((await call(server.url, '/api/destinations', { token: nav.token })).body, { data: [] });
    errorsOf(await call(server.url, '/api/destinations'), 401);
  });
});

describe('refusals on every route', () => {
  const uuid = '00000000-0000-0000-0000-000000000000';
  /** Every API route but login, translations and health (which need no session). */
  const ROUTES: [string, string, unknown?][] = [
    ['POST', '/api/auth/logout'],
    ['POST', '/api/auth/change-password', { current_password: 'careweave-demo', new_password: 'another-password' }],
    ['GET', '/api/session/current'],
    ['PUT', '/api/session/current', { data: { attributes: { current_division_uid: uuid } } }],
    ['GET', '/api/destinations'],
    ['GET', '/api/queues'],
    ['GET', `/api/queues/${uuid}`],
    ['GET', '/api/data/public/queue-patient-view'],
    ['GET', `/api/data/public/queue-patient-view/${uuid}`],
    ['GET', '/api/data/reference/reference-gender'],
    ['GET', `/api/data/reference/reference-gender/${uuid}`],
    ['POST', '/api/audit', { patient_uid: uuid, action: 'ViewedPatient' }],
    ['GET', `/api/patients/${uuid}/audit-messages`],
    ['GET', `/api/patients/${uuid}`],
    ['GET', `/api/patients/${uuid}/medical-events`],
    ['GET', `/api/patients/${uuid}/events/:type/${uuid}`],
    ['GET', `/api/patients/${uuid}/notes`],
    ['GET', `/api/patients/${uuid}/admissions`],
    ['GET', `/api/patients/${uuid}/reminders`],
    ['GET', `/api/patients/${uuid}/primary-address`],
    ['GET', `/api/patients/${uuid}/cit-summary`],
    ['GET', `/api/patients/${uuid}/identity-summary`],
    ['GET', `/api/patients/${uuid}/identity-alerts`],
    ['GET', `/api/patients/${uuid}/identity-matches`],
    ['POST', `/api/patients/${uuid}/identity-matches/:sacwisPersonId/approve`],
    ['POST', `/api/patients/${uuid}/identity-matches/:sacwisPersonId/reject`],
    ['POST', `/api/data/public/identity/patient/${uuid}/dispute`, { dispute_comment: 'x', sitenames: ['A'] }],
    ['POST', `/api/patients/${uuid}/service-referral-email`, { subject: 'x' }],
    ['GET', `/api/patients/${uuid}/current-inbound-referral`],
    ['POST', '/api/patients/matches', { first_name: 'A', last_name: 'B' }],
    ['GET', '/api/smart/launch-patient'],
    ['POST', '/api/smart/launch-patient/link', { patient_uid: '00000000-0000-4000-8000-000000000000' }],
    ['GET', `/api/smart-apps/authorizations/${uuid}`],
    ['POST', `/api/smart-apps/authorizations/${uuid}`, { decision: 'deny' }],
    ['GET', `/api/app-user/${uuid}`],
    ['POST', '/api/break-glass', { patient_uid: uuid, reason: 'other', password: 'x' }],
    ['GET', `/api/patients/${uuid}/break-glass`],
    ['GET', '/api/break-glass-events'],
    ['GET', `/api/break-glass-events/${uuid}`],
    ['PUT', `/api/break-glass-events/${uuid}/review`, { status: 'appropriate', comment: 'x' }],
    ['POST', `/api/data/public/identity/patient/${uuid}/pdf`],
    ['GET', `/api/data/public/identity/patient/${uuid}/child-health-form`],
    ['GET', `/api/data/public/identity/patient/${uuid}/hospital-registration-sheet`],
    ['GET', `/api/admissions/${uuid}`],
    ['POST', '/api/admissions', { data: { type: 'admissions', attributes: { patient_uid: uuid, status_uid: uuid, event_date: '2026-01-01' } } }],
    ['PUT', `/api/admissions/${uuid}`, { data: { type: 'admissions', attributes: { status_uid: uuid, event_date: '2026-01-01' } } }],
    ['GET', '/api/medical-event-types/:name'],
    ['GET', `/api/patients/${uuid}/medical-events/:name`],
    ['GET', `/api/patients/${uuid}/foreign/medical-event`],
    ['GET', `/api/medical-events/${uuid}`],
    ['POST', '/api/medical-events', { data: { type: 'medical-events', attributes: { patient_uid: uuid, medical_event_name: 'drug_overdose', event_date: '2026-01-01', status_uid: uuid } } }],
    ['PUT', `/api/medical-events/${uuid}`, { data: { type: 'medical-events', attributes: { medical_event_name: 'drug_overdose', event_date: '2026-01-01', status_uid: uuid } } }],
    ['DELETE', `/api/medical-events/${uuid}/notes/${uuid}`],
    ['GET', '/api/provider-patients'],
    ['GET', `/api/patients/${uuid}/provider-patients`],
    ['GET', `/api/provider-patients/${uuid}`],
    ['POST', '/api/provider-patients', { data: { type: 'provider-patients', attributes: { patient_uid: uuid, provider_uid: uuid, preferred_location_uid: '', care_team: true, is_pcp: false, is_primary: false } } }],
    ['PUT', `/api/provider-patients/${uuid}`, { data: { type: 'provider-patients', attributes: { provider_uid: uuid, preferred_location_uid: '', care_team: true, is_pcp: false, is_primary: false } } }],
    ['GET', `/api/providers/${uuid}`],
    ['GET', `/api/patients/${uuid}/care-givers`],
    ['GET', `/api/patients/${uuid}/care-givers/${uuid}`],
    ['POST', `/api/patients/${uuid}/care-givers`, { data: { type: 'care-givers', attributes: { first_name: 'a', last_name: 'b', relationship: 'Parent' } } }],
    ['PUT', `/api/patients/${uuid}/care-givers`, { data: { type: 'care-givers', id: uuid, attributes: { first_name: 'a', last_name: 'b', relationship: 'Parent' } } }],
    ['GET', `/api/patients/${uuid}/diagnoses`],
    ['GET', `/api/diagnoses/${uuid}`],
    ['POST', '/api/diagnoses', { data: { type: 'diagnoses', attributes: { ref_diagnoses_ids: [uuid], status_uid: uuid }, relationships: { patient: { data: { type: 'patients', id: uuid } }, provider: { data: { type: 'providers', id: uuid } } } } }],
    ['PUT', `/api/diagnoses/${uuid}`, { data: { type: 'diagnoses', attributes: { ref_diagnoses_ids: [uuid], status_uid: uuid }, relationships: { patient: { data: { type: 'patients', id: uuid } }, provider: { data: { type: 'providers', id: uuid } } } } }],
    ['GET', '/api/reference-event?event-type-name=Diagnosis'],
    ['GET', `/api/reference/events/${uuid}/diagnosis`],
    ['GET', `/api/reference/events/${uuid}/status`],
    ['GET', `/api/reference-data/region?source=reference-diagnosis&source_uid=${uuid}`],
    ['GET', `/api/notes/${uuid}`],
    ['POST', '/api/notes', { data: { type: 'notes', attributes: { note: 'n', activity_date: '2026-01-01' }, relationships: { patient: { data: { type: 'patients', id: uuid } } } } }],
    ['DELETE', `/api/notes/${uuid}`],
    ['POST', '/api/patient-resources', { data: { type: 'patient-resources', attributes: { patient_uid: uuid, resource_uid: uuid } } }],
    ['DELETE', `/api/patient-resources/${uuid}`],
    ['GET', '/api/real-time-subscription'],
    ['PUT', `/api/real-time-subscription/${uuid}`, { data: { type: 'real-time-subscriptions', attributes: { last_read_seq: 1 } } }],
    ['GET', `/api/patient/${uuid}/chat`],
    ['POST', `/api/patient/${uuid}/chat`, { data: { type: 'chat-messages', attributes: { body: 'hello' } } }],
    ['GET', `/api/data/public/patient-allergy/${uuid}`],
    ['POST', '/api/data/public/patient-allergy', { data: { type: 'patient-allergy', attributes: { patient_uid: uuid, allergy_uid: uuid } } }],
    ['PUT', `/api/data/public/patient-allergy/${uuid}`, { data: { type: 'patient-allergy', attributes: { allergy_uid: uuid } } }],
    ['DELETE', `/api/data/public/patient-allergy/${uuid}`],
    ['GET', `/api/data/public/patient-medication/${uuid}`],
    ['POST', '/api/data/public/patient-medication', { data: { type: 'patient-medication', attributes: { patient_uid: uuid, medication_uid: uuid } } }],
    ['PUT', `/api/data/public/patient-medication/${uuid}`, { data: { type: 'patient-medication', attributes: { medication_uid: uuid } } }],
    ['GET', `/api/attachments/${uuid}`],
    ['POST', '/api/attachments', { data: { type: 'attachments', attributes: { patient_uid: uuid, doc_type: 'Link', title: 't', link: 'https://a.example' } } }],
    ['DELETE', `/api/attachments/${uuid}`],
    ['GET', '/api/get-s3-link?link=x'],
    ['GET', `/api/outbound-referrals/${uuid}`],
    ['GET', `/api/patients/${uuid}/received-referrals`],
    ['POST', '/api/outbound-referrals', { data: { type: 'outbound-referrals', attributes: { patient_uid: uuid, specialty_uid: uuid, event_date: '2026-01-01', to_type: 'facility', to_facility_uid: uuid, priority: 'routine', status_uid: uuid } } }],
    ['PUT', `/api/outbound-referrals/${uuid}`, { data: { type: 'outbound-referrals', attributes: { specialty_uid: uuid, event_date: '2026-01-01', to_type: 'facility', to_facility_uid: uuid, priority: 'routine', status_uid: uuid } } }],
    ['PUT', `/api/outbound-referrals/${uuid}/status`, { data: { type: 'outbound-referrals', attributes: { status_uid: uuid } } }],
    ['GET', '/api/incoming-referrals'],
    ['GET', `/api/incoming-referrals/${uuid}`],
    ['POST', `/api/incoming-referrals/${uuid}/link`, { data: { type: 'incoming-referrals', attributes: { create_patient: true } } }],
    ['GET', `/api/patients/${uuid}/ehr-referrals`],
    ['PUT', `/api/ehr-referrals/${uuid}/status`, { data: { type: 'ehr-referrals', attributes: { status: 'accepted' } } }],
    ['GET', '/api/reference-data/reference-badge-groups'],
    ['GET', `/api/patients/${uuid}/patient-badges`],
    ['PUT', `/api/patients/${uuid}/patient-badges`, {}],
    ['POST', '/api/referrals/inbound', { data: { type: 'referrals', attributes: {}, relationships: {} } }],
    ['GET', '/api/patients/possible-duplicates?first_name=a&last_name=b&birth_date=2010-01-01'],
    ['POST', '/api/addresses', { data: { type: 'addresses', attributes: { addr1: 'a' }, relationships: { patient: { data: { type: 'patients', id: uuid } } } } }],
    ['POST', '/api/geoapify/autocomplete', { text: '43215' }],
    ['PUT', `/api/addresses/${uuid}`, { data: { type: 'addresses', attributes: { addr1: 'a' }, relationships: { patient: { data: { type: 'patients', id: uuid } } } } }],
    ['POST', '/api/email-addresses', { data: { type: 'email-addresses', attributes: { email_address: 'a@b.test' }, relationships: { patient: { data: { type: 'patients', id: uuid } } } } }],
    ['PUT', `/api/email-addresses/${uuid}`, { data: { type: 'email-addresses', attributes: { email_address: 'a@b.test' }, relationships: { patient: { data: { type: 'patients', id: uuid } } } } }],
    ['PUT', `/api/patients/${uuid}`, { data: { type: 'patients', id: uuid, attributes: { note: 'n' } } }],
    ['GET', `/api/patients/${uuid}/races`],
    ['POST', `/api/patients/${uuid}/avatar`, { fileName: 'a.png', fileType: 'image/png', base64Data: 'iVBORw0KGgo=' }],
    ['GET', `/api/patients/${uuid}/avatar`],
    ['PUT', `/api/patient-episodes/${uuid}`, { data: { type: 'patient-episodes', id: uuid, attributes: { 'new-status': uuid } } }],
    ['GET', '/api/summary-patients?q=garcia'],
    ['GET', '/api/data/public/identity-quick-search?q=garcia'],
    ['GET', '/api/data/public/identity_search?last_name__like=garcia'],
    ['GET', '/api/data/public/list-view-cs-tbl-identity-source'],
    ['GET', '/api/data/public/tbl-source-agency'],
    ['GET', `/api/data/public/tbl-source-agency/${uuid}`],
    ['GET', '/api/data/public/tbl_identity_source_status'],
    ['GET', '/api/data/public/list_view_cs_recent_patients'],
    ['GET', '/api/providers/mv'],
    ['GET', '/api/reminders/me'],
    ['POST', '/api/reminders', { data: { type: 'reminders', attributes: { subject_uid: uuid, subject_type: 'patient', reminder_date: '2030-01-01T23:59:59.999Z', note: 'n' }, relationships: { patient: { data: { type: 'patients', id: uuid } } } } }],
    ['PUT', `/api/data/public/notification/${uuid}`, { data: { attributes: { is_read: true } } }],
    ['DELETE', `/api/data/public/notification/${uuid}`],
    ['GET', `/api/data/public/cit-submission/${uuid}`],
    ['PUT', `/api/data/public/cit-submission/${uuid}/accept`],
    ['PUT', `/api/data/public/cit-submission/${uuid}/reject`],
    ['PUT', `/api/data/public/cit-submission/${uuid}`, { data: { attributes: { first_name: 'x' } } }],
    ['GET', `/api/data/public/patient/${uuid}/medical-events/${uuid}/pdf`],
    ['GET', `/api/data/public/hwc-patient/${uuid}`],
    ['PUT', `/api/data/public/hwc-patient/${uuid}`, { data: { attributes: { is_ignored: true } } }],
    ['PUT', `/api/data/public/hwc-patient/${uuid}/command/resend`, {}],
    ['POST', '/api/data/public/facility', { data: { attributes: { facility_name: 'School', org_uid: uuid } } }],
    ['POST', '/api/data/public/organization-facility', { data: { attributes: { facility_uid: uuid, org_uid: uuid } } }],
    ['POST', '/api/data/public/facility-distribution-list', { data: { attributes: { facility_uid: uuid, name: 'n', email_address: 'a@b.test' } } }],
    ['GET', '/api/admin/organization'],
    ['PUT', '/api/admin/organization', { org_name: 'X' }],
    ['GET', '/api/admin/divisions'],
    ['GET', `/api/admin/divisions/${uuid}`],
    ['POST', '/api/admin/divisions', { division_name: 'D', theme_color: '#000000', requires_supervisory_approval: false }],
    ['PUT', `/api/admin/divisions/${uuid}`, { division_name: 'D', theme_color: '#000000', requires_supervisory_approval: false }],
    ['GET', `/api/admin/divisions/${uuid}/queues`],
    ['POST', `/api/admin/divisions/${uuid}/queues`, { queue_label: 'Q', rule: '', columns: [{ column_name: 'last_name', display_header: 'L', is_hidden: false }], sort_order: 0 }],
    ['POST', '/api/admin/queues/preview', { division_uid: uuid, rule: '' }],
    ['GET', `/api/admin/queues/${uuid}`],
    ['PUT', `/api/admin/queues/${uuid}`, { queue_label: 'Q', rule: '', columns: [{ column_name: 'last_name', display_header: 'L', is_hidden: false }], sort_order: 0 }],
    ['GET', '/api/admin/identity-providers'],
    ['POST', '/api/admin/identity-providers', { display_name: 'P', issuer: 'https://idp.test', client_id: 'c', client_secret: 's', scopes: 'openid', user_claim: 'email', group_roles: [], is_active: true }],
    ['PUT', `/api/admin/identity-providers/${uuid}`, { display_name: 'P', issuer: 'https://idp.test', client_id: 'c', scopes: 'openid', user_claim: 'email', group_roles: [], is_active: true }],
    ['PUT', '/api/admin/organization/password-login', { password_login: true }],
    ['GET', '/api/admin/ehrs'],
    ['POST', '/api/admin/ehrs', { display_name: 'E', issuer: 'https://ehr.test/fhir', client_id: 'c', mrn_system: 'urn:oid:1.2.3', division_uid: uuid, is_active: true }],
    ['PUT', `/api/admin/ehrs/${uuid}`, { display_name: 'E', issuer: 'https://ehr.test/fhir', client_id: 'c', mrn_system: 'urn:oid:1.2.3', division_uid: uuid, is_active: true }],
    ['GET', '/api/admin/ehr-user-links'],
    ['PUT', `/api/admin/ehr-user-links/${uuid}`, { status: 'refused' }],
    ['GET', '/api/admin/fhir-clients'],
    ['POST', '/api/admin/fhir-clients', { name: 'F', jwks_url: 'https://ehr.test/jwks', scopes: 'system/Patient.rs', division_uids: [uuid], is_active: true }],
    ['PUT', `/api/admin/fhir-clients/${uuid}`, { name: 'F', jwks_url: 'https://ehr.test/jwks', scopes: 'system/Patient.rs', division_uids: [uuid], is_active: true }],
    ['GET', '/api/admin/fhir-destinations'],
    ['POST', '/api/admin/fhir-destinations', { facility_uid: uuid, fhir_base: 'https://fhir.test/r4', client_id: 'c', owner_reference: 'Organization/o', is_active: true }],
    ['PUT', `/api/admin/fhir-destinations/${uuid}`, { facility_uid: uuid, fhir_base: 'https://fhir.test/r4', client_id: 'c', owner_reference: 'Organization/o', is_active: true }],
    ['GET', '/api/admin/smart-apps'],
    ['POST', '/api/admin/smart-apps', { name: 'S', redirect_uris: 'https://app.test/cb', scopes: 'patient/*.rs', is_active: true }],
    ['PUT', `/api/admin/smart-apps/${uuid}`, { name: 'S', redirect_uris: 'https://app.test/cb', scopes: 'patient/*.rs', is_active: true }],
    ['GET', '/api/admin/cit-agencies'],
    ['POST', '/api/admin/cit-agencies', { name: 'A', division_uid: uuid, state_iso: 'OH', officers: ['O'] }],
    ['PUT', `/api/admin/cit-agencies/${uuid}`, { name: 'A', division_uid: uuid, state_iso: 'OH', officers: ['O'] }],
    ['POST', `/api/admin/cit-agencies/${uuid}/rotate`],
    ['POST', `/api/admin/cit-agencies/${uuid}/revoke`],
    ['GET', '/api/admin/hwc-agencies'],
    ['POST', '/api/admin/hwc-agencies', { name: 'D', division_uid: uuid }],
    ['PUT', `/api/admin/hwc-agencies/${uuid}`, { name: 'D', division_uid: uuid }],
    ['POST', `/api/admin/hwc-agencies/${uuid}/rotate`],
    ['POST', `/api/admin/hwc-agencies/${uuid}/revoke`],
    ['GET', '/api/admin/b2w-vendors'],
    ['POST', '/api/admin/b2w-vendors', { name: 'V' }],
    ['PUT', `/api/admin/b2w-vendors/${uuid}`, { name: 'V' }],
    ['POST', `/api/admin/b2w-vendors/${uuid}/rotate`],
    ['POST', `/api/admin/b2w-vendors/${uuid}/revoke`],
    ['GET', '/api/admin/ext-instances'],
    ['POST', '/api/admin/ext-instances', { label: 'L', division_uid: uuid, action_type: 'referral-form', required_fields: [] }],
    ['POST', `/api/admin/ext-instances/${uuid}/rotate`],
    ['POST', `/api/admin/ext-instances/${uuid}/revoke`],
    ['GET', `/api/admin/users/${uuid}`],
    ['POST', '/api/admin/users', { display_name: 'N', user_name: 'n', email: 'n@b.test', divisions: [{ division_uid: uuid, flags: ['hasAppNavigator'] }] }],
    ['PUT', `/api/admin/users/${uuid}`, { display_name: 'N', user_name: 'n', email: 'n@b.test', divisions: [{ division_uid: uuid, flags: ['hasAppNavigator'] }] }],
    ['POST', `/api/admin/users/${uuid}/deactivate`],
    ['POST', `/api/admin/users/${uuid}/reactivate`],
    ['POST', `/api/admin/users/${uuid}/password-reset`],
    ['GET', '/api/admin/reference/statuses'],
    ['GET', `/api/admin/reference/statuses/${uuid}`],
    ['POST', '/api/admin/reference/statuses', { label: 'S', name: 's', ref_data_type: 'Episode' }],
    ['PUT', '/api/admin/reference/statuses/order', { ids: [uuid] }],
    ['PUT', `/api/admin/reference/statuses/${uuid}`, { label: 'S', name: 's', ref_data_type: 'Episode' }],
    ['POST', `/api/admin/reference/statuses/${uuid}/deactivate`],
    ['POST', `/api/admin/reference/statuses/${uuid}/reactivate`],
    ['GET', '/api/data/reference/reference-report-configuration?report-configuration-name__eq=medical-events'],
    ['GET', `/api/data/reference/reference-report-configuration/${uuid}`],
    ['GET', '/api/reports/divisions'],
    ['GET', '/api/permissable/views/report-inbound-referrals?all-data=1'],
    ['GET', '/api/permissable/views/report-inbound-referrals/chart?x=referral_status'],
    ['POST', '/api/permissable/views/report-inbound-referrals/csv', { columns: [{ column_name: 'referral_status', display_header: 'Status' }] }],
    ['GET', '/api/reports/program-dashboard'],
    ['GET', '/api/reports/report-inbound-referrals'],
    ['GET', '/api/users'],
    ['POST', '/api/data/public/tbl-identity-action-log', { action: 'RanReport', report_name: 'inbound-referrals' }],
  ];

  it('the route list covers every registered /api route', () => {
    const printed = server.app.printRoutes({ commonPrefix: false });
    // The printed tree nests child paths four characters per level: rebuild full paths.
    const stack: string[] = [];
    const registered: string[] = [];
    for (const line of printed.split('\n')) {
      const m = /^([│├└─\s]*)(\S+) \(([^)]+)\)$/.exec(line);
      if (!m) continue;
      const depth = m[1].length / 4 - 1;
      stack.length = depth;
      const full = stack.join('') + m[2];
      stack.push(m[2]);
      if (!full.startsWith('/api')) continue;
      for (const method of m[3].split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') registered.push(`${method} ${full}`);
    }
    assert.ok(registered.includes('GET /api/queues/:id'), registered.join('\n'));
    const open = ['POST /api/auth/login', 'POST /api/auth/sign-in-link', 'GET /api/auth/providers', 'GET /api/auth/sso/:param', 'GET /api/auth/sso/callback', 'GET /api/translations', 'GET /api/health', 'GET /api/ready', 'GET /api/live',
      'POST /api/support-request/submit', 'POST /api/b2w/init', 'POST /api/b2w/validate', 'POST /api/b2w/status', 'GET /api/b2w/vendor', 'POST /api/public/engagements/opt-out/:param', 'GET /api/public/engagements/opt-out/:param',
      'GET /api/cit/:param/context', 'POST /api/cit/:param/identify', 'POST /api/cit/:param/person-match', 'GET /api/data/public/person/:param/incidents', 'GET /api/cit/:param/treatment-facilities', 'POST /api/cit/:param/submit', 'POST /api/cit/:param/geoapify/autocomplete', 'GET /api/reference-data/reference-geo-data', 'GET /api/cit-pdf', 'GET /api/cit-receipt', 'GET /api/support/contact', 'GET /api/identity-pdf', 'GET /api/files',
      'GET /api/ext/:param', 'GET /api/ext/:param/index', 'GET /api/ext/:param/reference/:param', 'GET /api/ext/:param/providers', 'POST /api/ext/:param/register', 'POST /api/ext/:param/register-confirm', 'POST /api/ext/:param',
      'GET /api/handle_with_care/context', 'GET /api/handle_with_care/config/reference-gender', 'GET /api/handle_with_care/public/facility', 'POST /api/handle_with_care/submit',
      // The API's own description: anyone's on a demo install, else an administrator's (404 to others: openapi.test.ts).
      'GET /api/openapi.json', ...['', '/', '/json', '/yaml', '/static/*', '/static/index.html', '/static/swagger-initializer.js', '/uiConfig', '/initOAuth'].map((p) => `GET /api/docs${p}`)];
    // The engine answers each data view at a path of its own; the view's own access is checked in access.test.ts.
    const views = new Set([...Object.keys(PUBLIC_VIEWS), ...Object.keys(REFERENCE_VIEWS), ...Object.keys(REPORT_DATA_VIEWS)]);
    const normalise = (p: string) =>
      p.replace(/\/:[a-zA-Z]+/g, '/:param').replace(/^GET \/api\/(data\/public|data\/reference|permissable\/views)\/([^/]+)/, (all, scope, name) => (views.has(name) ? `GET /api/${scope}/:param` : all));
    const covered = ROUTES.map(([m, p]) => normalise(`${m} ${p.split('?')[0].replaceAll(uuid, ':param').replace(/\/(queue-patient-view|reference-gender|report-inbound-referrals|statuses)\b/, '/:param')}`));
    const missing = registered.map(normalise).filter((r) => !open.includes(r) && !covered.includes(r) && !r.includes('*'));
    assert.deepEqual([...new Set(missing)], []);
  });

  for (const [method, path, body] of ROUTES) {
    it(`${method} ${path}: 401 without a session, 401 with an expired one`, async () => {
      assert.deepEqual(errorsOf(await call(server.url, path, { method, body }), 401), [{ message: 'Your session has expired or you are not signed in.' }]);
      errorsOf(await call(server.url, path, { method, body, token: 'not-a-real-token' }), 401);
    });
    if (method !== 'GET') {
      it(`${method} ${path}: 403 for a cookie write without the CSRF token`, async () => {
        const me = await login(server.url, 'director');
        assert.deepEqual(errorsOf(await call(server.url, path, { method, body, cookie: me.cookie }), 403), [{ message: 'Missing or invalid CSRF token' }]);
      });
    }
  }

  it('404 for what the caller may not reach', async () => {
    const community = await login(server.url, 'community');
    const otherQueue = await server.db.selectFrom('queue').select('queue_uid').where('division_uid', '=', facts.divisionUids[1]).limit(1).executeTakeFirstOrThrow();
    errorsOf(await call(server.url, `/api/queues/${otherQueue.queue_uid}`, { token: community.token }), 404);
    errorsOf(await call(server.url, `/api/data/public/queue-patient-view/${facts.restricted.others[0]}`, { token: community.token }), 404);
    errorsOf(await call(server.url, `/api/data/public/division/${facts.divisionUids[1]}`, { token: community.token }), 404);
    errorsOf(await call(server.url, '/api/audit', { token: community.token, body: { patient_uid: facts.adoption[0], action: 'ViewedPatient' } }), 404);
    errorsOf(await call(server.url, '/api/session/current', { method: 'PUT', token: community.token, body: { data: { attributes: { current_division_uid: facts.divisionUids[1] } } } }), 403);
  });
});
