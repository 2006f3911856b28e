import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { DEMO_USERS } from '../../server/db/seed/demo-users';
import { REPORT_DATA_VIEWS } from '../../server/reports/reports.views';
import { PUBLIC_VIEWS, REFERENCE_VIEWS } from '../../server/dataviews/registry';
import { declaredRoutes, enforceAccess, permits, type Access } from '../../server/security/access';
import { startTestServer, type TestServer } from '../../server/testing/start-test-server';
import type { Db } from '../../server/db/connect';
import { flagsFrom } from '../../shared/permissions';
import { call, login, type LoggedIn } from './support/http';

/**
 * Deny by default, written out: every API route and every data view with who
 * may use it. A new route or view fails this test until it is listed here, so
 * adding one means deciding (and reviewing) who it is for.
 */
const WORK = 'hasAppNavigator hasAppCommunity hasAppSponsor';
const RECORD = 'hasAppNavigator hasAppIdentity hasAppCommunity hasAppCit hasAppSponsor hasHwc';
const CARE = 'hasAppNavigator hasAppCommunity hasAppSponsor hasHwc';
const EDIT = 'hasAppNavigator hasAppCommunity hasAppCit hasAppSponsor hasHwc';
const REFERRALS = 'hasAppNavigator hasAppCommunity hasAppSponsor hasHwc hasAppCit';
const CALENDAR_EVENTS = 'calendarMedicalEvent calendarProcedure calendarSurgery calendarTesting';

const ROUTES: Record<string, string> = {
  'POST /api/auth/login': 'public',
  'POST /api/auth/sign-in-link': 'public',
  'GET /api/auth/providers': 'public',
  'GET /api/auth/sso/:idpUid': 'public',
  'GET /api/auth/sso/callback': 'public',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/auth/change-password': 'signed-in',
  'GET /api/session/current': 'signed-in',
  'PUT /api/session/current': 'signed-in',
  'GET /api/live': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /metrics': 'public',
  'GET /api/translations': 'public',
  'GET /version.json': 'public',
  'GET /smart/launch': 'public',
  'GET /smart/callback': 'public',
  'GET /smart/popup-done.js': 'public',
  'POST /oauth/token': 'public',
  'GET /.well-known/jwks.json': 'public',
  'GET /api/smart/launch-patient': EDIT,
  'POST /api/smart/launch-patient/link': EDIT,
  'GET /api/smart-apps/authorizations/:uid': CARE,
  'POST /api/smart-apps/authorizations/:uid': CARE,
  'GET /api/destinations': 'signed-in',
  'GET /api/data/public/:view': 'signed-in',
  'GET /api/data/public/:view/:id': 'signed-in',
  'GET /api/data/reference/:view': 'signed-in',
  'GET /api/data/reference/:view/:id': 'signed-in',
  'GET /api/queues': WORK,
  'GET /api/queues/:id': WORK,
  'POST /api/audit': RECORD,
  'GET /api/patients/:id/audit-messages': RECORD,
  'GET /api/patients/:id': RECORD,
  'GET /api/patients/:id/medical-events': RECORD,
  'GET /api/patients/:id/events/:type/:eventId': RECORD,
  'GET /api/patients/:id/notes': RECORD,
  'GET /api/patients/:id/admissions': 'admission',
  'GET /api/patients/:id/reminders': WORK,
  'GET /api/patients/:id/primary-address': RECORD,
  'GET /api/patients/:id/cit-summary': 'hasAppCit',
  'GET /api/patients/:id/identity-summary': 'hasAppIdentity',
  'GET /api/patients/:id/identity-alerts': 'hasAppIdentity',
  'GET /api/patients/:id/identity-matches': 'hasAppIdentity',
  'POST /api/patients/:id/identity-matches/:sacwisPersonId/approve': 'hasAppIdentity',
  'POST /api/patients/:id/identity-matches/:sacwisPersonId/reject': 'hasAppIdentity',
  'POST /api/data/public/identity/patient/:id/dispute': 'hasAppIdentity',
  'POST /api/patients/:id/service-referral-email': 'hasAppIdentity',
  'POST /api/data/public/identity/patient/:id/pdf': 'hasAppIdentity',
  'GET /api/data/public/identity/patient/:id/child-health-form': 'hasIdentityViewFull',
  'GET /api/data/public/identity/patient/:id/hospital-registration-sheet': 'isIdentityHealthcareUser',
  'GET /api/admissions/:id': 'admission',
  'POST /api/admissions': 'admission',
  'PUT /api/admissions/:id': 'admission',
  'GET /api/medical-event-types/:name': 'medicalEvent',
  'GET /api/patients/:id/medical-events/:name': 'medicalEvent',
  'GET /api/patients/:id/foreign/medical-event': 'medicalEvent',
  'GET /api/medical-events/:id': 'medicalEvent',
  'POST /api/medical-events': 'medicalEvent',
  'PUT /api/medical-events/:id': 'medicalEvent',
  'DELETE /api/medical-events/:id/notes/:noteId': 'medicalEvent',
  'GET /api/provider-patients': RECORD,
  'GET /api/patients/:id/provider-patients': RECORD,
  'GET /api/provider-patients/:id': RECORD,
  'POST /api/provider-patients': CARE,
  'PUT /api/provider-patients/:id': CARE,
  'GET /api/providers/:id': CARE,
  'GET /api/patients/:id/care-givers': RECORD,
  'GET /api/patients/:id/care-givers/:careGiverId': RECORD,
  'POST /api/patients/:id/care-givers': CARE,
  'PUT /api/patients/:id/care-givers': CARE,
  'GET /api/patients/:id/diagnoses': CARE,
  'GET /api/diagnoses/:id': CARE,
  'POST /api/diagnoses': CARE,
  'PUT /api/diagnoses/:id': CARE,
  'GET /api/reference-event': 'signed-in',
  'GET /api/reference/events/:eventId/diagnosis': 'signed-in',
  'GET /api/reference/events/:eventId/status': 'signed-in',
  'GET /api/reference-data/region': 'signed-in',
  'GET /api/notes/:id': CARE,
  'POST /api/notes': CARE,
  'DELETE /api/notes/:id': CARE,
  'POST /api/patient-resources': CARE,
  'GET /api/real-time-subscription': 'chat',
  'PUT /api/real-time-subscription/:id': 'chat',
  'GET /api/patient/:id/chat': 'chat',
  'POST /api/patient/:id/chat': 'chat',
  'DELETE /api/patient-resources/:id': CARE,
  'GET /api/data/public/patient-allergy/:id': CARE,
  'POST /api/data/public/patient-allergy': CARE,
  'PUT /api/data/public/patient-allergy/:id': CARE,
  'DELETE /api/data/public/patient-allergy/:id': CARE,
  'GET /api/data/public/patient-medication/:id': CARE,
  'POST /api/data/public/patient-medication': CARE,
  'PUT /api/data/public/patient-medication/:id': CARE,
  'GET /api/attachments/:id': CARE,
  'POST /api/attachments': CARE,
  'DELETE /api/attachments/:id': CARE,
  'GET /api/get-s3-link': 'signed-in',
  'GET /api/files': 'public',
  'GET /api/outbound-referrals/:id': REFERRALS,
  'GET /api/patients/:id/received-referrals': REFERRALS,
  'POST /api/outbound-referrals': CARE,
  'PUT /api/outbound-referrals/:id': CARE,
  'PUT /api/outbound-referrals/:id/status': CARE,
  'GET /api/patients/:id/ehr-referrals': REFERRALS,
  'PUT /api/ehr-referrals/:id/status': CARE,
  'GET /api/incoming-referrals': CARE,
  'GET /api/incoming-referrals/:id': CARE,
  'POST /api/incoming-referrals/:id/link': CARE,
  'GET /api/reference-data/reference-badge-groups': 'signed-in',
  'GET /api/patients/:id/patient-badges': RECORD,
  'PUT /api/patients/:id/patient-badges': RECORD,
  'POST /api/referrals/inbound': EDIT,
  'GET /api/patients/possible-duplicates': EDIT,
  'POST /api/addresses': EDIT,
  'PUT /api/addresses/:id': EDIT,
  'POST /api/email-addresses': EDIT,
  'PUT /api/email-addresses/:id': EDIT,
  'GET /api/patients/:id/races': RECORD,
  'PUT /api/patients/:id': CARE,
  'PUT /api/patient-episodes/:patientEpisodeUid': CARE,
  'POST /api/patients/:id/avatar': CARE,
  'GET /api/patients/:id/avatar': RECORD,
  'GET /api/providers/mv': CARE,
  'GET /api/reminders/me': WORK,
  'POST /api/reminders': WORK,
  'PUT /api/data/public/notification/:id': WORK,
  'DELETE /api/data/public/notification/:id': WORK,
  'GET /api/summary-patients': 'hasAppNavigator hasAppIdentity',
  'GET /api/data/public/identity-quick-search': 'hasAppNavigator breakGlass',
  'GET /api/data/public/identity_search': 'hasAppIdentity',
  'GET /api/data/public/list-view-cs-tbl-identity-source': 'hasAppIdentity',
  'GET /api/data/public/tbl-source-agency': 'hasAppIdentity',
  'GET /api/data/public/tbl-source-agency/:id': 'hasAppIdentity',
  'GET /api/data/public/tbl_identity_source_status': 'hasAppIdentity',
  'GET /api/data/public/list_view_cs_recent_patients': 'hasAppIdentity hasAppCit',
  'POST /api/support-request/submit': 'public',
  'GET /api/support/contact': 'public',
  'GET /api/b2w/vendor': 'public',
  'POST /api/b2w/init': 'public',
  'POST /api/b2w/validate': 'public',
  'POST /api/b2w/status': 'public',
  'GET /api/public/engagements/opt-out/:token': 'public',
  'POST /api/public/engagements/opt-out/:token': 'public',
  'GET /api/handle_with_care/context': 'public',
  'GET /api/handle_with_care/config/reference-gender': 'public',
  'GET /api/handle_with_care/public/facility': 'public',
  'POST /api/handle_with_care/submit': 'public',
  'GET /api/data/public/hwc-patient/:id': 'handleWithCare',
  'PUT /api/data/public/hwc-patient/:id': 'handleWithCare',
  'PUT /api/data/public/hwc-patient/:id/command/resend': 'handleWithCare',
  'POST /api/data/public/facility': 'handleWithCare',
  'POST /api/data/public/organization-facility': 'handleWithCare',
  'POST /api/data/public/facility-distribution-list': 'handleWithCare',
  'GET /api/data/public/patient/:patient/medical-events/:event/pdf': 'hasAppCit',
  'GET /api/cit-pdf': 'public',
  'GET /api/cit-receipt': 'public',
  'GET /api/identity-pdf': 'public',
  'GET /api/cit/:state/context': 'public',
  'POST /api/cit/:state/identify': 'public',
  'POST /api/cit/:state/person-match': 'public',
  'GET /api/data/public/person/:id/incidents': 'public',
  'GET /api/cit/:state/treatment-facilities': 'public',
  'GET /api/reference-data/reference-geo-data': 'public',
  'POST /api/cit/:state/geoapify/autocomplete': 'public',
  'POST /api/geoapify/autocomplete': 'hasAppNavigator hasAppCommunity hasAppCit hasAppSponsor hasHwc medicalEvent',
  'POST /api/cit/:state/submit': 'public',
  'GET /api/data/public/cit-submission/:id': 'hasAppCit',
  'PUT /api/data/public/cit-submission/:id': 'citSupervisoryApproval',
  'PUT /api/data/public/cit-submission/:id/accept': 'citSupervisoryApproval',
  'PUT /api/data/public/cit-submission/:id/reject': 'citSupervisoryApproval',
  'GET /api/ext/:instance': 'public',
  'GET /api/ext/:instance/index': 'public',
  'GET /api/ext/:instance/reference/:model': 'public',
  'GET /api/ext/:instance/providers': 'public',
  'POST /api/ext/:instance/register': 'public',
  'POST /api/ext/:instance/register-confirm': 'public',
  'POST /api/ext/:instance': 'public',
  'GET /api/admin/organization': 'navigatorAdmin',
  'PUT /api/admin/organization': 'navigatorAdmin',
  'GET /api/admin/divisions': 'navigatorAdmin',
  'GET /api/admin/divisions/:id': 'navigatorAdmin',
  'POST /api/admin/divisions': 'navigatorAdmin',
  'PUT /api/admin/divisions/:id': 'navigatorAdmin',
  'GET /api/admin/divisions/:id/queues': 'navigatorAdmin',
  'POST /api/admin/divisions/:id/queues': 'navigatorAdmin',
  'POST /api/admin/queues/preview': 'navigatorAdmin',
  'GET /api/admin/queues/:id': 'navigatorAdmin',
  'PUT /api/admin/queues/:id': 'navigatorAdmin',
  'GET /api/admin/identity-providers': 'navigatorAdmin',
  'POST /api/admin/identity-providers': 'navigatorAdmin',
  'PUT /api/admin/identity-providers/:id': 'navigatorAdmin',
  'PUT /api/admin/organization/password-login': 'navigatorAdmin',
  'GET /api/admin/ehrs': 'navigatorAdmin',
  'POST /api/admin/ehrs': 'navigatorAdmin',
  'PUT /api/admin/ehrs/:id': 'navigatorAdmin',
  'GET /api/admin/ehr-user-links': 'navigatorAdmin',
  'PUT /api/admin/ehr-user-links/:id': 'navigatorAdmin',
  'GET /api/admin/fhir-clients': 'navigatorAdmin',
  'POST /api/admin/fhir-clients': 'navigatorAdmin',
  'PUT /api/admin/fhir-clients/:id': 'navigatorAdmin',
  'GET /api/admin/smart-apps': 'navigatorAdmin',
  'POST /api/admin/smart-apps': 'navigatorAdmin',
  'PUT /api/admin/smart-apps/:id': 'navigatorAdmin',
  'GET /api/admin/fhir-destinations': 'navigatorAdmin',
  'POST /api/admin/fhir-destinations': 'navigatorAdmin',
  'PUT /api/admin/fhir-destinations/:id': 'navigatorAdmin',
  'GET /api/patients/:id/current-inbound-referral': RECORD,
  'POST /api/patients/matches': EDIT,
  'GET /api/app-user/:id': 'signed-in',
  'POST /api/break-glass': 'breakGlass',
  'GET /api/patients/:id/break-glass': 'signed-in',
  'GET /api/break-glass-events': 'privacyOfficer navigatorAdmin',
  'GET /api/break-glass-events/:eventId': 'privacyOfficer navigatorAdmin',
  'PUT /api/break-glass-events/:eventId/review': 'privacyOfficer navigatorAdmin',
  'GET /api/admin/cit-agencies': 'navigatorAdmin',
  'POST /api/admin/cit-agencies': 'navigatorAdmin',
  'PUT /api/admin/cit-agencies/:id': 'navigatorAdmin',
  'POST /api/admin/cit-agencies/:id/rotate': 'navigatorAdmin',
  'POST /api/admin/cit-agencies/:id/revoke': 'navigatorAdmin',
  'GET /api/admin/hwc-agencies': 'navigatorAdmin',
  'POST /api/admin/hwc-agencies': 'navigatorAdmin',
  'PUT /api/admin/hwc-agencies/:id': 'navigatorAdmin',
  'POST /api/admin/hwc-agencies/:id/rotate': 'navigatorAdmin',
  'POST /api/admin/hwc-agencies/:id/revoke': 'navigatorAdmin',
  'GET /api/admin/b2w-vendors': 'navigatorAdmin',
  'POST /api/admin/b2w-vendors': 'navigatorAdmin',
  'PUT /api/admin/b2w-vendors/:id': 'navigatorAdmin',
  'POST /api/admin/b2w-vendors/:id/rotate': 'navigatorAdmin',
  'POST /api/admin/b2w-vendors/:id/revoke': 'navigatorAdmin',
  'GET /api/admin/ext-instances': 'navigatorAdmin',
  'POST /api/admin/ext-instances': 'navigatorAdmin',
  'POST /api/admin/ext-instances/:id/rotate': 'navigatorAdmin',
  'POST /api/admin/ext-instances/:id/revoke': 'navigatorAdmin',
  'GET /api/admin/users/:id': 'navigatorAdmin',
  'POST /api/admin/users': 'navigatorAdmin',
  'PUT /api/admin/users/:id': 'navigatorAdmin',
  'POST /api/admin/users/:id/deactivate': 'navigatorAdmin',
  'POST /api/admin/users/:id/reactivate': 'navigatorAdmin',
  'POST /api/admin/users/:id/password-reset': 'navigatorAdmin',
  'GET /api/admin/reference/:list': 'navigatorAdmin',
  'GET /api/admin/reference/:list/:id': 'navigatorAdmin',
  'POST /api/admin/reference/:list': 'navigatorAdmin',
  'PUT /api/admin/reference/:list/order': 'navigatorAdmin',
  'PUT /api/admin/reference/:list/:id': 'navigatorAdmin',
  'POST /api/admin/reference/:list/:id/deactivate': 'navigatorAdmin',
  'POST /api/admin/reference/:list/:id/reactivate': 'navigatorAdmin',
  'GET /api/data/reference/reference-report-configuration': 'hasReports',
  'GET /api/data/reference/reference-report-configuration/:id': 'hasReports',
  'GET /api/reports/divisions': 'hasReports',
  'GET /api/permissable/views/:view': 'hasReports',
  'GET /api/permissable/views/:view/chart': 'hasReports',
  'POST /api/permissable/views/:view/csv': 'hasReports',
  'GET /api/reports/program-dashboard': 'isDirector',
  'GET /api/reports/:view': 'hasReports',
  'GET /api/users': 'hasReports',
  'POST /api/data/public/tbl-identity-action-log': 'hasAppIdentity',
};

const VIEWS: Record<string, string> = {
  'queue-patient-view': WORK,
  facility: 'signed-in',
  division: 'signed-in',
  organization: 'signed-in',
  'reference-market': 'signed-in',
  'home-page-notifications-view': WORK,
  'nav-list-view-medical-event': CALENDAR_EVENTS,
  'nav-list-view-appointment': 'calendarAppointment',
  'facility-distribution-list': 'handleWithCare',
  'hwc-patient-list': 'handleWithCare',
  'patient-list': 'hasAppNavigator hasAppCommunity hasAppCit hasAppSponsor hasHwc',
  'cit-submission-list': 'hasAppCit',
  patient_note: CARE,
  'patient-resource': CARE,
  'patient-allergy': CARE,
  'nav-list-view-allergy': CARE,
  'patient-medication': CARE,
  'nav-list-view-medication': CARE,
  'patient-attachment': CARE,
  'nav-list-view-outbound-referral': REFERRALS,
  'outbound-referral-division': REFERRALS,
  'admin-user': 'navigatorAdmin',
  'admin-audit': 'navigatorAdmin',
  'tbl-identity-action-log': 'hasAppIdentity',
  'list-view-cs-tbl-custody-history': 'hasAppIdentity',
  'list-view-cs-tbl-placement-history': 'hasAppIdentity',
  'list-view-cs-tbl-source-case': 'hasIdentityViewFull',
  'list-view-cs-tbl-intake-allegation': 'hasIdentityViewFull',
  'list-view-cs-tbl-agency-contact': 'hasAppIdentity',
  'list-view-cs-tbl-leave': 'hasAppIdentity',
  'list-view-cs-tbl-mcp': 'hasAppIdentity',
  'list-view-cs-tbl-healthcare-contact': 'hasAppIdentity',
  'list-view-cs-tbl-hospitalization': 'hasAppIdentity',
  'list-view-cs-tbl-allergy': 'hasAppIdentity',
  'list-view-cs-tbl-immunization': 'hasAppIdentity',
  'list-view-cs-tbl-medication': 'hasAppIdentity',
  'list-view-cs-tbl-pharmacy': 'hasAppIdentity',
  'list-view-cs-tbl-problem-list': 'hasAppIdentity',
  'list-view-cs-tbl-surgery': 'hasAppIdentity',
  'list-view-cs-tbl-screening': 'hasAppIdentity',
  'list-view-cs-tbl-lab': 'hasAppIdentity',
  'list-view-cs-tbl-visit': 'hasAppIdentity',
  'list-view-cs-tbl-appointment': 'hasAppIdentity',
  'list-view-cs-tbl-referral': 'hasAppIdentity',
  'list-view-cs-tbl-hospital-note': 'hasAppIdentity',
  'list-view-cs-tbl-primary-provider': 'hasAppIdentity',
  'list-view-cs-tbl-source-child': 'hasAppIdentity',
  list_view_cs_tbl_patientpreferrednames: 'hasAppIdentity',
  list_view_cs_tbl_patientflags: 'hasAppIdentity',
  'list-view-cs-tbl-matchresults': 'hasAppIdentity',
};

/** A route the data-view engine made for a view (reviewed as the view, in VIEWS), not one an area wrote itself. */
function engineView(route: string): boolean {
  const m = /^GET \/api\/data\/(public|reference)\/([^/:]+)(\/:id)?$/.exec(route);
  return Boolean(m && !(route in ROUTES) && Object.hasOwn(m[1] === 'public' ? PUBLIC_VIEWS : REFERENCE_VIEWS, m[2]));
}

/** A report's rows, a route per report view: declared as its `:view` twin is. */
function reportView(route: string, access: string): boolean {
  const m = /^GET \/api\/permissable\/views\/([^/:]+)$/.exec(route);
  return Boolean(m && Object.hasOwn(REPORT_DATA_VIEWS, m[1]) && access === ROUTES['GET /api/permissable/views/:view']);
}

const written = (access: Access) => (typeof access === 'string' ? access : access.anyFlag.join(' '));
const ZERO = '00000000-0000-0000-0000-000000000000';

let server: TestServer;
const sessions = new Map<string, LoggedIn>();

before(async () => {
  server = await startTestServer();
  for (const u of DEMO_USERS) sessions.set(u.userName, await login(server.url, u.userName));
});
after(async () => {
  await server?.stop();
});

describe('deny by default', () => {
  it('every API route declares its access, and the declarations are the reviewed ones', () => {
    const actual = Object.fromEntries(declaredRoutes.map((r) => [`${r.method} ${r.url}`, written(r.access)]).filter(([route, access]) => !engineView(route) && !reportView(route, access)));
    assert.deepEqual(actual, ROUTES);
  });

  it("the engine answers each data view at a path of its own, with the view's access", () => {
    for (const [scope, registry] of [['public', PUBLIC_VIEWS], ['reference', REFERENCE_VIEWS]] as const) {
      for (const view of Object.values(registry)) {
        for (const url of [`/api/data/${scope}/${view.name}`, `/api/data/${scope}/${view.name}/:id`]) {
          const route = declaredRoutes.find((r) => r.method === 'GET' && r.url === url);
          assert.ok(route, `GET ${url}`);
          // An area that answers a view's path itself declares its own access (in ROUTES above).
          if (!(`GET ${url}` in ROUTES)) assert.equal(written(route.access), written(view.access), url);
        }
      }
    }
  });

  it('every data view declares its access, and the declarations are the reviewed ones', () => {
    assert.deepEqual(Object.fromEntries(Object.values(PUBLIC_VIEWS).map((v) => [v.name, written(v.access)])), VIEWS);
    for (const view of Object.values(REFERENCE_VIEWS)) assert.equal(view.access, 'signed-in', view.name);
  });

  it('a route registered without a declaration stops the app from starting', async () => {
    const app = Fastify();
    enforceAccess(app, {} as Db);
    assert.throws(() => app.get('/undeclared', async () => 'open'), /GET \/undeclared declares no access/);
    await app.close();
  });
});

describe('role × view matrix', () => {
  for (const user of DEMO_USERS) {
    it(`${user.userName}: reads exactly the views its flags allow`, async () => {
      const flags = flagsFrom(user.flags);
      const readable: string[] = [];
      for (const view of Object.values(PUBLIC_VIEWS)) {
        const answer = await call(server.url, `/api/data/public/${view.name}?page-size=1`, { token: sessions.get(user.userName)!.token });
        // A list of one patient's rows answers 400 without its patient, after the access check.
        const allowed = view.patientColumn ? 400 : 200;
        assert.equal(answer.status, permits(view.access, flags) ? allowed : 403, `${user.userName} ${view.name}: ${answer.text}`);
        if (answer.status === allowed) readable.push(view.name);
      }
      // Roles whose modes have no work lists or calendar never reach patient lists meant for them.
      if (!permits({ anyFlag: ['hasAppNavigator', 'hasAppCommunity', 'hasAppSponsor'] }, flags)) {
        assert.ok(!readable.includes('queue-patient-view') && !readable.includes('home-page-notifications-view'), readable.join(', '));
      }
    });
  }
});

describe('role × route matrix', () => {
  // Every route that needs a session, called by every demo role with a placeholder id and an empty body:
  // a role the route is not for gets 403 before anything is read; any other answer means it got past the check.
  const guarded = () => declaredRoutes.filter((r) => r.access !== 'public' && r.url !== '/api/auth/logout');
  for (const user of DEMO_USERS) {
    it(`${user.userName}: refused (403) on exactly the routes not declared for its flags`, async () => {
      const flags = flagsFrom(user.flags);
      const token = sessions.get(user.userName)!.token;
      for (const route of guarded()) {
        const path = route.url.replace(/:view/, 'division').replace(/:[a-z]+/gi, ZERO);
        const answer = await call(server.url, path, { method: route.method, token, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        const refused = answer.status === 403 && answer.body?.errors?.[0]?.message === 'You do not have access to this resource';
        assert.equal(refused, !permits(route.access, flags), `${user.userName} ${route.method} ${route.url}: ${answer.status} ${answer.text}`);
        assert.ok(answer.status < 500, `${route.method} ${path}: ${answer.status}`);
      }
    });
  }
});
