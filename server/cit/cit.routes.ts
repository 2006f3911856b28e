import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { NoContent } from '../api-docs/json-api';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { outsideViewer } from '../dataviews/scopes';
import type { Db } from '../db/connect';
import { forbidden, HttpError, notFound, parseBody } from '../errors';
import { enqueueMessage } from '../outbox/outbox.repository';
import { onceOnly } from '../public-forms/idempotency';
import { divisionBrand } from '../public-forms/brand';
import { countAttempt, type Limit } from '../public-forms/limits';
import { snakeKeys } from '../../shared/casing';
import { CIT_DEFAULT_STATE, CIT_TEXT } from '../../shared/cit-options';
import { CitFacilitySearchSchema, CitIdentitySchema, CitPersonMatchSchema, CitSubmissionSchema, type CitSubmission } from '../../shared/schemas/cit';
import { CitAddressAutocompleteSchema } from '../../shared/schemas/address-autocomplete';
import { findGeoByZip } from '../geocoder/geocoder.repository';
import { AddressSuggestions } from '../geocoder/geocoder.responses';
import { searchAddresses } from '../geocoder/geocoder.routes';
import { receiptLink, registerCitPdfRoutes } from './cit-pdf';
import {
  citOptionLists, clearDependents, countPersonMatches, findAgencyOfficer, isVisiblePerson, listPersonIncidents, localTreatmentType, otherReferralSourceUid,
  searchTreatmentFacilities, type Agency,
} from './cit.repository';
import {
  CitContextDocument, CitIdentityDocument, CitReceiptDocument, CitSubmissionDocument, GeoDataList, PersonIncidents, PersonMatchDocument, TreatmentFacilities,
} from './cit.responses';
import { openPersonRef, sealPersonRef } from './person-ref';
import { linkSecret } from '../security/signed-token';
import { allow, publicRoute } from '../security/access';
import { sqlNow } from '../db/clock';

/** Identity guesses: per client address and per agency identifier, 15 minutes. */
export const CIT_IDENTITY_LIMIT: Limit = { name: 'cit-identity', perAddress: 30, perValue: 15, windowSeconds: 900 };
/** Duplicate checks and submits by an identified officer. */
const CIT_USE_LIMIT: Limit = { name: 'cit-use', perAddress: 200, perValue: 400, windowSeconds: 900 };
/** Address searches by an identified officer (a sheet has two addresses, each typed a few times): their own allowance, so searching never uses up the submit's. */
export const CIT_ADDRESS_LIMIT: Limit = { name: 'cit-address', perAddress: 300, perValue: 600, windowSeconds: 900 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATE = /^[a-z]{2}$/i;

const invalidIdentity = () => new HttpError(403, [{ message: CIT_TEXT.identityInvalid }]);

function stateOf(request: FastifyRequest<{ Params: { state: string } }>): string {
  if (!STATE.test(request.params.state)) throw notFound('Unknown state');
  return request.params.state.toLowerCase();
}

/**
 * Every check of an officer's identity, wherever it happens, counts against
 * the identity limit (a valid one is given back, so only wrong guesses use it
 * up); a call that goes on to use the form also counts against `use`.
 */
async function identified(db: Db, request: FastifyRequest, state: string, code: string, officerName: string, use?: Limit): Promise<Agency> {
  const key = code.trim() || '-';
  const guess = await countAttempt(db, request, CIT_IDENTITY_LIMIT, key);
  const agency = await findAgencyOfficer(db, state, code, officerName);
  if (!agency) throw invalidIdentity();
  await guess.refund();
  if (use) await countAttempt(db, request, use, key);
  return agency;
}

/**
 * The officer's identity on a GET (which has no body): HTTP Basic credentials,
 * the officer name as the user and the agency identifier as the password
 * (RFC 7617), so neither travels in an address or a log line. Checked with
 * the same schema as a body's.
 */
function basicIdentity(request: FastifyRequest) {
  const header = request.headers.authorization ?? '';
  const encoded = /^Basic ([A-Za-z0-9+/=]{1,1000})$/.exec(header.trim())?.[1];
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const [officerName, code] = colon === -1 ? ['', ''] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
  return parseBody(CitIdentitySchema, { code, officer_name: officerName });
}

interface SubmissionRow {
  submission_uid: string;
  agency_uid: string;
  division_uid: string;
  officer_name: string;
  approval_status: 'pending' | 'approved' | 'rejected';
  submission_json: CitSubmission;
  patient_uid: string | null;
  medical_event_uid: string | null;
  created_at: Date;
  agency_name: string;
  facility_name: string | null;
}

async function loadSubmission(db: Db, id: string, divisionUid: string, lock = false): Promise<SubmissionRow> {
  if (!UUID.test(id)) throw notFound();
  const row = await sql<SubmissionRow>`
    select s.submission_uid, s.agency_uid, s.division_uid, s.officer_name, s.approval_status, s.submission_json,
           s.patient_uid, s.medical_event_uid, s.created_at, a.agency_name, f.facility_name
      from cit_submission s join cit_agency a on a.agency_uid = s.agency_uid
      left join facility f on f.facility_uid::text = s.submission_json->>'facilityUid'
     where s.submission_uid = ${id} and s.division_uid = ${divisionUid}
     ${lock ? sql`for update of s` : sql``}`.execute(db);
  if (!row.rows[0]) throw notFound();
  return row.rows[0];
}

async function approvalEnabled(db: Db, divisionUid: string): Promise<boolean> {
  const row = await sql<{ setting_value: string }>`
    select setting_value from division_setting where division_uid = ${divisionUid} and setting_name = 'requires-supervisory-approval'`.execute(db);
  return row.rows[0]?.setting_value === 'true';
}

function submissionResource(row: SubmissionRow, canApprove: boolean) {
  return {
    type: 'cit-submission',
    id: row.submission_uid,
    attributes: {
      status: row.approval_status,
      approval_status: row.approval_status,
      approval_locked: row.approval_status !== 'pending',
      can_approve: canApprove,
      agency_name: row.agency_name,
      officer_name: row.officer_name,
      created_at: row.created_at,
      patient_uid: row.patient_uid,
      medical_event_uid: row.medical_event_uid,
      // A sheet naming a facility that is not there (spec 001 section 8) says so, not its id.
      facility_name: row.facility_name ?? (row.submission_json.facilityUid ? CIT_TEXT.unknownFacility : null),
      // The identity code is a credential; staff never see it.
      submission_json: snakeKeys({ ...row.submission_json, code: undefined }),
    },
  };
}

/** Who may decide: the capability (the route's access), and the division's setting being the string 'true' (spec 002 section 2). */
async function requireApprover(db: Db, request: FastifyRequest) {
  const auth = requireAuth(request);
  if (!(await approvalEnabled(db, auth.divisionUid))) throw forbidden('Supervisory approval is not enabled for this division');
  return auth;
}

export const citRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { db } = ctx;
  registerCitPdfRoutes(app, ctx);

  // ---- Agency officers (no session) ----
  app.get<{ Params: { state: string } }>('/cit/:state/context', withSchemas(publicRoute, { 200: CitContextDocument }), async (request) => {
    const state = stateOf(request);
    return { data: { type: 'cit-context', id: state, attributes: { state, options: await citOptionLists(db, null) } } };
  });

  app.post<{ Params: { state: string } }>('/cit/:state/identify', withSchemas(publicRoute, { 200: CitIdentityDocument }, { body: CitIdentitySchema }), async (request) => {
    const state = stateOf(request);
    const identity = parseBody(CitIdentitySchema, request.body);
    const agency = await identified(db, request, state, identity.code, identity.officerName);
    const facilities = (await citOptionLists(db, agency.org_uid)).facility;
    // The team the sheet goes to, for the form's header: told only to an identified officer.
    const brand = await divisionBrand(db, agency.division_uid);
    // Spec 002: the local treatment facility search shows when the division has a local treatment setting.
    const localTreatmentSearch = (await localTreatmentType(db, agency.division_uid)) !== null;
    return { data: { type: 'cit-identity', id: agency.agency_uid, attributes: { valid: true, agency_name: agency.agency_name, facilities, brand, local_treatment_search: localTreatmentSearch } } };
  });

  app.post<{ Params: { state: string } }>('/cit/:state/person-match', withSchemas(publicRoute, { 200: PersonMatchDocument }, { body: CitPersonMatchSchema }), async (request) => {
    const state = stateOf(request);
    const { code, officerName, ...person } = parseBody(CitPersonMatchSchema, request.body ?? {});
    const agency = await identified(db, request, state, code, officerName, CIT_USE_LIMIT);
    const [firstName, lastName, genderUid] = [person.firstName ?? '', person.lastName ?? '', person.genderUid ?? ''];
    if (firstName.trim().length < 3 || lastName.trim().length < 3 || !UUID.test(genderUid)) throw new HttpError(422, [{ message: 'First and last name (3 characters or more) and gender are needed' }]);
    // By name and gender only (docs/decisions.md): a birth date would let an officer confirm one.
    const matches = await countPersonMatches(db, outsideViewer(agency.division_uid), { firstName, lastName, genderUid });
    // Officers learn whether someone matches (spec: 'Potential Matches Found' / 'No Matches Found'), and get a sealed
    // reference to the person, when exactly one record matches, for their agency's previous incidents of that person.
    // Only for one unambiguous record: with several people of that name, none of them is the officer's person.
    const personId = matches.length === 1 ? sealPersonRef(await linkSecret(ctx.config.dataDir), matches[0], agency.agency_uid) : null;
    return { data: { type: 'person-match', id: 'count', attributes: { matches: matches.length > 0 ? 1 : 0, person_id: personId } } };
  });

  // Spec 002 "CIT" calls: the matched person's previous CIT incidents, for the identified officer filling the form.
  app.get<{ Params: { id: string }; Querystring: { state?: string } }>('/data/public/person/:id/incidents', withSchemas(publicRoute, { 200: PersonIncidents }), async (request) => {
    const state = request.query.state ?? CIT_DEFAULT_STATE;
    if (typeof state !== 'string' || !STATE.test(state)) throw notFound('Unknown state');
    const identity = basicIdentity(request);
    const agency = await identified(db, request, state.toLowerCase(), identity.code, identity.officerName, CIT_USE_LIMIT);
    const patientUid = openPersonRef(await linkSecret(ctx.config.dataDir), request.params.id, agency.agency_uid);
    // The same 404 for a reference that is malformed, forged, expired or another agency's, and for a person no longer visible.
    if (!patientUid || !(await isVisiblePerson(db, outsideViewer(agency.division_uid), patientUid))) throw notFound('Person not found');
    const { rows, total } = await listPersonIncidents(db, patientUid, agency.agency_uid);
    return { data: rows.map((r, i) => ({ type: 'cit-incident', id: String(i + 1), attributes: r })), meta: { total } };
  });

  // Spec 002 "Public CIT form": the local treatment facility search, for an identified officer of a division with the setting.
  app.get<{ Params: { state: string }; Querystring: Record<string, unknown> }>('/cit/:state/treatment-facilities', withSchemas(publicRoute, { 200: TreatmentFacilities }, { query: CitFacilitySearchSchema }), async (request) => {
    const state = stateOf(request);
    const identity = basicIdentity(request);
    const query = parseBody(CitFacilitySearchSchema, { search: request.query.search ?? '' });
    const agency = await identified(db, request, state, identity.code, identity.officerName, CIT_USE_LIMIT);
    const facilityType = await localTreatmentType(db, agency.division_uid);
    if (!facilityType) throw notFound('No local treatment facility search for this agency');
    const rows = await searchTreatmentFacilities(db, agency.org_uid, facilityType, query.search ?? '');
    return { data: rows.map((r) => ({ type: 'facility', id: r.facility_uid, attributes: r })) };
  });

  app.get<{ Querystring: { zip_code?: string } }>('/reference-data/reference-geo-data', withSchemas(publicRoute, { 200: GeoDataList }), async (request) => {
    const zip = String(request.query.zip_code ?? '');
    if (!/^\d{5}$/.test(zip)) return { data: [] };
    const rows = await findGeoByZip(db, zip);
    return { data: rows.map((r) => ({ type: 'reference-geo-data', id: r.zip_code, attributes: r })) };
  });

  // Spec 002 "Address helpers" for the officer's sheet: the address search of signed-in users (server/geocoder/), the identity standing in for a session.
  app.post<{ Params: { state: string } }>('/cit/:state/geoapify/autocomplete', withSchemas(publicRoute, { 200: AddressSuggestions }, { body: CitAddressAutocompleteSchema }), async (request) => {
    const state = stateOf(request);
    const { code, officerName, text } = parseBody(CitAddressAutocompleteSchema, request.body);
    await identified(db, request, state, code, officerName, CIT_ADDRESS_LIMIT);
    return searchAddresses(db, ctx.config, text, request.log);
  });

  app.post<{ Params: { state: string } }>('/cit/:state/submit', withSchemas(publicRoute, { 201: CitReceiptDocument }, { body: CitSubmissionSchema }), async (request, reply) => {
    const state = stateOf(request);
    const parsed = parseBody(CitSubmissionSchema, request.body);
    const agency = await identified(db, request, state, parsed.code, parsed.officerName, CIT_USE_LIMIT);
    const values = clearDependents(parsed, await otherReferralSourceUid(db));
    return onceOnly(db, request, reply, 'cit-submit', async (trx) => {
      let facility: { facility_name: string; recipients: string[] } | null = null;
      if (values.mhFollowUpRequested === 'yes' && values.facilityUid) {
        const f = await sql<{ facility_name: string; recipients: string[] }>`
          select f.facility_name,
                 array_remove(array(select distinct e from unnest(array_append(array(select d.email_address from facility_distribution_list d where d.facility_uid = f.facility_uid), f.email_address)) e), null) as recipients
            from facility f where f.facility_uid = ${values.facilityUid} and f.org_uid = ${agency.org_uid}`.execute(trx);
        if (!f.rows[0]) throw new HttpError(422, [{ field: 'facility_uid', message: 'Must be a facility of this agency' }]);
        facility = f.rows[0];
      }
      const stored = { ...values, code: undefined, approvalStatus: 'pending' };
      const inserted = await sql<{ submission_uid: string; created_at: Date }>`
        insert into cit_submission (agency_uid, division_uid, officer_name, submission_json)
        values (${agency.agency_uid}, ${agency.division_uid}, ${values.officerName}, ${JSON.stringify(stored)}::jsonb)
        returning submission_uid, created_at`.execute(trx);
      const { submission_uid: id, created_at: createdAt } = inserted.rows[0];
      await sql`insert into cit_submission_log (submission_uid, action, division_uid) values (${id}, 'submitted', ${agency.division_uid})`.execute(trx);
      let emailSent: boolean | null = null;
      if (facility) {
        emailSent = facility.recipients.length > 0;
        for (const recipient of facility.recipients) {
          await enqueueMessage(trx, {
            channel: 'email',
            recipient,
            subject: 'CIT referral for follow-up',
            body:
              `${agency.agency_name} (officer ${values.officer}) is referring a client to ${facility.facility_name} for mental health follow-up.\n\n` +
              `Client: ${values.firstName} ${values.lastName}\nPhone: ${values.phoneNumber} (${values.phoneType})\nIncident: ${values.dateTime.replace('T', ' ')}\n\n` +
              `Please contact the client. Reference: CIT submission ${id}.`,
          });
        }
      }
      return {
        status: 201,
        body: { data: { type: 'cit-submission', id, attributes: { approval_status: 'pending', created_at: createdAt, email_sent: emailSent, facility_name: facility?.facility_name ?? null, secure_href: await receiptLink(ctx, id) } } },
      };
    });
  });

  // ---- Staff ----
  app.get<{ Params: { id: string } }>('/data/public/cit-submission/:id', withSchemas(allow('hasAppCit'), { 200: CitSubmissionDocument }), async (request) => {
    const auth = requireAuth(request);
    const row = await loadSubmission(db, request.params.id, auth.divisionUid);
    const canApprove = Boolean(auth.flags.citSupervisoryApproval) && (await approvalEnabled(db, auth.divisionUid));
    return { data: submissionResource(row, canApprove) };
  });

  // A supervisor corrects a pending sheet before deciding; the officer's identity and the approval status are not editable.
  app.put<{ Params: { id: string } }>('/data/public/cit-submission/:id', withSchemas(allow('citSupervisoryApproval'), { 200: CitSubmissionDocument }, { body: CitSubmissionSchema, bodyShape: { inAttributes: true, partial: true } }), async (request) => {
    const auth = await requireApprover(db, request);
    const attributes = (request.body as { data?: { attributes?: unknown } } | null)?.data?.attributes;
    if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes)) throw new HttpError(400, [{ message: 'Request body must be { data: { attributes } }' }]);
    return db.transaction().execute(async (t) => {
      const trx = t as unknown as Db;
      const row = await loadSubmission(trx, request.params.id, auth.divisionUid, true);
      if (row.approval_status !== 'pending') throw new HttpError(409, [{ message: 'This submission has already been decided' }]);
      const { code: _c, officer_name: _o, officerName: _n, approval_status: _a, approvalStatus: _s, ...changes } = attributes as Record<string, unknown>;
      // The stored sheet has no identity code; a placeholder satisfies the schema and is never stored.
      const { approvalStatus: _stored, code: _none, ...sheet } = row.submission_json as unknown as Record<string, unknown>;
      const parsed = parseBody(CitSubmissionSchema, { ...(snakeKeys(sheet) as Record<string, unknown>), ...changes, code: '-', officer_name: row.officer_name });
      const values = clearDependents(parsed, await otherReferralSourceUid(trx));
      if (values.mhFollowUpRequested === 'yes' && values.facilityUid) {
        const ok = await sql`select 1 from facility f join cit_agency a on a.org_uid = f.org_uid where f.facility_uid = ${values.facilityUid} and a.agency_uid = ${row.agency_uid}`.execute(trx);
        if (!ok.rows.length) throw new HttpError(422, [{ field: 'facility_uid', message: 'Must be a facility of this agency' }]);
      }
      const stored = { ...values, code: undefined, approvalStatus: 'pending' };
      await sql`update cit_submission set submission_json = ${JSON.stringify(stored)}::jsonb where submission_uid = ${row.submission_uid}`.execute(trx);
      await sql`insert into cit_submission_log (submission_uid, action, user_uid, division_uid) values (${row.submission_uid}, 'edited', ${auth.userUid}, ${row.division_uid})`.execute(trx);
      return { data: submissionResource(await loadSubmission(trx, row.submission_uid, auth.divisionUid), true) };
    });
  });

  app.put<{ Params: { id: string } }>('/data/public/cit-submission/:id/accept', withSchemas(allow('citSupervisoryApproval'), { 200: CitSubmissionDocument }), async (request) => {
    const auth = await requireApprover(db, request);
    return db.transaction().execute(async (t) => {
      const trx = t as unknown as Db;
      const row = await loadSubmission(trx, request.params.id, auth.divisionUid, true);
      if (row.approval_status !== 'pending') throw new HttpError(409, [{ message: 'This submission has already been decided' }]);
      const s = row.submission_json;
      // The approver's own view of the division: a child they may not open gets a record of its own, never this sheet.
      const matches = await countPersonMatches(trx, auth, { firstName: s.firstName, lastName: s.lastName, genderUid: s.genderUid, birthDate: s.birthDate || null });
      let patientUid = matches[0];
      if (!patientUid) {
        const created = await sql<{ patient_uid: string }>`
          insert into patient (division_uid, first_name, last_name, birth_date, gender_uid, mobile_phone, preferred_phone, episode_status_uid)
          values (${row.division_uid}, ${s.firstName.trim()}, ${s.lastName.trim()}, ${s.birthDate || null}::date, ${s.genderUid}, ${s.phoneNumber.replace(/\D/g, '')},
                  ${s.phoneType}, ${s.dispositionUid})
          returning patient_uid`.execute(trx);
        patientUid = created.rows[0].patient_uid;
      }
      const event = await sql<{ medical_event_uid: string }>`
        insert into medical_event (patient_uid, medical_event_type_uid, event_date, event_time_zone, status_uid, facility_uid, notes, detail)
        select ${patientUid}, m.uid, (${s.dateTime}::timestamp at time zone ${s.eventTimeZone}), ${s.eventTimeZone}, ${s.dispositionUid},
               ${s.facilityUid || null}::uuid, ${s.incidentNote || null}, ${JSON.stringify({ crisis: s, citSubmissionUid: row.submission_uid, agencyName: row.agency_name })}::jsonb
          from reference_data m where m.model = 'reference-medical-event' and m.name = 'cit'
        returning medical_event_uid`.execute(trx);
      const eventUid = event.rows[0].medical_event_uid;
      await sql`
        update cit_submission set approval_status = 'approved', patient_uid = ${patientUid}, medical_event_uid = ${eventUid},
               decided_by = ${auth.userUid}, decided_at = ${sqlNow()},
               submission_json = jsonb_set(submission_json, '{approvalStatus}', '"approved"')
         where submission_uid = ${row.submission_uid}`.execute(trx);
      await sql`insert into cit_submission_log (submission_uid, action, user_uid, division_uid) values (${row.submission_uid}, 'approved', ${auth.userUid}, ${row.division_uid})`.execute(trx);
      const updated = await loadSubmission(trx, row.submission_uid, auth.divisionUid);
      return { data: submissionResource(updated, true) };
    });
  });

  app.put<{ Params: { id: string } }>('/data/public/cit-submission/:id/reject', withSchemas(allow('citSupervisoryApproval'), { 204: NoContent }), async (request, reply) => {
    const auth = await requireApprover(db, request);
    await db.transaction().execute(async (t) => {
      const trx = t as unknown as Db;
      const row = await loadSubmission(trx, request.params.id, auth.divisionUid, true);
      if (row.approval_status !== 'pending') throw new HttpError(409, [{ message: 'This submission has already been decided' }]);
      // Spec 002: rejecting permanently deletes the sheet. Only the fact of the decision is kept.
      await sql`delete from cit_submission where submission_uid = ${row.submission_uid}`.execute(trx);
      await sql`insert into cit_submission_log (submission_uid, action, user_uid, division_uid) values (${row.submission_uid}, 'rejected', ${auth.userUid}, ${row.division_uid})`.execute(trx);
    });
    return reply.status(204).send();
  });
};
