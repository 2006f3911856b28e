import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { serviceMethodOf } from '../audit/audit-source';
import { recordAudit } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { HttpError, notFound } from '../errors';
import { CIT_LABELS, CIT_TEXT, TIME_ZONES } from '../../shared/cit-options';
import { formatDate, formatDateTime, formatPhone } from '../../shared/format';
import { isUuid } from '../../shared/uuid';
import { Sheet } from '../pdf/sheet';
import { CitEventPdf, CitPdfLinkDocument, CitReceiptPdf } from './cit-pdf.responses';
import { allow, forPatient, patientOf, publicRoute } from '../security/access';
import { linkSecret, signToken, verifyToken } from '../security/signed-token';
import { now, nowMs } from '../../shared/clock';

/** How long a PDF link works (spec: short-lived). */
export const CIT_PDF_LINK_SECONDS = 5 * 60;

interface LinkClaims {
  /** medical event */
  e: string;
  /** patient */
  p: string;
  /** the user who asked for the link: the download is audited as theirs */
  u: string;
  /** that user's division when they asked */
  d: string;
  /** expiry, seconds since the epoch */
  x: number;
}

/** The shared link signing (security/signed-token.ts), for this kind of link. */
const PURPOSE = 'cit-pdf';

export function signPdfToken(secret: Buffer, claims: LinkClaims): string {
  return signToken(secret, PURPOSE, claims);
}

/** The claims of a good, unexpired token; null for anything else. */
export function verifyPdfToken(secret: Buffer, token: string, now = nowMs()): LinkClaims | null {
  const claims = verifyToken(secret, PURPOSE, token, now);
  return claims && [claims.e, claims.p, claims.u, claims.d].every(isUuid) ? (claims as unknown as LinkClaims) : null;
}

interface EventRow {
  medical_event_uid: string;
  patient_uid: string;
  division_uid: string;
  first_name: string;
  last_name: string;
  detail: { crisis?: Record<string, unknown>; agencyName?: string; citSubmissionUid?: string } | null;
  facility_name: string | null;
  /** The incident's day on its own time zone's clocks (YYYY-MM-DD), not the server's. */
  event_day: string;
}

async function loadCitEvent(db: Db, patientUid: string, eventUid: string): Promise<EventRow | null> {
  if (!isUuid(eventUid)) return null;
  const row = await sql<EventRow>`
    select me.medical_event_uid, p.patient_uid, p.division_uid, p.first_name, p.last_name, me.detail, f.facility_name,
           to_char(me.event_date at time zone me.event_time_zone, 'YYYY-MM-DD') as event_day
      from medical_event me
      join patient p on p.patient_uid = me.patient_uid
      join reference_data m on m.uid = me.medical_event_type_uid and m.model = 'reference-medical-event' and m.name = 'cit'
      left join facility f on f.facility_uid = me.facility_uid
     where me.medical_event_uid = ${eventUid} and me.patient_uid = ${patientUid}`.execute(db);
  return row.rows[0] ?? null;
}

/** What a value reads as on the sheet (as on the staff cit-submission page). */
function display(key: string, value: unknown, labels: Map<string, string>): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return '';
  if (Array.isArray(value)) return value.map((v) => labels.get(String(v)) ?? String(v)).join(', ');
  const text = String(value);
  if (key === 'birthDate') return formatDate(text);
  if (key === 'dateTime') return formatDateTime(text);
  if (key === 'phoneNumber') return formatPhone(text);
  if (key === 'eventTimeZone') return TIME_ZONES.find((t) => t.value === text)?.label ?? text;
  if (text === 'yes' || text === 'no') return text === 'yes' ? 'Yes' : 'No';
  return labels.get(text) ?? text;
}

/** Where each of the form's fieldsets begins (cit-form.component.tsx): CIT_LABELS lists the fields in form order. */
const SECTION_STARTS: Partial<Record<keyof typeof CIT_LABELS, string>> = { officerName: 'Agency', firstName: 'Client', dateTime: 'Incident', dispositionUid: 'Outcome' };

const APPROVED_NOTE = 'Approved CIT event: a read-only copy of the contact sheet.';
const RECEIPT_NOTE = "The officer's copy of the contact sheet as submitted; the crisis intervention team reviews it.";

/** The CIT sheet of one event as a PDF: every filled field with its label, read-only, under the form's section headings. */
export async function citPdf(db: Db, row: Omit<EventRow, 'medical_event_uid' | 'patient_uid' | 'division_uid'>, note = APPROVED_NOTE): Promise<Uint8Array> {
  const sheet = row.detail?.crisis ?? {};
  const uids = Object.values(sheet).flatMap((v) => (Array.isArray(v) ? v : [v])).filter(isUuid);
  const labels = new Map<string, string>();
  if (uids.length) {
    const found = await sql<{ uid: string; label: string }>`select uid::text, label from reference_data where uid::text = any(${uids}::text[])`.execute(db);
    for (const r of found.rows) labels.set(r.uid, r.label);
    const facilities = await sql<{ uid: string; label: string }>`select facility_uid::text as uid, facility_name as label from facility where facility_uid::text = any(${uids}::text[])`.execute(db);
    for (const r of facilities.rows) labels.set(r.uid, r.label);
  }

  const sections: { heading: string; fields: [string, string][] }[] = [];
  for (const [key, label] of Object.entries(CIT_LABELS)) {
    const heading = SECTION_STARTS[key as keyof typeof CIT_LABELS];
    if (heading) sections.push({ heading, fields: [] });
    if (key === 'code' || label === undefined || !sections.length) continue;
    // A facility that is not there (spec 001 section 8) is said so, not printed as its id.
    const raw = key === 'facilityUid' && sheet[key] ? (row.facility_name ?? labels.get(String(sheet[key])) ?? CIT_TEXT.unknownFacility) : sheet[key];
    const value = display(key, raw, labels);
    if (value) sections.at(-1)!.fields.push([label, value]);
  }

  const details = [row.detail?.agencyName, `Incident ${formatDate(row.event_day)}`, `Printed ${formatDateTime(now())}`].filter(Boolean).join(' - ');
  const pdf = await Sheet.create('Crisis Intervention Team Contact Sheet', { name: `${row.last_name}, ${row.first_name}`, details });
  for (const section of sections) {
    pdf.section(section.heading);
    if (section.fields.length) pdf.fields(section.fields);
    else pdf.empty('None recorded');
  }
  pdf.note(note);
  return pdf.finish();
}

/** Who may ask for a link; the person a link was made for must still hold it in that division when it is opened. */
const LINK_FLAG = 'hasAppCit';

/** The link's user, while they are active and still hold LINK_FLAG in the division named in the link. */
async function linkOwner(db: Db, claims: LinkClaims): Promise<{ display_name: string } | undefined> {
  return db
    .selectFrom('app_user as u')
    .innerJoin('user_division as ud', 'ud.user_uid', 'u.user_uid')
    .select('u.display_name')
    .where('u.user_uid', '=', claims.u)
    .where('u.is_active', '=', true)
    .where('ud.division_uid', '=', claims.d)
    .where(sql<boolean>`${LINK_FLAG} = any(ud.permissions)`)
    .executeTakeFirst();
}

const invalidLink = () => new HttpError(403, [{ message: 'This PDF link has expired or is not valid. Ask for a new one.' }]);

/** The officer's copy (spec 002: the submit response's secureHref, opened): a link to the submitted sheet for CIT_PDF_LINK_SECONDS. */
const RECEIPT_PURPOSE = 'cit-receipt';
interface ReceiptClaims {
  /** the submission */
  s: string;
  x: number;
}

export async function receiptLink({ config }: Pick<AppContext, 'config'>, submissionUid: string): Promise<string> {
  const claims: ReceiptClaims = { s: submissionUid, x: Math.floor(nowMs() / 1000) + CIT_PDF_LINK_SECONDS };
  const token = signToken(await linkSecret(config.dataDir), RECEIPT_PURPOSE, claims);
  return `${config.publicUrl}/api/cit-receipt?token=${token}`;
}

const pdfReply = (reply: FastifyReply, name: string, bytes: Uint8Array) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .send(Buffer.from(bytes));

/** Staff ask for a link; the link itself needs no session (it is opened in a new tab) but dies after 5 minutes. */
export function registerCitPdfRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const secret = () => linkSecret(config.dataDir);
  // Make the key on start, not on the first request.
  void secret();

  app.get<{ Params: { patient: string; event: string } }>('/data/public/patient/:patient/medical-events/:event/pdf', withSchemas(forPatient(allow(LINK_FLAG), 'patient'), { 200: CitPdfLinkDocument }), async (request) => {
    const auth = requireAuth(request);
    const patient = patientOf(request);
    const row = await loadCitEvent(db, patient.patient_uid, request.params.event);
    if (!row) throw notFound('CIT event not found');
    const claims = { e: row.medical_event_uid, p: row.patient_uid, u: auth.userUid, d: auth.divisionUid, x: Math.floor(nowMs() / 1000) + CIT_PDF_LINK_SECONDS };
    return { data: { link: `${config.publicUrl}/api/cit-pdf?token=${signPdfToken(await secret(), claims)}` } };
  });

  // Opening the link is the download the audit records, in the name of whoever asked for the link.
  app.get<{ Querystring: { token?: string } }>('/cit-pdf', withSchemas(publicRoute, { 200: CitEventPdf }), async (request, reply) => {
    const claims = verifyPdfToken(await secret(), String(request.query.token ?? ''));
    if (!claims) throw invalidLink();
    const owner = await linkOwner(db, claims);
    if (!owner) throw invalidLink();
    const row = await loadCitEvent(db, claims.p, claims.e);
    // A patient moved to another division since is no longer the link owner's to download.
    if (!row || row.division_uid !== claims.d) throw notFound('CIT event not found');
    const bytes = await citPdf(db, row);
    await recordAudit(db, {
      patientUid: row.patient_uid,
      action: 'DownloadedCitPdf',
      userUid: claims.u,
      userDisplayName: owner.display_name,
      divisionUid: claims.d,
      pageViewId: null,
      serviceMethod: serviceMethodOf(request),
      targetType: 'medical-events',
      targetUid: row.medical_event_uid,
    });
    return pdfReply(reply, `cit-${row.last_name}-${row.first_name}-${formatDate(row.event_day).replace(/\//g, '-')}.pdf`, bytes);
  });

  // The officer's copy: no session (the officer has none), the sheet only while it is not rejected (a rejected sheet is deleted), logged without its content.
  app.get<{ Querystring: { token?: string } }>('/cit-receipt', withSchemas(publicRoute, { 200: CitReceiptPdf }), async (request, reply) => {
    const claims = verifyToken(await secret(), RECEIPT_PURPOSE, String(request.query.token ?? ''));
    if (!claims || typeof claims.s !== 'string' || !isUuid(claims.s)) throw invalidLink();
    const found = await sql<{ submission_uid: string; division_uid: string; submission_json: Record<string, unknown>; agency_name: string; facility_name: string | null }>`
      select s.submission_uid, s.division_uid, s.submission_json, a.agency_name, f.facility_name
        from cit_submission s
        join cit_agency a on a.agency_uid = s.agency_uid
        left join facility f on f.facility_uid::text = s.submission_json->>'facilityUid'
       where s.submission_uid = ${claims.s} and s.approval_status <> 'rejected'`.execute(db);
    const row = found.rows[0];
    if (!row) throw notFound('CIT submission not found');
    const sheet = row.submission_json;
    const text = (key: string) => (typeof sheet[key] === 'string' ? (sheet[key] as string) : '');
    const bytes = await citPdf(
      db,
      { first_name: text('firstName'), last_name: text('lastName'), detail: { crisis: sheet, agencyName: row.agency_name }, facility_name: row.facility_name, event_day: text('dateTime').slice(0, 10) },
      RECEIPT_NOTE,
    );
    await sql`insert into cit_submission_log (submission_uid, action, division_uid) values (${row.submission_uid}, 'receipt-opened', ${row.division_uid})`.execute(db);
    return pdfReply(reply, `cit-sheet-${text('lastName')}-${text('firstName')}.pdf`, bytes);
  });
}
