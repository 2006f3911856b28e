import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { badgeChangesFromForm, exclusiveMessage, overChosenGroup, PatientBadgeChangesSchema, type PatientBadgeChanges } from '../../shared/schemas/badges';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { auditSourceOf } from '../audit/audit-source';
import { requireAuth } from '../auth/context';
import { recordChange, type AuditSource } from '../audit/audit.repository';
import { inTransaction, type Db } from '../db/connect';
import { HttpError, parseBody } from '../errors';
import { allow, forPatient, PATIENT_RECORD_FLAGS, patientOf, signedIn } from '../security/access';
import { addPatientBadges, findBadges, listBadgeGroups, listPatientBadges, lockPatientBadges, removePatientBadges, type PatientBadge } from './badges.repository';
import { BadgeGroupsDocument, PatientBadgesDocument } from './badges.responses';

/** A save sends at most 100 + 100 entries of three short keys and a UUID; a few KB. */
const FORM_BODY_LIMIT = 32 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

const badgesDocument = (rows: PatientBadge[]) => ({
  data: rows.map((r) => ({ type: 'patient-badges', id: r.patient_badge_uid, attributes: r })),
  meta: { total: rows.length },
});

const fieldError = (field: string, message: string) => new HttpError(422, [{ field, message }]);

/**
 * Applies one save in the caller's transaction: the badges asked for must be
 * active badges of the group named, and afterwards an exclusive group may hold
 * one badge at most (spec 001 section 4). A PUT may be sent twice (a retry
 * after a lost answer): a badge already held is not added again, and a
 * removal naming none of the patient's badges removes nothing. Each badge
 * added or removed is an entry in the patient's activity log.
 */
async function applyChanges(trx: Db, source: AuditSource, orgUid: string, patientUid: string, changes: PatientBadgeChanges): Promise<void> {
  await lockPatientBadges(trx, patientUid);
  const current = await listPatientBadges(trx, patientUid);
  const known = new Map((await findBadges(trx, orgUid, changes.create.map((c) => c.badgeUid))).map((b) => [b.badge_uid, b]));
  changes.create.forEach((c, i) => {
    const badge = known.get(c.badgeUid);
    if (!badge) throw fieldError(`create.${i}.badge_uid`, 'Unknown badge');
    if (badge.badge_group_uid !== c.badgeGroupUid) throw fieldError(`create.${i}.badge_group_uid`, 'Must be the badge\'s group');
  });
  const removed = new Set(changes.delete.map((d) => d.patientBadgeUid));
  const kept = current.filter((b) => !removed.has(b.patient_badge_uid)).map((b) => b.badge_uid);
  const after = new Set([...kept, ...changes.create.map((c) => c.badgeUid)]);
  const chosen = await findBadges(trx, orgUid, [...after]);
  // One entry per badge chosen: each is both a group to check and a choice in it.
  const groups = chosen.map((b) => ({ badgeGroupUid: b.badge_group_uid, badgeGroupLabel: b.badge_group_label, isExclusive: b.is_exclusive }));
  const over = overChosenGroup(groups, groups);
  if (over) {
    const index = changes.create.findIndex((c) => c.badgeGroupUid === over.badgeGroupUid);
    throw fieldError(index >= 0 ? `create.${index}.badge_uid` : 'create', exclusiveMessage(over.badgeGroupLabel));
  }

  const gone = await removePatientBadges(trx, patientUid, [...removed]);
  const added = await addPatientBadges(trx, patientUid, source.userUid, changes.create);
  const labelOf = new Map([...current.map((b) => [b.badge_uid, b.badge_label] as const), ...[...known.values()].map((b) => [b.badge_uid, b.badge_label] as const)]);
  for (const b of gone) {
    await recordChange(trx, source, { patientUid, action: 'RemovedBadge', did: `removed the badge ${labelOf.get(b.badge_uid)}`, targetType: 'patient-badges', targetUid: b.patient_badge_uid });
  }
  for (const b of added) {
    await recordChange(trx, source, { patientUid, action: 'AddedBadge', did: `added the badge ${labelOf.get(b.badge_uid)}`, targetType: 'patient-badges', targetUid: b.patient_badge_uid });
  }
}

/** Badges (spec 001 section 7 "Badges"): the reference groups, a patient's badges and their changes. */
export const badgesRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  // Only this plugin's routes read form bodies; everywhere else a body is JSON.
  await app.register(formbody, { bodyLimit: FORM_BODY_LIMIT });

  app.get('/reference-data/reference-badge-groups', withSchemas(signedIn, { 200: BadgeGroupsDocument }), async (request) => {
    const { groups, badges } = await listBadgeGroups(db, requireAuth(request).orgUid);
    return {
      data: groups.map((g) => ({
        type: 'reference-badge-groups',
        id: g.badge_group_uid,
        attributes: g,
        relationships: {
          reference_badges: { data: badges.filter((b) => b.badge_group_uid === g.badge_group_uid).map((b) => ({ type: 'reference-badges', id: b.badge_uid })) },
        },
      })),
      included: badges.map((b) => ({ type: 'reference-badges', id: b.badge_uid, attributes: b })),
    };
  });

  app.get<{ Params: { id: string } }>('/patients/:id/patient-badges', withSchemas(forPatient(allow(...PATIENT_RECORD_FLAGS)), { 200: PatientBadgesDocument }), async (request) =>
    badgesDocument(await listPatientBadges(db, patientOf(request).patient_uid)),
  );

  app.put<{ Params: { id: string } }>('/patients/:id/patient-badges', withSchemas({ ...forPatient(allow(...PATIENT_RECORD_FLAGS)), bodyLimit: FORM_BODY_LIMIT }, { 200: PatientBadgesDocument }, { body: PatientBadgeChangesSchema, bodyShape: { contentType: FORM_TYPE } }), async (request, reply) => {
    if (!request.headers['content-type']?.toLowerCase().startsWith(FORM_TYPE)) {
      return reply.status(415).send({ errors: [{ message: `The body must be form-encoded (${FORM_TYPE})` }] });
    }
    const form = badgeChangesFromForm((request.body ?? {}) as Record<string, unknown>);
    if ('error' in form) throw new HttpError(400, [{ message: form.error }]);
    const parsed = parseBody(PatientBadgeChangesSchema, form.value);
    // The same badge twice in one save is one badge.
    const changes = { ...parsed, create: parsed.create.filter((c, i) => parsed.create.findIndex((o) => o.badgeUid === c.badgeUid) === i) };
    const patientUid = patientOf(request).patient_uid;
    const source = auditSourceOf(request);
    return badgesDocument(
      await inTransaction(db, async (trx) => {
        await applyChanges(trx, source, requireAuth(request).orgUid, patientUid, changes);
        return listPatientBadges(trx, patientUid);
      }),
    );
  });
};
