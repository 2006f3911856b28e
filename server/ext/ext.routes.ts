import { publicLanguageOf, sayToPublic } from '../public-language';
import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { insertAddress, insertEmailAddress } from '../contacts/contacts.repository';
import type { Db } from '../db/connect';
import { outsideViewer, patientScope } from '../dataviews/scopes';
import { badRequest, HttpError, notFound, parseBody, unauthorized } from '../errors';
import {
  ExternalActionDocument, LinkIndexDocument, OfferedProviders, ReferenceListPage, ReferralReceivedDocument, RegistrationConfirmedDocument, RegistrationSentDocument,
} from './ext.responses';
import { findInstance, linkIndex, type Instance } from './link-index';
import { onceOnly } from '../public-forms/idempotency';
import { countAttempt, type Limit } from '../public-forms/limits';
import { checkCode, CODE_TTL_MINUTES, issueCode } from '../public-forms/one-time-codes';
import { enqueueMessage } from '../outbox/outbox.repository';
import { camelKeys, snakeCase } from '../../shared/casing';
import { DEFAULT_ADDRESS_TYPE, DEFAULT_REFERRAL_METHOD } from '../../shared/constants';
import { DEFAULT_LANG } from '../../shared/i18n-defaults';
import { check } from '../../shared/schemas/validate';
import {
  digitsOf,
  EXT_REFERENCE_MODELS,
  EXT_REFERENCE_PAGE_SIZE,
  EXT_TEXT,
  NEW_PROVIDER,
  REFERRAL_REFERENCE_FIELDS,
  referralFields,
  referralSchema,
  RegisterConfirmSchema,
  RegisterSchema,
  type ReferralValues,
} from '../../shared/schemas/ext-referral';
import { publicRoute } from '../security/access';
import { sqlNow, sqlToday } from '../db/clock';

/** The registration token a confirmed visitor's browser sends back (kept per link in localStorage). */
export const REGISTRATION_HEADER = 'x-registration-token';

/** Registering texts a code: per client address and per phone number. */
export const REGISTER_LIMIT: Limit = { name: 'ext-register', perAddress: 20, perValue: 5, windowSeconds: 15 * 60 };
/** Confirming: the code itself allows 5 tries; this caps guessing across codes. */
export const CONFIRM_LIMIT: Limit = { name: 'ext-confirm', perAddress: 30, perValue: 10, windowSeconds: 15 * 60 };
/** Presenting a registration token that does not exist. */
export const TOKEN_LIMIT: Limit = { name: 'ext-token', perAddress: 20, perValue: 5, windowSeconds: 15 * 60 };

const sha = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');
const codePurpose = (instanceId: string) => `ext-register:${instanceId}`;

/** The visitor's confirmed registration for this link, from the registration token header; 401 without one. */
async function requireRegistration(db: Db, request: FastifyRequest, instance: Instance) {
  const token = request.headers[REGISTRATION_HEADER];
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) throw unauthorized(EXT_TEXT.noRegistration);
  const row = await db
    .selectFrom('external_registration')
    .select(['registration_uid', 'name', 'identifier'])
    .where('token_hash', '=', sha(token))
    .where('instance_id', '=', instance.instance_id)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  // A token is 256 random bits, so a wrong one is abuse, not a guess that could succeed: only
  // failures are counted (the form's own calls present one valid token several at a time).
  if (!row) {
    await countAttempt(db, request, TOKEN_LIMIT, sha(token));
    throw unauthorized(EXT_TEXT.noRegistration);
  }
  return row;
}

function parseReferral(body: unknown, instance: Instance): ReferralValues {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  // `from_provider_pcp` does not camel-case back to the spec's fromProviderPCP.
  const camel = camelKeys(body) as Record<string, unknown>;
  if ('fromProviderPcp' in camel) {
    camel.fromProviderPCP = camel.fromProviderPcp;
    delete camel.fromProviderPcp;
  }
  const result = check(referralSchema(instance.required_fields), camel);
  if (result.errors) throw new HttpError(422, result.errors.map((e) => ({ ...e, field: e.field?.split('.').map(snakeCase).join('.') })));
  return result.value;
}

const opt = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
const phoneOrNull = (v: string | undefined) => (opt(v) ? digitsOf(v!) : null);

/**
 * Every uid the form sent must be a row of its own list; a provider must be
 * one the public form offers (of the link's organisation, active, and chosen
 * by an administrator: `public_form_offered`, issue 32 §4), so a uid read
 * elsewhere, a staff member's included, is refused as one not listed.
 */
async function checkReferences(db: Db, values: ReferralValues, instance: Instance): Promise<void> {
  const errors: { field: string; message: string }[] = [];
  const wanted = Object.entries(REFERRAL_REFERENCE_FIELDS).filter(([field]) => opt(values[field as keyof ReferralValues] as string));
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = wanted.map(([field]) => values[field as keyof ReferralValues] as string).filter((v) => uuid.test(v));
  const rows = ids.length ? await db.selectFrom('reference_data').select(['uid', 'model', 'ref_data_type']).where('uid', 'in', ids).where('is_active', '=', true).execute() : [];
  for (const [field, model] of wanted) {
    const value = values[field as keyof ReferralValues] as string;
    const row = rows.find((r) => r.uid === value);
    const ok = row && row.model === model && (field !== 'reasonUid' || row.ref_data_type === 'inbound referral');
    if (!ok) errors.push({ field: snakeCase(field), message: 'Must be one of the options' });
  }
  for (const field of ['fromProviderUid', 'toProviderUid'] as const) {
    const value = opt(values[field]);
    if (!value || (field === 'fromProviderUid' && value === NEW_PROVIDER)) continue;
    const found = uuid.test(value) && (await offeredProviders(db, instance).where('p.provider_uid', '=', value).select('p.provider_uid').executeTakeFirst());
    if (!found) errors.push({ field: snakeCase(field), message: 'Must be one of the options' });
  }
  if (errors.length) throw new HttpError(422, errors);
}

/** The providers a public form of this link lists and accepts (issue 32 §4): the organisation's active ones an administrator offered. */
const offeredProviders = (db: Db, instance: Instance) =>
  db.selectFrom('provider as p').where('p.org_uid', '=', instance.org_uid).where('p.public_form_offered', '=', true).where('p.is_active', '=', true);

/**
 * Same first and last name (any case) and birth date in the link's division;
 * the oldest such record an outside caller may reach: a restricted or
 * adoption case is never matched, so a referral never lands on one.
 */
async function findOrCreatePatient(db: Db, values: ReferralValues, instance: Instance): Promise<string> {
  const match = await db
    .selectFrom('patient')
    .select('patient_uid')
    .where(sql<boolean>`${patientScope('patient')(outsideViewer(instance.division_uid))}`)
    .where(sql<boolean>`lower(first_name) = lower(${values.firstName.trim()})`)
    .where(sql<boolean>`lower(last_name) = lower(${values.lastName.trim()})`)
    .where('birth_date', '=', values.birthDate)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (match) return match.patient_uid;
  const preferred = { mobileNumber: 'mobile', homeNumber: 'home', workNumber: 'work' }[values.preferredPhoneNumber] ?? null;
  const created = await db
    .insertInto('patient')
    .values({
      division_uid: instance.division_uid,
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      birth_date: values.birthDate,
      gender_uid: opt(values.genderUid),
      gender_identity_uid: opt(values.genderIdentityUid),
      race_uid: opt(values.raceUid),
      ethnicity_uid: opt(values.ethnicityUid),
      mobile_phone: phoneOrNull(values.mobileNumber),
      home_phone: phoneOrNull(values.homeNumber),
      work_phone: phoneOrNull(values.workNumber),
      preferred_phone: preferred,
      agency_legal_status: null,
      middle_name: null,
      sacwis_person_id: null,
      note: null,
      episode_status_uid: null,
    })
    .returning('patient_uid')
    .executeTakeFirstOrThrow();
  const email = opt(values.emailAddress);
  if (email) await insertEmailAddress(db, created.patient_uid, email, true);
  return created.patient_uid;
}

export const extRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  /** Validity check (spec 002): 200 with a confirmed registration for this link, 401 without, 404 for an unknown link. */
  app.get<{ Params: { instance: string } }>('/ext/:instance', withSchemas(publicRoute, { 200: ExternalActionDocument }), async (request) => {
    const instance = await findInstance(db, request.params.instance);
    const registration = await requireRegistration(db, request, instance);
    return { data: { type: 'external-action', id: instance.instance_id, attributes: { action_type: instance.action_type, registration_name: registration.name } } };
  });

  /** The link's index: division logos, the division's brand for the page's header, translations, names for the intro and the payload definition. Needs no registration. */
  app.get<{ Params: { instance: string }; Querystring: { lang?: string } }>('/ext/:instance/index', withSchemas(publicRoute, { 200: LinkIndexDocument }), async (request) => {
    const instance = await findInstance(db, request.params.instance);
    const lang = typeof request.query.lang === 'string' && /^[a-z]{2}(-[A-Z]{2})?$/.test(request.query.lang) ? request.query.lang : DEFAULT_LANG;
    return { data: { type: 'external-action-index', id: instance.instance_id, attributes: await linkIndex(db, instance, lang) } };
  });

  /** Reference lists the form needs (spec 002: default order then label, page 1, page-size 1000). */
  app.get<{ Params: { instance: string; model: string }; Querystring: Record<string, string> }>('/ext/:instance/reference/:model', withSchemas(publicRoute, { 200: ReferenceListPage }), async (request) => {
    const instance = await findInstance(db, request.params.instance);
    await requireRegistration(db, request, instance);
    const model = request.params.model;
    if (!(EXT_REFERENCE_MODELS as string[]).includes(model)) throw notFound(`Unknown reference list ${model.slice(0, 60)}`);
    const page = Number(request.query.page ?? 1);
    const pageSize = Number(request.query['page-size'] ?? EXT_REFERENCE_PAGE_SIZE);
    if (!Number.isInteger(page) || page < 1) throw badRequest('page must be a positive whole number', 'page');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > EXT_REFERENCE_PAGE_SIZE) throw badRequest(`page-size must be 1 to ${EXT_REFERENCE_PAGE_SIZE}`, 'page-size');
    const sort = request.query.sort ?? 'default_sort_order,label';
    if (!['default_sort_order,label', 'label'].includes(sort)) throw badRequest('sort must be default_sort_order,label or label', 'sort');
    let query = db.selectFrom('reference_data').where('model', '=', model).where('is_active', '=', true);
    if (model === 'reference-reason') query = query.where('ref_data_type', '=', 'inbound referral');
    const [{ total }] = await query.select((eb) => eb.fn.countAll<string>().as('total')).execute();
    let rows = query.select(['uid', 'name', 'label', 'default_sort_order']);
    rows = sort === 'label' ? rows.orderBy('label') : rows.orderBy('default_sort_order').orderBy('label');
    const data = await rows.limit(pageSize).offset((page - 1) * pageSize).execute();
    return {
      data: data.map((r) => ({ type: model, id: r.uid, attributes: { uid: r.uid, name: r.name, label: r.label, default_sort_order: r.default_sort_order } })),
      meta: { total: Number(total), page, page_size: pageSize },
    };
  });

  /**
   * The providers the requester and "refer to" selects offer: only those an
   * administrator offered on public forms (issue 32 §4), never staff unless
   * chosen. `location_label` names where they practise (their first location).
   */
  app.get<{ Params: { instance: string } }>('/ext/:instance/providers', withSchemas(publicRoute, { 200: OfferedProviders }), async (request) => {
    const instance = await findInstance(db, request.params.instance);
    await requireRegistration(db, request, instance);
    const rows = await offeredProviders(db, instance)
      .leftJoin('reference_data as r', 'r.uid', 'p.provider_role_uid')
      .select([
        'p.provider_uid',
        'p.display_name',
        'r.label as provider_role_label',
        sql<string | null>`(select min(l.provider_location_label) from provider_location l where l.provider_uid = p.provider_uid)`.as('location_label'),
      ])
      .orderBy('p.display_name')
      .limit(EXT_REFERENCE_PAGE_SIZE)
      .execute();
    return { data: rows.map((r) => ({ type: 'providers', id: r.provider_uid, attributes: r })), meta: { total: rows.length } };
  });

  /** Registration (spec 000 section 3): texts a 6-digit code. The answer is the same for every phone number. */
  app.post<{ Params: { instance: string } }>('/ext/:instance/register', withSchemas(publicRoute, { 202: RegistrationSentDocument }, { body: RegisterSchema }), async (request, reply) => {
    const instance = await findInstance(db, request.params.instance);
    const values = parseBody(RegisterSchema, request.body);
    const phone = digitsOf(values.identifier);
    await countAttempt(db, request, REGISTER_LIMIT, phone);
    return onceOnly(db, request, reply, `ext-register:${instance.instance_id}`, async (trx) => {
      await trx.insertInto('external_registration').values({ instance_id: instance.instance_id, name: values.name.trim(), identifier: phone, identifier_type: 'Phone', token_hash: null, confirmed_at: null }).execute();
      const code = await issueCode(trx, codePurpose(instance.instance_id), phone);
      await enqueueMessage(trx, {
        channel: 'sms',
        recipient: phone,
        body: sayToPublic(publicLanguageOf(request), 'ext.sms.registrationCode', { division: instance.division_name, code, minutes: CODE_TTL_MINUTES }),
      });
      return { status: 202, body: { data: { type: 'external-registration', id: instance.instance_id, attributes: { identifier: phone, identifier_type: 'Phone', message: EXT_TEXT.codeSent } } } };
    });
  });

  /** Confirmation: the texted code for this phone → a registration token for this link. */
  app.post<{ Params: { instance: string } }>('/ext/:instance/register-confirm', withSchemas(publicRoute, { 201: RegistrationConfirmedDocument }, { body: RegisterConfirmSchema }), async (request, reply) => {
    const instance = await findInstance(db, request.params.instance);
    const values = parseBody(RegisterConfirmSchema, request.body);
    const phone = digitsOf(values.identifier);
    await countAttempt(db, request, CONFIRM_LIMIT, phone);
    return onceOnly(db, request, reply, `ext-confirm:${instance.instance_id}`, async (trx) => {
      const result = await checkCode(trx, codePurpose(instance.instance_id), phone, values.challenge);
      if (result !== 'ok') {
        const message =
          result === 'expired' ? 'The code has expired. Please register again.' : result === 'locked' ? 'Too many wrong codes. Please register again.' : 'The code is not correct.';
        // Answered, not thrown: the transaction commits, so the wrong try stays counted.
        return { status: 422, body: { errors: [{ field: 'challenge', message }] } };
      }
      const pending = await trx
        .selectFrom('external_registration')
        .select('registration_uid')
        .where('instance_id', '=', instance.instance_id)
        .where('identifier', '=', phone)
        .where('confirmed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!pending) throw new HttpError(422, [{ field: 'challenge', message: 'The code is not correct.' }]);
      const token = crypto.randomBytes(32).toString('base64url');
      await trx.updateTable('external_registration').set({ token_hash: sha(token), confirmed_at: sqlNow() as unknown as Date }).where('registration_uid', '=', pending.registration_uid).execute();
      return { status: 201, body: { data: { type: 'external-registration', id: pending.registration_uid, attributes: { registration_token: token, message: EXT_TEXT.registered } } } };
    });
  });

  /** The referral (spec 000 sections 3 and 5): a new or matched patient and a New inbound referral in the link's division. */
  app.post<{ Params: { instance: string } }>('/ext/:instance', withSchemas(publicRoute, { 201: ReferralReceivedDocument }, { body: referralFields() }), async (request, reply) => {
    const instance = await findInstance(db, request.params.instance);
    const registration = await requireRegistration(db, request, instance);
    if (instance.action_type !== 'referral-form') throw notFound(`${instance.action_type} form not found`);
    const values = parseReferral(request.body, instance);
    return onceOnly(db, request, reply, `ext-referral:${registration.registration_uid}`, async (trx) => {
      await checkReferences(trx, values, instance);
      const patientUid = await findOrCreatePatient(trx, values, instance);

      let fromProviderUid = values.requestedBy === 'Provider' ? opt(values.fromProviderUid) : null;
      if (fromProviderUid === NEW_PROVIDER) {
        const first = values.fromProviderFirstName.trim();
        const last = values.fromProviderLastName.trim();
        const created = await trx
          .insertInto('provider')
          .values({
            display_name: `${first} ${last}`,
            first_name: first,
            last_name: last,
            user_uid: null,
            org_uid: instance.org_uid,
            provider_role_uid: values.fromProviderRoleUid,
            npi_number: null,
            work_phone: digitsOf(values.fromProviderPhone),
            mobile_number: null,
            email_address: values.fromProviderEmail.trim(),
          })
          .returning('provider_uid')
          .executeTakeFirstOrThrow();
        fromProviderUid = created.provider_uid;
      }

      const addressType = await trx.selectFrom('reference_data').select('uid').where('model', '=', 'reference-address-type').where('label', '=', DEFAULT_ADDRESS_TYPE).executeTakeFirst();
      const toProvider = opt(values.toProviderUid);
      const referral = await trx
        .insertInto('inbound_referral')
        .values({
          patient_uid: patientUid,
          // The sender's today (checked to be today somewhere); the server's when none is sent.
          referral_date: opt(values.referralDate) ?? (sqlToday() as unknown as string),
          referral_source_uid: opt(values.advertisementUid),
          reason_uid: opt(values.reasonUid),
          requested_by: values.requestedBy,
          referred_to: toProvider,
          referral_method: DEFAULT_REFERRAL_METHOD,
          status: 'New',
        })
        .returning(['referral_uid', sql<string>`referral_date::text`.as('referral_date')])
        .executeTakeFirstOrThrow();

      if ([values.addr1, values.addr2, values.city, values.postCode, values.countryDivisionUid, values.county].some((v) => opt(v))) {
        await insertAddress(trx, patientUid, {
          addressTypeUid: addressType?.uid ?? null,
          address1: values.addr1,
          address2: values.addr2,
          city: values.city,
          postCode: values.postCode,
          countryDivisionUid: opt(values.countryDivisionUid),
          county: values.county,
          isPrimary: true,
        });
      }
      if ([values.carrierUid, values.policyNumber, values.policyHolderName, values.groupNumber].some((v) => opt(v))) {
        await trx
          .insertInto('patient_insurance')
          .values({
            patient_uid: patientUid,
            carrier_uid: opt(values.carrierUid),
            policy_holder_name: opt(values.policyHolderName),
            policy_holder: opt(values.policyHolder),
            policy_holder_birth_date: opt(values.policyHolderBirthDate),
            ssn_last4: opt(values.ssn) ? digitsOf(values.ssn).slice(-4) : null,
            insurance_company_phone: phoneOrNull(values.insuranceCompanyPhone),
            policy_number: opt(values.policyNumber),
            group_number: opt(values.groupNumber),
            effective_date: opt(values.effectiveDate),
            is_primary: values.isPrimary ?? true,
            policy_type: opt(values.policyType) ?? ((values.isPrimary ?? true) ? 'Primary' : null),
          })
          .execute();
      }
      // The payload as received, without the SSN (only its last 4 digits are kept, on the insurance row).
      const { ssn: _ssn, ...kept } = values;
      await trx
        .insertInto('external_referral')
        .values({
          referral_uid: referral.referral_uid,
          instance_id: instance.instance_id,
          registration_uid: registration.registration_uid,
          from_provider_uid: fromProviderUid,
          to_provider_uid: toProvider,
          diagnosis_uid: opt(values.diagnosisUid),
          note: opt(values.note),
          payload: JSON.stringify(kept),
        })
        .execute();
      return {
        status: 201,
        body: { data: { type: 'inbound-referral', id: referral.referral_uid, attributes: { status: 'New', referral_method: DEFAULT_REFERRAL_METHOD, referral_date: referral.referral_date, message: EXT_TEXT.thanks } } },
      };
    });
  });
};
