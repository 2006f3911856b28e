import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { snakeCase, snakeKeys } from '../../shared/casing';
import { isReferenceList, ReferenceOrderSchema, referenceSchema, type ReferenceRow } from '../../shared/schemas/admin-reference';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { FILE_NOT_ACCEPTED, FILE_TOO_LARGE, MAX_DOCUMENT_BYTES } from '../../shared/schemas/documents';
import { badRequest, HttpError, notFound, parseBody } from '../errors';
import { fileStore } from '../files/file-store';
import { multipartLimits, receiveUpload, recordUpload, recordUploadOnce, releaseFile, type Upload } from '../files/upload';
import { clearReferenceCaches } from '../cache/reference-cache';
import { allow } from '../security/access';
import { actorOf, recordAdminChange, type AdminChange } from './admin-audit';
import { lockOrganization } from './admin.repository';
import { checkValues, findRow, insertRow, listRows, reorder, ROW_NOT_FOUND, setActive, STORED_LISTS, updateRow, type StoredFileFacts, type StoredList } from './reference-lists';
import { ReferenceRowDocument, ReferenceRowList } from './reference.responses';

export const UNKNOWN_LIST = 'No such reference list';
export const NOT_ORDERED = 'This list is in alphabetical order';
export const ORDER_MISMATCH = 'Name each row of the list (or of one group) once';

const resource = (list: StoredList, row: ReferenceRow) => ({ type: `admin-reference-${list.def.name}`, id: row.id, attributes: snakeKeys(row) });

function listOr404(name: string): StoredList {
  if (!isReferenceList(name)) throw notFound(UNKNOWN_LIST);
  return STORED_LISTS[name];
}

async function rowOr404(db: Db, list: StoredList, auth: AuthContext, id: string, lock = false) {
  const found = await findRow(db, list, auth.orgUid, id, lock);
  if (!found) throw notFound(ROW_NOT_FOUND);
  return found;
}

const labelOf = (list: StoredList, row: ReferenceRow) => `${list.def.singular}: ${String(row.values[list.def.labelField] ?? '')}`;

async function audit(trx: Db, auth: AuthContext, list: StoredList, action: AdminChange['action'], row: ReferenceRow, before?: ReferenceRow) {
  await recordAdminChange(trx, actorOf(auth), {
    orgUid: auth.orgUid,
    action,
    targetType: 'reference-value',
    targetUid: row.id,
    targetLabel: labelOf(list, row),
    before: before && { ...before.values, isActive: before.isActive },
    after: { ...row.values, isActive: row.isActive },
  });
}

function refuse(errors: { field?: string; message: string }[]): never {
  throw new HttpError(422, errors.map((e) => ({ ...e, field: e.field?.split('.').map(snakeCase).join('.') })));
}

/**
 * Issue 14 section 3, reference lists (shared/schemas/admin-reference.ts,
 * server/admin/reference-lists.ts): one set of routes for every list. The
 * organisation's rows and the install's shared ones are listed and edited;
 * another organisation's row is a 404. Nothing is deleted: a row is
 * deactivated (no longer offered) and reactivated. Each change locks the
 * organisation and writes the admin audit log, before and after, in its
 * transaction.
 */
export const referenceRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const admin = allow('navigatorAdmin');
  const store = await fileStore(config);
  // Registered here, so only these routes take multipart bodies.
  await app.register(multipart, { limits: multipartLimits(['values'], MAX_DOCUMENT_BYTES, 16 * 1024) });
  // What the product reads through a reference cache changes here: the next read sees it.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) clearReferenceCaches();
  });

  app.get<{ Params: { list: string } }>('/admin/reference/:list', withSchemas(admin, { 200: ReferenceRowList }), async (request) => {
    const list = listOr404(request.params.list);
    return { data: (await listRows(db, list, requireAuth(request).orgUid)).map((r) => resource(list, r)) };
  });

  app.get<{ Params: { list: string; id: string } }>('/admin/reference/:list/:id', withSchemas(admin, { 200: ReferenceRowDocument }), async (request) => {
    const list = listOr404(request.params.list);
    return { data: resource(list, (await rowOr404(db, list, requireAuth(request), request.params.id)).row) };
  });

  /**
   * A list with a file field (the resource library) also takes its body as
   * multipart: the values as JSON in the field `values`, then the `file`.
   */
  const receive = async (request: FastifyRequest, list: StoredList): Promise<{ values: Record<string, any>; upload: Upload | null }> => {
    const schema = referenceSchema(list.def.name);
    if (!list.file || !request.isMultipart()) return { values: parseBody(schema, request.body), upload: null };
    const fileField = snakeCase(list.def.fields.find((f) => f.kind === 'file')!.name);
    const parse = (fields: Record<string, string>, fileName?: string) => {
      let sent: unknown;
      try {
        sent = JSON.parse(fields.values ?? '');
      } catch {
        throw badRequest('The field "values" must hold the values as JSON');
      }
      return parseBody(schema, fileName === undefined ? sent : { ...(sent as object), [fileField]: fileName });
    };
    return receiveUpload(request, store, {
      fields: ['values'],
      fileField,
      maxBytes: MAX_DOCUMENT_BYTES,
      notAccepted: FILE_NOT_ACCEPTED,
      tooLarge: FILE_TOO_LARGE,
      accept: async (fields, fileName) => parse(fields, fileName),
      withoutFile: (fields) => parse(fields),
    });
  };
  const facts = (upload: Upload | null): StoredFileFacts | null => upload && { key: upload.staged.key, fileName: upload.fileName, contentType: upload.kind.type, size: upload.staged.size };

  app.post<{ Params: { list: string } }>('/admin/reference/:list', withSchemas(admin, { 201: ReferenceRowDocument }), async (request, reply) => {
    const auth = requireAuth(request);
    const list = listOr404(request.params.list);
    const { values, upload } = await receive(request, list);
    // The retry fingerprint covers the file's content, which a streamed body does not otherwise show.
    if (upload) request.body = { ...values, fileKey: upload.staged.key };
    return recordUploadOnce(db, store, upload, request, reply, `admin-reference-${list.def.name}`, async (trx, place) => {
      await lockOrganization(trx, auth.orgUid);
      const errors = await checkValues(trx, list, auth.orgUid, values, undefined, !!upload);
      if (errors.length) refuse(errors);
      await place(trx);
      const inserted = await insertRow(trx, list, auth.orgUid, values, facts(upload));
      if ('errors' in inserted) refuse(inserted.errors);
      const { row } = (await findRow(trx, list, auth.orgUid, inserted.id))!;
      await audit(trx, auth, list, 'CreatedReferenceValue', row);
      return { status: 201, body: { data: resource(list, row) } };
    });
  });

  /** The new order of the rows named (the whole list, or every row of one group). */
  app.put<{ Params: { list: string } }>('/admin/reference/:list/order', withSchemas(admin, { 200: ReferenceRowList }, { body: ReferenceOrderSchema }), async (request) => {
    const auth = requireAuth(request);
    const list = listOr404(request.params.list);
    if (!list.order) throw new HttpError(422, [{ message: NOT_ORDERED }]);
    const { ids } = parseBody(ReferenceOrderSchema, request.body);
    const rows = await db.transaction().execute(async (trx) => {
      await lockOrganization(trx, auth.orgUid);
      const all = await listRows(trx, list, auth.orgUid);
      const byId = new Map(all.map((r) => [r.id, r]));
      const group = list.def.groupBy;
      const named = ids.map((id) => byId.get(id));
      if (named.some((r) => !r)) throw notFound(ROW_NOT_FOUND);
      const scope = group ? all.filter((r) => r.values[group] === named[0]!.values[group]) : all;
      if (new Set(ids).size !== ids.length || scope.length !== ids.length || named.some((r) => !scope.includes(r!))) throw new HttpError(422, [{ field: 'ids', message: ORDER_MISMATCH }]);
      await reorder(trx, list, ids);
      await recordAdminChange(trx, actorOf(auth), {
        orgUid: auth.orgUid,
        action: 'ReorderedReferenceList',
        targetType: 'reference-list',
        targetUid: null,
        targetLabel: group ? `${list.def.label}: ${String(named[0]!.values[group])}` : list.def.label,
        before: { order: scope.map((r) => r.values[list.def.labelField]) },
        after: { order: named.map((r) => r!.values[list.def.labelField]) },
      });
      return listRows(trx, list, auth.orgUid);
    });
    return { data: rows.map((r) => resource(list, r)) };
  });

  app.put<{ Params: { list: string; id: string } }>('/admin/reference/:list/:id', withSchemas(admin, { 200: ReferenceRowDocument }), async (request) => {
    const auth = requireAuth(request);
    const list = listOr404(request.params.list);
    const { values, upload } = await receive(request, list);
    const { row, replaced } = await recordUpload(db, store, upload, (place) =>
      db.transaction().execute(async (trx) => {
        await lockOrganization(trx, auth.orgUid);
        const before = await rowOr404(trx, list, auth, request.params.id, true);
        const errors = await checkValues(trx, list, auth.orgUid, values, before, !!upload);
        if (errors.length) refuse(errors);
        await place(trx);
        const failed = await updateRow(trx, list, before, values, facts(upload));
        if (failed.length) refuse(failed);
        const { row: after, stored } = (await findRow(trx, list, auth.orgUid, before.row.id))!;
        await audit(trx, auth, list, 'UpdatedReferenceValue', after, before.row);
        const previous = list.file?.keyOf(before.stored) ?? null;
        return { row: after, replaced: previous !== null && previous !== list.file!.keyOf(stored) ? previous : null };
      }),
    );
    // The file a new one replaced goes once nothing names it; the change stands either way.
    if (replaced) await releaseFile(db, store, replaced).catch((error: unknown) => request.log.error({ err: error }, 'could not remove a replaced resource file'));
    return { data: resource(list, row) };
  });

  for (const [command, active, action] of [
    ['deactivate', false, 'DeactivatedReferenceValue'],
    ['reactivate', true, 'ReactivatedReferenceValue'],
  ] as const) {
    app.post<{ Params: { list: string; id: string } }>(`/admin/reference/:list/:id/${command}`, withSchemas(admin, { 200: ReferenceRowDocument }), async (request) => {
      const auth = requireAuth(request);
      const list = listOr404(request.params.list);
      const row = await db.transaction().execute(async (trx) => {
        await lockOrganization(trx, auth.orgUid);
        const before = await rowOr404(trx, list, auth, request.params.id, true);
        if (before.row.isActive === active) return before.row;
        await setActive(trx, list, before.row.id, active);
        const { row: after } = (await findRow(trx, list, auth.orgUid, before.row.id))!;
        await audit(trx, auth, list, action, after, before.row);
        return after;
      });
      return { data: resource(list, row) };
    });
  }
};
