import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';
import { BREAK_GLASS_LIMIT_REACHED, BREAK_GLASS_SSO_ONLY, BREAK_GLASS_WRONG_PASSWORD, BreakGlassReviewSchema, BreakGlassSchema } from '../../shared/schemas/break-glass';
import { isUuid } from '../../shared/uuid';
import { snakeKeys } from '../../shared/casing';
import { withSchemas } from '../api-docs/route-schemas';
import { auditSourceOf } from '../audit/audit-source';
import { recordAudit } from '../audit/audit.repository';
import { LOGIN_LIMITS } from '../auth/auth.routes';
import { requireAuth } from '../auth/context';
import { verifyPassword } from '../auth/password';
import { forgetSessions, userSessionIds } from '../auth/sessions.repository';
import { findUser } from '../auth/users.repository';
import { HttpError, notFound, parseBody, tooMany } from '../errors';
import { PATIENT_NOT_FOUND } from '../patients/patient-access';
import { onceOnly } from '../public-forms/idempotency';
import { allow, forPatient, patientOf } from '../security/access';
import { bucketKey, reserve } from '../security/rate-limit';
import { queueBreakGlassMail } from './break-glass-mail';
import { breakGlassSettings } from './break-glass-settings';
import { BreakGlassDocument, BreakGlassEventDocument, BreakGlassEventList, OpenWindowDocument, ReviewedEventDocument } from './break-glass.responses';
import { findEvent, findGlassTarget, listEvents, openWindow, openWindowOn, reviewEvent } from './break-glass.repository';

const EVENT_NOT_FOUND = 'Emergency access event not found';

/**
 * Issue 38: break the glass. `POST /api/break-glass` opens a time-boxed,
 * read-only window on one restricted or adoption record of the caller's
 * division for a user holding `breakGlass`, after a reason and their password;
 * the record then opens through the usual patient guard (patientScope) until
 * the window ends. The review e-mails and the audit entry are written in the
 * same transaction. Reviewers (privacy officers, administrators) list and
 * review the division's events.
 */
export const breakGlassRoutes: FastifyPluginAsync<AppContext> = async (app, { db, config }) => {
  const reviewers = allow('privacyOfficer', 'navigatorAdmin');

  app.post('/break-glass', withSchemas(allow('breakGlass'), { 201: BreakGlassDocument, 200: BreakGlassDocument }, { body: BreakGlassSchema }), async (request, reply) => {
    const auth = requireAuth(request);
    const input = parseBody(BreakGlassSchema, request.body);
    // Only a record the quick search shows the caller as a stub: nothing is said of any other, so nothing more is found here.
    const target = await findGlassTarget(db, auth, input.patientUid);
    if (!target) throw notFound(PATIENT_NOT_FOUND);
    if (target.visible) throw new HttpError(422, [{ field: 'patient_uid', message: 'You can open this record without emergency access' }]);

    if (auth.authenticationService !== 'careweave') throw new HttpError(422, [{ field: 'password', message: BREAK_GLASS_SSO_ONLY }]);
    const attempt = await reserve(db, [{ bucket: bucketKey('break-glass-password', auth.userUid), limit: LOGIN_LIMITS.perUser }], LOGIN_LIMITS.windowSeconds);
    if (!attempt.allowed) throw tooMany(LOGIN_LIMITS.windowSeconds, 'Too many wrong passwords. Please wait 15 minutes and try again.');
    const user = await findUser(db, auth.userUid);
    if (!(await verifyPassword(input.password, user?.password_hash ?? null))) throw new HttpError(422, [{ field: 'password', message: BREAK_GLASS_WRONG_PASSWORD }]);
    await attempt.refund();

    const settings = await breakGlassSettings(db, target.division_uid);
    const source = auditSourceOf(request);
    return onceOnly(db, request, reply, 'break-glass', async (trx) => {
      const opened = await openWindow(trx, auth, target, input, settings);
      if (opened.kind === 'limit') throw new HttpError(429, [{ message: BREAK_GLASS_LIMIT_REACHED }]);
      if (opened.kind === 'opened') {
        const { breakGlassUid } = opened.window;
        await recordAudit(trx, { ...source, pageViewId: null, patientUid: target.patient_uid, action: 'BrokeGlass', targetType: 'patients', targetUid: target.patient_uid, breakGlassUid });
        await queueBreakGlassMail(trx, target, opened.window, auth.displayName, `${config.publicUrl}/emergency-access/${breakGlassUid}`);
      }
      return { status: opened.kind === 'opened' ? 201 : 200, body: { data: { type: 'break-glass', id: opened.window.breakGlassUid, attributes: snakeKeys({ ...opened.window, patientUid: target.patient_uid }) } } };
    });
  });

  // The record page's banner: the caller's open window on this record, or null.
  app.get<{ Params: { id: string } }>('/patients/:id/break-glass', withSchemas(forPatient({ config: { access: 'signed-in' } }), { 200: OpenWindowDocument }), async (request) => {
    const window = await openWindowOn(db, requireAuth(request).userUid, patientOf(request).patient_uid);
    return { data: window ? { type: 'break-glass', id: window.breakGlassUid, attributes: snakeKeys(window) } : null };
  });

  app.get('/break-glass-events', withSchemas(reviewers, { 200: BreakGlassEventList }), async (request) => {
    const events = await listEvents(db, requireAuth(request).divisionUid);
    return { data: events.map((e) => ({ type: 'break-glass-events', id: e.breakGlassUid, attributes: snakeKeys(e) })) };
  });

  app.get<{ Params: { eventId: string } }>('/break-glass-events/:eventId', withSchemas(reviewers, { 200: BreakGlassEventDocument }), async (request) => {
    const found = await findEvent(db, requireAuth(request).divisionUid, request.params.eventId);
    if (!found) throw notFound(EVENT_NOT_FOUND);
    return { data: { type: 'break-glass-events', id: found.event.breakGlassUid, attributes: snakeKeys({ ...found.event, reads: found.reads.length }), relationships: { reads: found.reads.map((r) => snakeKeys(r)) } } };
  });

  app.put<{ Params: { eventId: string } }>('/break-glass-events/:eventId/review', withSchemas(reviewers, { 200: ReviewedEventDocument }, { body: BreakGlassReviewSchema }), async (request) => {
    const auth = requireAuth(request);
    const review = parseBody(BreakGlassReviewSchema, request.body);
    if (!isUuid(request.params.eventId)) throw notFound(EVENT_NOT_FOUND);
    const found = await findEvent(db, auth.divisionUid, request.params.eventId);
    if (!found) throw notFound(EVENT_NOT_FOUND);
    if (found.userUid === auth.userUid) throw new HttpError(422, [{ field: 'status', message: 'Someone else must review your own emergency access' }]);
    await db.transaction().execute((trx) => reviewEvent(trx, auth.divisionUid, found.event.breakGlassUid, auth.userUid, review, found.userUid));
    // The user's sessions read their flags again on the next request (an inappropriate review removed one).
    if (review.status === 'inappropriate') forgetSessions(await userSessionIds(db, found.userUid));
    const after = (await findEvent(db, auth.divisionUid, found.event.breakGlassUid))!;
    return { data: { type: 'break-glass-events', id: after.event.breakGlassUid, attributes: snakeKeys({ ...after.event, reads: after.reads.length }) } };
  });
};
