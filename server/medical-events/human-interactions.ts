import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FieldError } from '../../shared/api/errors';
import { snakeCase } from '../../shared/casing';
import { hasAnyFlag, PATIENT_EDIT_FLAGS } from '../../shared/permissions';
import type { HumanInteraction } from '../../shared/schemas/human-interactions';
import type { StoredDetail } from '../../shared/schemas/medical-events';
import { NOT_LISTED } from '../../shared/schemas/strings';
import { insertPatient } from '../add-patient/add-patient.repository';
import { auditSourceOf } from '../audit/audit-source';
import { requireAuth } from '../auth/context';
import { insertEmailAddress } from '../contacts/contacts.repository';
import { recordEmailAddressAdded } from '../contacts/contacts-audit';
import type { Db } from '../db/connect';
import { unknownReferences } from '../db/reference-checks';
import { HttpError } from '../errors';
import { visiblePatientIds } from '../patients/patient-access';

export const MAY_NOT_ADD_PATIENTS = 'You may not add patients';

const PHONE_COLUMN = { Home: 'homePhone', Mobile: 'mobilePhone', Work: 'workPhone' } as const;
const field = (i: number, name: keyof HumanInteraction) => `data.attributes.detail_object.human_interactions.${i}.${snakeCase(name)}`;

/**
 * The people of a survivor or other interaction as they are stored, in the
 * event's transaction: each entry gets its id, a linked patient must be one
 * the caller may see, and an entry marked createPatient becomes a patient of
 * the caller's division (with its phone and e-mail address and its
 * activity-log entry) whose id the entry keeps, so saving again never adds
 * the person twice (an edit that drops the id keeps the stored one).
 */
export async function settleHumanInteractions(trx: Db, request: FastifyRequest, detail: StoredDetail, eventLabel: string, before?: StoredDetail): Promise<StoredDetail> {
  const stored = new Map((before?.humanInteractions ?? []).map((e) => [e.id, e.patient]));
  const entries = detail.humanInteractions?.map((e) => (e.createPatient && !e.patient && e.id && stored.get(e.id) ? { ...e, patient: stored.get(e.id) } : e));
  if (!entries?.length) return detail;
  const auth = requireAuth(request);
  const errors: FieldError[] = await unknownReferences(
    trx,
    entries.map((e, i) => ({ field: field(i, 'gender'), model: 'reference-gender', uid: e.isActive ? e.gender : null })),
  );
  const visible = await visiblePatientIds(trx, auth, entries.flatMap((e) => (e.isActive && e.patient ? [e.patient] : [])));
  for (const [i, e] of entries.entries()) {
    if (!e.isActive) continue;
    if (e.patient && !visible.has(e.patient)) errors.push({ field: field(i, 'patient'), message: NOT_LISTED });
    if (e.createPatient && !e.patient && !hasAnyFlag(auth.flags, PATIENT_EDIT_FLAGS)) errors.push({ field: field(i, 'createPatient'), message: MAY_NOT_ADD_PATIENTS });
  }
  if (errors.length) throw new HttpError(422, errors);

  const source = auditSourceOf(request);
  const settled: HumanInteraction[] = [];
  for (const e of entries) {
    const entry = { ...e, id: e.id ?? randomUUID() };
    if (entry.isActive && entry.createPatient && !entry.patient) {
      const phone = entry.telephoneType ? PHONE_COLUMN[entry.telephoneType as keyof typeof PHONE_COLUMN] : undefined;
      entry.patient = await insertPatient(
        trx,
        auth,
        source,
        {
          firstName: entry.firstName!,
          lastName: entry.lastName!,
          birthDate: entry.birthDate ?? null,
          genderUid: entry.gender ?? null,
          ...(phone && { [phone]: entry.telephoneNumber }),
          preferredPhone: phone && entry.telephoneNumber ? entry.telephoneType! : null,
        },
        `added the patient from a ${eventLabel.toLowerCase()} event`,
      );
      if (entry.email) await recordEmailAddressAdded(trx, source, entry.patient, await insertEmailAddress(trx, entry.patient, entry.email, true));
    }
    settled.push(entry);
  }
  return { ...detail, humanInteractions: settled };
}
