import { publicLanguageOf, sayToPublic } from '../public-language';
import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import {
  B2W_MISSING_VENDOR,
  B2wRegistrationSchema,
  B2wStatusSchema,
  B2wValidateSchema,
  b2wOutcome,
  phoneDigits,
  type B2wStoredRegistration,
} from '../../shared/schemas/b2w';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import type { Db } from '../db/connect';
import { HttpError, parseBody } from '../errors';
import { enqueueMessage } from '../outbox/outbox.repository';
import { hashAccessCode } from '../public-forms/access-codes';
import { onceOnly } from '../public-forms/idempotency';
import { MAX_LENGTH } from '../../shared/schemas/strings';
import { publicBrand } from '../public-forms/brand';
import { countAttempt, type Limit } from '../public-forms/limits';
import { checkCode, CODE_TTL_MINUTES, issueCode } from '../public-forms/one-time-codes';
import { publicRoute } from '../security/access';
import { nowMs } from '../../shared/clock';
import { sqlNow } from '../db/clock';
import { B2wAssessmentDocument, B2wConfirmedDocument, B2wRegistrationDocument, B2wVendorDocument } from './b2w.responses';

const PURPOSE = 'b2w';
/** Vendor codes and phone numbers: 20 registrations per client address, 5 per phone number an hour (each may send a text). */
export const B2W_INIT_LIMIT: Limit = { name: 'b2w-init', perAddress: 20, perValue: 5, windowSeconds: 3600 };
/** Vendor codes looked up for the form's header: only unknown ones use this up. */
export const B2W_VENDOR_LIMIT: Limit = { name: 'b2w-vendor', perAddress: 20, perValue: 20, windowSeconds: 3600 };
/** Code guesses per address and per registration; the code itself dies after 5 wrong tries. */
export const B2W_CODE_LIMIT: Limit = { name: 'b2w-code', perAddress: 30, perValue: 10, windowSeconds: 900 };
/** Assessments per address and per registration. */
export const B2W_STATUS_LIMIT: Limit = { name: 'b2w-status', perAddress: 60, perValue: 20, windowSeconds: 900 };

export const CODE_WRONG = 'The code is not correct.';
export const CODE_EXPIRED = 'The code has expired. Please start over.';
export const CODE_LOCKED = 'Too many wrong codes. Please start over.';
export const NOT_CONFIRMED = 'Your registration could not be confirmed. Please start over.';
export const ALREADY_ASSESSED = 'An assessment for this date has already been submitted.';
const DATE_NOT_TODAY = "Must be today's date";

/** What the browser keeps after b2w/validate is checked against this, so the code alone proves nothing. */
const confirmedHash = (registrationUid: string, code: string) => crypto.createHash('sha256').update(`b2w-confirmed\u0000${registrationUid}\u0000${code}`).digest('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The registration the browser names, if its vendor code and phone number agree with it. */
async function findRegistration(db: Db, stored: B2wStoredRegistration) {
  if (!UUID.test(stored.registrationUid)) return undefined;
  return db
    .selectFrom('b2w_registration as r')
    .innerJoin('b2w_vendor as v', 'v.vendor_uid', 'r.vendor_uid')
    .select(['r.registration_uid', 'r.employee_uid', 'r.confirmed_code_hash', 'r.comm_method'])
    .where('r.registration_uid', '=', stored.registrationUid)
    .where('v.code_hash', '=', hashAccessCode(stored.vendorCode))
    .where('r.telephone_number', '=', phoneDigits(stored.telephoneNumber))
    .executeTakeFirst();
}

/** Assessments are for today; one day either side allows for the employee's time zone. */
function isAboutToday(isoDate: string): boolean {
  const day = Date.parse(`${isoDate}T12:00:00Z`);
  return Math.abs(day - nowMs()) <= 36 * 60 * 60 * 1000;
}

/**
 * Spec 002 "Back to Work", all public: `POST /api/b2w/init`, `/api/b2w/validate`
 * and `/api/b2w/status`. The server never trusts what the browser stored: the
 * status call carries the registration and the code again and both are checked.
 */
export const b2wRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  /**
   * The employer a vendor code names, for the form's header (its name and
   * logo). An unknown code is a 404 with the spec's missing-vendor message,
   * as registering with it would answer; wrong guesses are counted.
   */
  app.get<{ Querystring: { vendor_code?: string } }>('/b2w/vendor', withSchemas(publicRoute, { 200: B2wVendorDocument }), async (request) => {
    const code = typeof request.query.vendor_code === 'string' ? request.query.vendor_code.trim() : '';
    const guess = await countAttempt(db, request, B2W_VENDOR_LIMIT, code.slice(0, MAX_LENGTH.code).toLowerCase() || '-');
    const vendor =
      code && code.length <= MAX_LENGTH.code
        ? await db.selectFrom('b2w_vendor').select('vendor_name').where('code_hash', '=', hashAccessCode(code)).where('is_active', '=', true).executeTakeFirst()
        : undefined;
    if (!vendor) throw new HttpError(404, [{ field: 'vendor_code', message: B2W_MISSING_VENDOR }]);
    await guess.refund();
    return { data: { type: 'b2w-vendor', id: 'current', attributes: { brand: publicBrand(vendor.vendor_name, 'Back to Work') } } };
  });

  /**
   * Registers: the vendor must exist (else the spec's missing-vendor message on
   * vendor_code); the employee must match by employee id or SSN last 4 AND the
   * phone number on file. Matched or not, the answer is the same (no one learns
   * who works there); only a match gets a code, by text or e-mail.
   */
  app.post('/b2w/init', withSchemas(publicRoute, { 201: B2wRegistrationDocument }, { body: B2wRegistrationSchema }), async (request, reply) => {
    const input = parseBody(B2wRegistrationSchema, request.body);
    const phone = phoneDigits(input.telephoneNumber);
    await countAttempt(db, request, B2W_INIT_LIMIT, phone);
    return onceOnly(db, request, reply, 'b2w-init', async (trx) => {
      const vendor = await trx
        .selectFrom('b2w_vendor')
        .select('vendor_uid')
        .where('code_hash', '=', hashAccessCode(input.vendorCode))
        .where('is_active', '=', true)
        .executeTakeFirst();
      if (!vendor) throw new HttpError(422, [{ field: 'vendor_code', message: B2W_MISSING_VENDOR }]);
      const employeeId = input.employeeId?.trim() || null;
      const ssn = input.ssn?.trim() || null;
      const employee = await trx
        .selectFrom('b2w_employee')
        .select(['employee_uid', 'telephone_number', 'email_address'])
        .where('vendor_uid', '=', vendor.vendor_uid)
        .where('telephone_number', '=', phone)
        .where((eb) => {
          const either = [];
          if (employeeId) either.push(eb(sql<string>`lower(employee_id)`, '=', employeeId.toLowerCase()));
          if (ssn) either.push(eb('ssn_last4', '=', ssn));
          return eb.or(either);
        })
        .executeTakeFirst();
      const registration = await trx
        .insertInto('b2w_registration')
        .values({ vendor_uid: vendor.vendor_uid, employee_uid: employee?.employee_uid ?? null, telephone_number: phone, comm_method: input.commMethod })
        .returning('registration_uid')
        .executeTakeFirstOrThrow();
      if (employee) {
        const code = await issueCode(trx, PURPOSE, registration.registration_uid);
        // In the employee's language: the form sends it as Accept-Language (issue 39).
        const lang = publicLanguageOf(request);
        const text = sayToPublic(lang, 'b2w.codeText', { code, minutes: CODE_TTL_MINUTES });
        // E-mail when asked for and on file; otherwise the text message the spec's confirm screen talks about.
        if (input.commMethod === 'email' && employee.email_address) {
          await enqueueMessage(trx, { channel: 'email', recipient: employee.email_address, subject: sayToPublic(lang, 'b2w.codeSubject'), body: text });
        } else {
          await enqueueMessage(trx, { channel: 'sms', recipient: employee.telephone_number, body: text });
        }
      }
      return {
        status: 201,
        body: { data: { type: 'b2w-registration', id: registration.registration_uid, attributes: { registration_uid: registration.registration_uid, comm_method: input.commMethod } } },
      };
    });
  });

  /**
   * Confirms the code (6 digits, 10 minutes, 5 tries). Sending the same right
   * code again for a confirmed registration (a retry after a lost answer) is
   * accepted again; nothing else is.
   */
  app.post('/b2w/validate', withSchemas(publicRoute, { 200: B2wConfirmedDocument }, { body: B2wValidateSchema }), async (request) => {
    const input = parseBody(B2wValidateSchema, request.body);
    await countAttempt(db, request, B2W_CODE_LIMIT, input.registrationUid);
    const code = input.code.trim();
    const registration = await findRegistration(db, input);
    const result = registration ? await checkCode(db, PURPOSE, registration.registration_uid, code) : 'none';
    if (registration && result === 'ok') {
      await db
        .updateTable('b2w_registration')
        .set({ confirmed_code_hash: confirmedHash(registration.registration_uid, code), confirmed_at: sqlNow() })
        .where('registration_uid', '=', registration.registration_uid)
        .execute();
    } else if (!(registration && result === 'none' && registration.confirmed_code_hash === confirmedHash(registration.registration_uid, code))) {
      const message = result === 'expired' ? CODE_EXPIRED : result === 'locked' ? CODE_LOCKED : CODE_WRONG;
      throw new HttpError(422, [{ field: 'code', message }]);
    }
    return { data: { type: 'b2w-registration', id: registration.registration_uid, attributes: { registration_uid: registration.registration_uid, confirmed: true } } };
  });

  /**
   * Stores the day's assessment and answers its outcome. Once per
   * Idempotency-Key, and once per employee and date (409 after that).
   */
  app.post('/b2w/status', withSchemas(publicRoute, { 201: B2wAssessmentDocument }, { body: B2wStatusSchema }), async (request, reply) => {
    const input = parseBody(B2wStatusSchema, request.body);
    await countAttempt(db, request, B2W_STATUS_LIMIT, input.registrationUid);
    const registration = await findRegistration(db, input);
    if (!registration?.employee_uid || registration.confirmed_code_hash !== confirmedHash(registration.registration_uid, input.code.trim())) {
      throw new HttpError(403, [{ message: NOT_CONFIRMED }]);
    }
    if (!isAboutToday(input.data.assessmentDate)) throw new HttpError(422, [{ field: 'data.assessment_date', message: DATE_NOT_TODAY }]);
    const employeeUid = registration.employee_uid;
    const assessment = {
      highTemp: input.data.highTemp,
      // Asked only when highTemp is No (spec 002 section 5); ignored otherwise.
      lowTempComplications: input.data.highTemp ? null : (input.data.lowTempComplications ?? null),
    };
    const outcome = b2wOutcome(assessment);
    return onceOnly(db, request, reply, 'b2w-status', async (trx) => {
      const row = await trx
        .insertInto('b2w_assessment')
        .values({
          employee_uid: employeeUid,
          registration_uid: registration.registration_uid,
          assessment_date: input.data.assessmentDate,
          high_temp: assessment.highTemp,
          low_temp_complications: assessment.lowTempComplications,
          outcome,
        })
        .onConflict((oc) => oc.columns(['employee_uid', 'assessment_date']).doNothing())
        .returning('assessment_uid')
        .executeTakeFirst();
      if (!row) throw new HttpError(409, [{ message: ALREADY_ASSESSED }]);
      return {
        status: 201,
        body: {
          data: {
            type: 'b2w-assessment',
            id: row.assessment_uid,
            attributes: { assessment_date: input.data.assessmentDate, high_temp: assessment.highTemp, low_temp_complications: assessment.lowTempComplications, outcome },
          },
        },
      };
    });
  });
};
