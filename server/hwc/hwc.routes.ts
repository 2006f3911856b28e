import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DistributionCreateSchema,
  FacilityCreateSchema,
  HWC_INVALID_CODE,
  HWC_NEED_EMAIL,
  HWC_REFERENCE_PAGE_SIZE,
  HwcPatientUpdateSchema,
  HwcSubmitSchema,
  OrganizationFacilitySchema,
  ageFrom,
} from '../../shared/schemas/hwc';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, forbidden, notFound, parseBody } from '../errors';
import { onceOnly } from '../public-forms/idempotency';
import { divisionBrand } from '../public-forms/brand';
import { countAttempt, type Limit } from '../public-forms/limits';
import {
  NOT_SENT_NO_LIST,
  NOT_SENT_NO_SCHOOL,
  distributionList,
  findAgencyByCode,
  findHwcPatient,
  findSchool,
  listSchools,
  sendNotices,
} from './hwc.repository';
import { notifyHwcStaff } from './hwc-staff-notice';
import {
  DistributionEntryDocument, HwcAcceptedDocument, HwcContextDocument, HwcGenderPage, HwcPatientDocument, HwcSchoolPage, OrganizationFacilityDocument, SchoolDocument,
} from './hwc.responses';
import { allow, publicRoute } from '../security/access';
import { sqlNow } from '../db/clock';

/** Handle with Care staff: the detail page and the school lists it manages. */
const HWC_STAFF = allow('handleWithCare');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every Handle with Care call that carries a district code counts as one try,
 * per client address and per code. A form fill makes four (context, genders,
 * schools, submit); many officers of one district share its code, so the
 * per-code allowance is larger than the per-address one.
 */
export const HWC_CODE_LIMIT: Limit = { name: 'hwc-code', perAddress: 20, perValue: 100, windowSeconds: 600 };

const invalidCode = () => new HttpError(401, [{ field: 'district', message: HWC_INVALID_CODE }]);

/** Spec 002 section 6: the agency code in the Authorization header stands in for authorisation. */
async function agencyOf(db: Db, request: FastifyRequest) {
  const code = (request.headers.authorization ?? '').trim();
  await countAttempt(db, request, HWC_CODE_LIMIT, code.slice(0, 100));
  if (!code || code.length > 100) throw invalidCode();
  const agency = await findAgencyByCode(db, code);
  if (!agency) throw invalidCode();
  return agency;
}

/** Writes under data/public carry `{ data: { attributes } }`. */
function attributesOf(body: unknown): unknown {
  const data = (body as { data?: { attributes?: unknown } } | null)?.data;
  return data?.attributes ?? null;
}

const entryNotFound = () => notFound('Entry not found');

function entryId(id: string): string {
  if (!UUID.test(id)) throw entryNotFound();
  return id;
}

/** Another division's entry is not found, never forbidden: a 403 would say that it exists. */
async function recordOr404(db: Db, auth: AuthContext, id: string) {
  const record = await findHwcPatient(db, auth.divisionUid, entryId(id));
  if (!record) throw entryNotFound();
  return record;
}

const resource = (record: NonNullable<Awaited<ReturnType<typeof findHwcPatient>>>) => ({ data: { type: 'hwc-patient', id: record.hwc_patient_uid, attributes: record } });
const dismissed = () => new HttpError(409, [{ message: 'This entry was dismissed and cannot be changed.' }]);

export const hwcRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  // ---- Public: the officer's form, authorised by the district code ----

  app.get('/handle_with_care/context', withSchemas(publicRoute, { 200: HwcContextDocument }), async (request) => {
    const agency = await agencyOf(db, request);
    // The division the notice goes to, for the form's header: told only for a valid district code.
    const brand = await divisionBrand(db, agency.division_uid);
    return { data: { type: 'hwc-context', id: 'current', attributes: { agency_name: agency.agency_name, valid: true, brand } } };
  });

  app.get<{ Querystring: Record<string, string> }>('/handle_with_care/config/reference-gender', withSchemas(publicRoute, { 200: HwcGenderPage }), async (request) => {
    await agencyOf(db, request);
    const rows = await db
      .selectFrom('reference_data')
      .select(['uid', 'name', 'label'])
      .where('model', '=', 'reference-gender')
      .where('is_active', '=', true)
      .orderBy('default_sort_order')
      .orderBy('label')
      .limit(HWC_REFERENCE_PAGE_SIZE)
      .execute();
    return { data: rows.map((r) => ({ type: 'reference-gender', id: r.uid, attributes: r })), meta: { total: rows.length, page: 1, page_size: HWC_REFERENCE_PAGE_SIZE } };
  });

  app.get<{ Querystring: Record<string, string> }>('/handle_with_care/public/facility', withSchemas(publicRoute, { 200: HwcSchoolPage }), async (request) => {
    const agency = await agencyOf(db, request);
    const requested = Number(request.query['page-size'] ?? HWC_REFERENCE_PAGE_SIZE);
    const limit = Number.isInteger(requested) && requested > 0 ? Math.min(requested, HWC_REFERENCE_PAGE_SIZE) : HWC_REFERENCE_PAGE_SIZE;
    // An officer only ever chooses among selectable schools, whatever the query says.
    const rows = await listSchools(db, agency.org_uid, { onlySelectable: true, descending: request.query.sort === '-facility_name', limit });
    return {
      data: rows.map((r) => ({ type: 'facility', id: r.facility_uid, attributes: { facility_uid: r.facility_uid, facility_name: r.facility_name, is_in_selections: r.is_in_selections } })),
      meta: { total: rows.length, page: 1, page_size: limit },
    };
  });

  app.post('/handle_with_care/submit', withSchemas(publicRoute, { 201: HwcAcceptedDocument }, { body: HwcSubmitSchema }), async (request, reply) => {
    const agency = await agencyOf(db, request);
    const body = parseBody(HwcSubmitSchema, request.body);
    return onceOnly(db, request, reply, 'hwc-submit', async (trx) => {
      const school = body.facilityUid ? await findSchool(trx, agency.org_uid, body.facilityUid) : null;
      if (body.facilityUid && (!school || !school.is_in_selections)) throw new HttpError(422, [{ field: 'facility_uid', message: 'Unknown school' }]);
      if (body.childGenderUid) {
        const gender = await trx.selectFrom('reference_data').select('uid').where('uid', '=', body.childGenderUid).where('model', '=', 'reference-gender').executeTakeFirst();
        if (!gender) throw new HttpError(422, [{ field: 'child_gender_uid', message: 'Unknown gender' }]);
      }
      // The age is the server's own reading of the birth date, so it cannot disagree with it.
      const age = ageFrom(body.childBirthDate);
      if (!age || age < 1) throw new HttpError(422, [{ field: 'child_age', message: 'Must be a positive integer' }]);
      const record = await trx
        .insertInto('hwc_patient')
        .values({
          agency_uid: agency.agency_uid,
          org_uid: agency.org_uid,
          division_uid: agency.division_uid,
          officer_name: body.officerName,
          child_first_name: body.childFirstName,
          child_last_name: body.childLastName,
          child_birth_date: body.childBirthDate,
          child_age: age,
          child_gender_uid: body.childGenderUid || null,
          facility_uid: school?.facility_uid ?? null,
          facility_name: school?.facility_name ?? body.facilityName,
          didnt_send_reason: null,
        })
        .returning('hwc_patient_uid')
        .executeTakeFirstOrThrow();
      await notifyHwcStaff(trx, { divisionUid: agency.division_uid, hwcPatientUid: record.hwc_patient_uid, agencyName: agency.agency_name, publicUrl: config.publicUrl });
      const sent = await sendNotices(trx, record.hwc_patient_uid, null);
      if (sent === 0) {
        await trx
          .updateTable('hwc_patient')
          .set({ didnt_send_reason: school ? NOT_SENT_NO_LIST : NOT_SENT_NO_SCHOOL })
          .where('hwc_patient_uid', '=', record.hwc_patient_uid)
          .execute();
      }
      // The officer learns only that the form was accepted: nothing about the school's list.
      return { status: 201, body: { data: { type: 'hwc-patient', id: record.hwc_patient_uid, attributes: { submitted: true } } } };
    });
  });

  // ---- Staff: the detail page (handleWithCare, current division only; schools are the organisation's) ----

  app.get<{ Params: { id: string } }>('/data/public/hwc-patient/:id', withSchemas(HWC_STAFF, { 200: HwcPatientDocument }), async (request) => {
    const auth = requireAuth(request);
    return resource(await recordOr404(db, auth, request.params.id));
  });

  app.put<{ Params: { id: string } }>('/data/public/hwc-patient/:id', withSchemas(HWC_STAFF, { 200: HwcPatientDocument }, { body: HwcPatientUpdateSchema, bodyShape: { inAttributes: true } }), async (request) => {
    const auth = requireAuth(request);
    const record = await recordOr404(db, auth, request.params.id);
    const change = parseBody(HwcPatientUpdateSchema, attributesOf(request.body));
    if (record.is_ignored) throw dismissed();
    if (change.isIgnored) {
      await db.updateTable('hwc_patient').set({ is_ignored: true, updated_at: sqlNow() }).where('hwc_patient_uid', '=', record.hwc_patient_uid).execute();
    } else {
      if (!change.facilityUid) throw new HttpError(422, [{ field: 'facility_uid', message: 'Required' }]);
      const school = await findSchool(db, auth.orgUid, change.facilityUid);
      if (!school) throw new HttpError(422, [{ field: 'facility_uid', message: 'Unknown school' }]);
      await db
        .updateTable('hwc_patient')
        .set({ facility_uid: school.facility_uid, facility_name: school.facility_name, updated_at: sqlNow() })
        .where('hwc_patient_uid', '=', record.hwc_patient_uid)
        .execute();
    }
    return resource((await findHwcPatient(db, auth.divisionUid, record.hwc_patient_uid))!);
  });

  app.put<{ Params: { id: string } }>('/data/public/hwc-patient/:id/command/resend', withSchemas(HWC_STAFF, { 200: HwcPatientDocument }), async (request) => {
    const auth = requireAuth(request);
    const id = entryId(request.params.id);
    // Found and locked in one step, in the current division, so a resend never acts on what recordOr404 would refuse.
    await db.transaction().execute(async (trx) => {
      const tx = trx as unknown as Db;
      const locked = await tx
        .selectFrom('hwc_patient')
        .select(['facility_uid', 'is_ignored'])
        .where('hwc_patient_uid', '=', id)
        .where('division_uid', '=', auth.divisionUid)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) throw entryNotFound();
      if (locked.is_ignored) throw dismissed();
      if (!locked.facility_uid) throw new HttpError(422, [{ field: 'facility_uid', message: 'Required' }]);
      if ((await distributionList(tx, locked.facility_uid)).length === 0) throw new HttpError(422, [{ field: 'facility_distribution_lists', message: HWC_NEED_EMAIL }]);
      await sendNotices(tx, id, auth.userUid);
      await tx.updateTable('hwc_patient').set({ didnt_send_reason: null, updated_at: sqlNow() }).where('hwc_patient_uid', '=', id).execute();
    });
    return resource((await findHwcPatient(db, auth.divisionUid, id))!);
  });

  /** A newly typed school (spec 002: attributes plus orgUid, isInSelections). */
  app.post('/data/public/facility', withSchemas(HWC_STAFF, { 201: SchoolDocument }, { body: FacilityCreateSchema, bodyShape: { inAttributes: true } }), async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseBody(FacilityCreateSchema, attributesOf(request.body));
    if (input.orgUid !== auth.orgUid) throw forbidden();
    const row = await db
      .insertInto('facility')
      .values({ facility_name: input.facilityName, org_uid: auth.orgUid, is_in_selections: input.isInSelections ?? true, facility_type: 'School' })
      .returning(['facility_uid', 'facility_name', 'org_uid', 'is_in_selections', 'facility_type'])
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ data: { type: 'facility', id: row.facility_uid, attributes: row } });
  });

  app.post('/data/public/organization-facility', withSchemas(HWC_STAFF, { 201: OrganizationFacilityDocument }, { body: OrganizationFacilitySchema, bodyShape: { inAttributes: true } }), async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseBody(OrganizationFacilitySchema, attributesOf(request.body));
    if (input.orgUid !== auth.orgUid) throw forbidden();
    const facility = await db
      .selectFrom('facility')
      .select('facility_uid')
      .where('facility_uid', '=', input.facilityUid)
      .where((eb) => eb.or([eb('org_uid', '=', auth.orgUid), eb('org_uid', 'is', null)]))
      .executeTakeFirst();
    if (!facility) throw new HttpError(422, [{ field: 'facility_uid', message: 'Unknown facility' }]);
    await db.insertInto('organization_facility').values({ facility_uid: input.facilityUid, org_uid: auth.orgUid }).onConflict((oc) => oc.doNothing()).execute();
    return reply.status(201).send({ data: { type: 'organization-facility', id: input.facilityUid, attributes: { facility_uid: input.facilityUid, org_uid: auth.orgUid } } });
  });

  /** Adds an address to a school's list. Saved entries are locked (spec 002): there is no change or removal. */
  app.post('/data/public/facility-distribution-list', withSchemas(HWC_STAFF, { 201: DistributionEntryDocument }, { body: DistributionCreateSchema, bodyShape: { inAttributes: true } }), async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseBody(DistributionCreateSchema, attributesOf(request.body));
    const school = await findSchool(db, auth.orgUid, input.facilityUid);
    if (!school) throw new HttpError(422, [{ field: 'facility_uid', message: 'Unknown school' }]);
    const row = await db
      .insertInto('facility_distribution_list')
      .values({ facility_uid: school.facility_uid, name: input.name, email_address: input.emailAddress.trim() })
      .returning(['id', 'facility_uid', 'name', 'email_address'])
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ data: { type: 'facility-distribution-list', id: row.id, attributes: row } });
  });
};
