import type { FastifyPluginAsync } from 'fastify';
import type { Struct } from 'superstruct';
import { snakeKeys } from '../../shared/casing';
import { B2wVendorSchema, CitAgencySchema, HwcAgencySchema, type CodeHolder, type CodeHolderInput, type CodeHolderKind } from '../../shared/schemas/admin';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound, parseBody } from '../errors';
import { hashAccessCode, newAccessCode } from '../public-forms/access-codes';
import { onceOnly } from '../public-forms/idempotency';
import { allow } from '../security/access';
import { actorOf, recordAdminChange, type AdminChange } from './admin-audit';
import { lockOrganization, orgDivisions } from './admin.repository';
import { findHolder, insertHolder, listHolders, setCode, updateHolder } from './access-codes.repository';
import { codeHolderAnswers } from './access-codes.responses';

/** Each kind of code holder: its form and how the audit log and a 404 name it. */
export const CODE_HOLDERS: Record<CodeHolderKind, { schema: Struct<CodeHolderInput, unknown>; targetType: AdminChange['targetType']; notFound: string; hasDivision: boolean }> = {
  'cit-agencies': { schema: CitAgencySchema as Struct<CodeHolderInput, unknown>, targetType: 'cit-agency', notFound: 'Agency not found', hasDivision: true },
  'hwc-agencies': { schema: HwcAgencySchema as Struct<CodeHolderInput, unknown>, targetType: 'hwc-agency', notFound: 'District not found', hasDivision: true },
  'b2w-vendors': { schema: B2wVendorSchema as Struct<CodeHolderInput, unknown>, targetType: 'b2w-vendor', notFound: 'Vendor not found', hasDivision: false },
};

const resource = (kind: CodeHolderKind, h: CodeHolder) => ({ type: kind, id: h.holderUid, attributes: snakeKeys(h) });

/**
 * Issue 14 section 5: public-form access codes. CIT agencies (and the
 * officers who identify with their code), Handle with Care districts and Back
 * to Work vendors of the admin's organisation: create, edit, rotate the code,
 * revoke. A code is answered once, when it is made (`meta.code`), and only its
 * hash is stored (not even in the Idempotency-Key's stored answer: a replay
 * has no code; rotate to get a new one). The audit log never holds a code.
 */
export const accessCodeRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const admin = allow('navigatorAdmin');

  for (const [kind, holder] of Object.entries(CODE_HOLDERS) as [CodeHolderKind, (typeof CODE_HOLDERS)[CodeHolderKind]][]) {
    const holderOr404 = async (trx: Db, auth: AuthContext, id: string) => {
      const found = await findHolder(trx, kind, auth.orgUid, id);
      if (!found) throw notFound(holder.notFound);
      return found;
    };
    const checkDivision = async (trx: Db, auth: AuthContext, body: CodeHolderInput) => {
      if (holder.hasDivision && !(await orgDivisions(trx, auth.orgUid)).some((d) => d.division_uid === body.divisionUid)) throw new HttpError(422, [{ field: 'division_uid', message: NOT_LISTED }]);
    };
    const audit = (trx: Db, auth: AuthContext, action: AdminChange['action'], h: CodeHolder, before?: CodeHolder) =>
      recordAdminChange(trx, actorOf(auth), { orgUid: auth.orgUid, action, targetType: holder.targetType, targetUid: h.holderUid, targetLabel: h.name, before, after: h });
    /** A code command (rotate, revoke) in a transaction holding the organisation's lock. */
    const command = async (auth: AuthContext, id: string, work: (trx: Db, before: CodeHolder) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        await lockOrganization(trx, auth.orgUid);
        await work(trx, await holderOr404(trx, auth, id));
        return (await findHolder(trx, kind, auth.orgUid, id))!;
      });
    const answers = codeHolderAnswers(kind);

    app.get(`/admin/${kind}`, withSchemas(admin, { 200: answers.list }), async (request) => ({ data: (await listHolders(db, kind, requireAuth(request).orgUid)).map((h) => resource(kind, h)) }));

    app.post(`/admin/${kind}`, withSchemas(admin, { 201: answers.created }, { body: holder.schema }), async (request, reply) => {
      const auth = requireAuth(request);
      const body = parseBody(holder.schema, request.body);
      return onceOnly(db, request, reply, `admin-${kind}`, async (trx) => {
        await lockOrganization(trx, auth.orgUid);
        await checkDivision(trx, auth, body);
        const code = newAccessCode();
        const created = (await findHolder(trx, kind, auth.orgUid, await insertHolder(trx, kind, auth.orgUid, body, hashAccessCode(code))))!;
        await audit(trx, auth, 'CreatedCodeHolder', created);
        return { status: 201, body: { data: resource(kind, created) }, firstOnly: { code } };
      });
    });

    app.put<{ Params: { id: string } }>(`/admin/${kind}/:id`, withSchemas(admin, { 200: answers.one }, { body: holder.schema }), async (request) => {
      const auth = requireAuth(request);
      const body = parseBody(holder.schema, request.body);
      const after = await command(auth, request.params.id, async (trx, before) => {
        await checkDivision(trx, auth, body);
        await updateHolder(trx, kind, before.holderUid, body);
        await audit(trx, auth, 'UpdatedCodeHolder', (await findHolder(trx, kind, auth.orgUid, before.holderUid))!, before);
      });
      return { data: resource(kind, after) };
    });

    /** A new code: the old one stops working at once, and a revoked holder is active again. */
    app.post<{ Params: { id: string } }>(`/admin/${kind}/:id/rotate`, withSchemas(admin, { 200: answers.rotated }), async (request) => {
      const auth = requireAuth(request);
      const code = newAccessCode();
      const after = await command(auth, request.params.id, async (trx, before) => {
        await setCode(trx, kind, before.holderUid, { codeHash: hashAccessCode(code) });
        await audit(trx, auth, 'RotatedCode', (await findHolder(trx, kind, auth.orgUid, before.holderUid))!, before);
      });
      return { data: resource(kind, after), meta: { code } };
    });

    app.post<{ Params: { id: string } }>(`/admin/${kind}/:id/revoke`, withSchemas(admin, { 200: answers.one }), async (request) => {
      const auth = requireAuth(request);
      const after = await command(auth, request.params.id, async (trx, before) => {
        if (!before.isActive) return;
        await setCode(trx, kind, before.holderUid, { revoke: true });
        await audit(trx, auth, 'RevokedCode', (await findHolder(trx, kind, auth.orgUid, before.holderUid))!, before);
      });
      return { data: resource(kind, after) };
    });
  }
};
