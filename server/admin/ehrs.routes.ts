import type { FastifyPluginAsync } from 'fastify';
import { snakeKeys } from '../../shared/casing';
import { EhrRegistrationSchema, EhrUserLinkDecisionSchema, type EhrRegistrationHelp, type EhrRegistrationView, type EhrUserLinkView } from '../../shared/schemas/ehr-registrations';
import { noneIfBlank } from '../../shared/schemas/strings';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { SMART_CALLBACK_PATH, SMART_SCOPES } from '../smart/smart.routes';
import { actorOf, recordAdminChange } from './admin-audit';
import { lockOrganization } from './admin.repository';
import {
  createEhr,
  decideLink,
  ehrProblems,
  ehrSnapshot,
  findLink,
  findOrgEhr,
  linkableUsers,
  linkUserProblem,
  listEhrs,
  listLinks,
  lockLink,
  storedEhrSecret,
  updateEhr,
} from './ehrs.repository';
import { EhrDocument, EhrList, EhrUserLinkDocument, EhrUserLinkList } from './ehrs.responses';

export const EHR_NOT_FOUND = 'EHR not found';
export const LINK_NOT_FOUND = 'EHR user not found';
export const SMART_LAUNCH_PATH = '/smart/launch';

/** What a hospital registers for Careweave in its EHR (the GET's meta, `npm run admin -- add-ehr`'s output, docs/integration.md). */
export const ehrRegistrationHelp = (config: Pick<Config, 'publicUrl'>, base = config.publicUrl): EhrRegistrationHelp => ({
  launchUrl: `${base}${SMART_LAUNCH_PATH}`,
  redirectUrl: `${base}${SMART_CALLBACK_PATH}`,
  scopes: SMART_SCOPES,
});

const resource = (e: EhrRegistrationView) => ({ type: 'ehrs', id: e.ehrUid, attributes: snakeKeys(e) });
const linkResource = (l: EhrUserLinkView) => ({ type: 'ehr-user-links', id: l.linkUid, attributes: snakeKeys(l) });

async function ehrOr404(db: Db, auth: AuthContext, ehrUid: string): Promise<EhrRegistrationView> {
  const ehr = await findOrgEhr(db, auth.orgUid, ehrUid);
  if (!ehr) throw notFound(EHR_NOT_FOUND);
  return ehr;
}

async function linkOr404(db: Db, auth: AuthContext, linkUid: string): Promise<EhrUserLinkView> {
  const link = await findLink(db, auth.orgUid, linkUid);
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}

/** What the admin audit log keeps of a link decision: the EHR user, the status and the Careweave user by name. */
const linkSnapshot = (l: EhrUserLinkView) => ({ ehr: l.ehrName, subject: l.subject, status: l.status, user: l.userDisplayName });
const linkLabel = (l: EhrUserLinkView) => (l.displayName ? `${l.displayName} (${l.subject})` : l.subject);

/**
 * Issue 34 section 1, the administrator's side: the organisation's EHR
 * registrations (the launch itself is server/smart) and the decisions on
 * which EHR user is which Careweave user. Same anatomy as the identity
 * provider routes: navigatorAdmin only, another organisation's row is a
 * 404, each change locks the organisation and writes the admin audit log in
 * its transaction. The client secret is written, never answered or logged.
 */
export const ehrRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const admin = allow('navigatorAdmin');

  /** The registrations, and in `meta` the launch URL, redirect URL and scopes to register in the EHR. */
  app.get('/admin/ehrs', withSchemas(admin, { 200: EhrList }), async (request) => {
    const auth = requireAuth(request);
    return { data: (await listEhrs(db, auth.orgUid)).map(resource), meta: snakeKeys(ehrRegistrationHelp(config)) };
  });

  app.post('/admin/ehrs', withSchemas(admin, { 201: EhrDocument }, { body: EhrRegistrationSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const body = parseBody(EhrRegistrationSchema, request.body);
    return onceOnly(db, request, reply, 'admin-ehrs', async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const errors = await ehrProblems(trx, auth.orgUid, body);
      if (errors.length) throw new HttpError(422, errors);
      const created = await createEhr(trx, actorOf(auth), auth.orgUid, body);
      return { status: 201, body: { data: resource(created) } };
    });
  });

  app.put<{ Params: { id: string } }>('/admin/ehrs/:id', withSchemas(admin, { 200: EhrDocument }, { body: EhrRegistrationSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(EhrRegistrationSchema, request.body);
    const ehr = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const before = await ehrOr404(trx, auth, request.params.id);
      const errors = await ehrProblems(trx, auth.orgUid, body, before.ehrUid);
      if (errors.length) throw new HttpError(422, errors);
      const secret = noneIfBlank(body.clientSecret);
      const stored = await storedEhrSecret(trx, before.ehrUid);
      const secretChange = secret !== null ? (secret !== stored ? 'changed' : null) : body.removeClientSecret && stored ? 'removed' : null;
      await updateEhr(trx, before.ehrUid, body);
      const after = (await findOrgEhr(trx, auth.orgUid, before.ehrUid))!;
      await recordAdminChange(trx, actorOf(auth), {
        orgUid: auth.orgUid,
        action: 'UpdatedEhr',
        targetType: 'ehr',
        targetUid: after.ehrUid,
        targetLabel: after.displayName,
        before: ehrSnapshot(before),
        after: { ...ehrSnapshot(after), ...(secretChange && { clientSecret: secretChange }) },
      });
      return after;
    });
    return { data: resource(ehr) };
  });

  /** The organisation's EHR users, waiting ones first; in `meta.users` who they may be linked to. */
  app.get('/admin/ehr-user-links', withSchemas(admin, { 200: EhrUserLinkList }), async (request) => {
    const auth = requireAuth(request);
    return { data: (await listLinks(db, auth.orgUid)).map(linkResource), meta: { users: snakeKeys(await linkableUsers(db, auth.orgUid)) } };
  });

  /**
   * Approve an EHR user as an active user of the organisation with access
   * to the EHR's division (their next launch signs them in), or refuse them
   * (the launch keeps answering "ask your administrator"). A decision may be
   * changed; each change is audited, a repeat of the same is not.
   */
  app.put<{ Params: { id: string } }>('/admin/ehr-user-links/:id', withSchemas(admin, { 200: EhrUserLinkDocument }, { body: EhrUserLinkDecisionSchema }), async (request) => {
    const auth = requireAuth(request);
    const body = parseBody(EhrUserLinkDecisionSchema, request.body);
    const link = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      await lockLink(trx, request.params.id);
      const before = await linkOr404(trx, auth, request.params.id);
      const userUid = body.status === 'approved' ? noneIfBlank(body.userUid)! : null;
      if (userUid) {
        const problem = await linkUserProblem(trx, auth.orgUid, userUid, before);
        if (problem) throw new HttpError(422, [{ field: 'user_uid', message: problem }]);
      }
      if (before.status === body.status && before.userUid === userUid) return before;
      await decideLink(trx, before.linkUid, body.status, userUid, auth.userUid);
      const after = (await findLink(trx, auth.orgUid, before.linkUid))!;
      await recordAdminChange(trx, actorOf(auth), {
        orgUid: auth.orgUid,
        action: body.status === 'approved' ? 'ApprovedUserLink' : 'RefusedUserLink',
        targetType: 'user-link',
        targetUid: after.linkUid,
        targetLabel: linkLabel(after),
        before: linkSnapshot(before),
        after: linkSnapshot(after),
      });
      return after;
    });
    return { data: linkResource(link) };
  });
};
