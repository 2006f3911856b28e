import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { serviceMethodOf } from '../audit/audit-source';
import { recordAudit } from '../audit/audit.repository';
import { requireAuth } from '../auth/context';
import type { Db } from '../db/connect';
import { forbidden, HttpError, notFound } from '../errors';
import { PATIENT_COLUMNS, PATIENT_NOT_FOUND, type Patient } from '../patients/patient-access';
import { allow, forPatient, patientOf, publicRoute } from '../security/access';
import { linkSecret, signToken, verifyToken } from '../security/signed-token';
import { isUuid } from '../../shared/uuid';
import { IDENTITY_PDF_FLAG, IDENTITY_PDF_KINDS, identityPdf, mayPrint, NO_LEGAL_STATUS, type IdentityPdfKind } from './identity-pdf';
import { IdentityPdf, PdfLinkDocument } from './identity-pdf.responses';
import { nowMs } from '../../shared/clock';

/** How long a printable's link works (as the CIT PDF's: short-lived). */
export const IDENTITY_PDF_LINK_SECONDS = 5 * 60;
export const PDF_FAILED = 'Failed to build PDF.';

interface LinkClaims {
  /** which printable */
  k: IdentityPdfKind;
  /** patient */
  p: string;
  /** the user who asked for the link: the download is audited as theirs */
  u: string;
  /** that user's division when they asked */
  d: string;
  x: number;
}

/** The shared link signing, for this kind of link (the purpose is in the MAC: a CIT or file link never opens here). */
const PURPOSE = 'identity-pdf';

export function signIdentityPdfToken(secret: Buffer, claims: LinkClaims): string {
  return signToken(secret, PURPOSE, claims);
}

function verifyIdentityPdfToken(secret: Buffer, token: string): LinkClaims | null {
  const claims = verifyToken(secret, PURPOSE, token, nowMs());
  if (!claims || ![claims.p, claims.u, claims.d].every(isUuid) || !(IDENTITY_PDF_KINDS as readonly unknown[]).includes(claims.k)) return null;
  return claims as unknown as LinkClaims;
}

/** The link's user, while active and still holding the printable's flag in the division named in the link. */
async function linkOwner(db: Db, claims: LinkClaims) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('user_division as ud', 'ud.user_uid', 'u.user_uid')
    .select('u.display_name')
    .where('u.user_uid', '=', claims.u)
    .where('u.is_active', '=', true)
    .where('ud.division_uid', '=', claims.d)
    .where(sql<boolean>`${IDENTITY_PDF_FLAG[claims.k]} = any(ud.permissions)`)
    .executeTakeFirst();
}

const invalidLink = () => new HttpError(403, [{ message: 'This PDF link has expired or is not valid. Ask for a new one.' }]);

/**
 * Spec 001 sections 4, 6 and 7: the identity printables. Asking names the patient
 * (the access guard: 404 for a child the caller may not see) and answers
 * `data.link`, a 5-minute signed link opened in a new tab; opening it builds the
 * PDF and writes the audit entry in the asker's name.
 */
export function registerIdentityPdfRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  const secret = () => linkSecret(config.dataDir);

  const askFor = (kind: IdentityPdfKind) => async (request: Parameters<typeof patientOf>[0]) => {
    const auth = requireAuth(request);
    const patient = patientOf(request);
    if (!mayPrint(kind, patient)) throw forbidden(NO_LEGAL_STATUS);
    const claims: LinkClaims = { k: kind, p: patient.patient_uid, u: auth.userUid, d: auth.divisionUid, x: Math.floor(nowMs() / 1000) + IDENTITY_PDF_LINK_SECONDS };
    return { data: { link: `${config.publicUrl}/api/identity-pdf?token=${signIdentityPdfToken(await secret(), claims)}` } };
  };

  // Spec 001 section 7: POST .../identity/patient/{id}/pdf (the patient page print), GET .../child-health-form and .../hospital-registration-sheet.
  app.post<{ Params: { id: string } }>('/data/public/identity/patient/:id/pdf', withSchemas(forPatient(allow(IDENTITY_PDF_FLAG.patient)), { 200: PdfLinkDocument }), askFor('patient'));
  app.get<{ Params: { id: string } }>(
    '/data/public/identity/patient/:id/child-health-form',
    withSchemas(forPatient(allow(IDENTITY_PDF_FLAG['child-health-form'])), { 200: PdfLinkDocument }),
    askFor('child-health-form'),
  );
  app.get<{ Params: { id: string } }>(
    '/data/public/identity/patient/:id/hospital-registration-sheet',
    withSchemas(forPatient(allow(IDENTITY_PDF_FLAG['hospital-registration-sheet'])), { 200: PdfLinkDocument }),
    askFor('hospital-registration-sheet'),
  );

  app.get<{ Querystring: { token?: string } }>('/identity-pdf', withSchemas(publicRoute, { 200: IdentityPdf }), async (request, reply) => {
    const claims = verifyIdentityPdfToken(await secret(), String(request.query.token ?? ''));
    if (!claims) throw invalidLink();
    const owner = await linkOwner(db, claims);
    if (!owner) throw invalidLink();
    const patient: Patient | undefined = await db.selectFrom('patient').select(PATIENT_COLUMNS).where('patient_uid', '=', claims.p).executeTakeFirst();
    // A child moved to another division since is no longer the link owner's; nor one whose legal status went.
    if (!patient || patient.division_uid !== claims.d) throw notFound(PATIENT_NOT_FOUND);
    if (!mayPrint(claims.k, patient)) throw forbidden(NO_LEGAL_STATUS);
    let bytes: Uint8Array;
    try {
      bytes = await identityPdf(db, claims.k, patient);
    } catch (error) {
      request.log.error({ err: error, kind: claims.k }, 'identity PDF failed');
      throw new HttpError(500, [{ message: PDF_FAILED }]);
    }
    await recordAudit(db, {
      patientUid: patient.patient_uid,
      action: 'DownloadedIdentityPdf',
      userUid: claims.u,
      userDisplayName: owner.display_name,
      divisionUid: claims.d,
      pageViewId: null,
      serviceMethod: serviceMethodOf(request),
      targetType: claims.k,
      targetUid: patient.patient_uid,
    });
    const name = `${claims.k}-${patient.last_name}-${patient.first_name}.pdf`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(Buffer.from(bytes));
  });
}
