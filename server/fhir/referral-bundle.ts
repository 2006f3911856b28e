import type { Bundle, BundleEntry, CodeableConcept, Condition, Consent, Patient, Reference, Resource, ServiceRequest, Task } from '@medplum/fhirtypes';
import { MAX_LENGTH } from '../../shared/schemas/strings';
import { isUuid } from '../../shared/uuid';
import { now } from '../../shared/clock';
import type { FhirClient } from './fhir-clients.repository';
import { FhirError } from './operation-outcome';
import { assertValidR4 } from './r4-validator';
import type { ReferralPriority } from '../../shared/schemas/outbound-referrals';

/** The entries a Gravity referral Bundle may hold (SDOHCC: the Task, its ServiceRequest, the Patient and what the request refers to). */
export const REFERRAL_ENTRY_TYPES = ['Patient', 'ServiceRequest', 'Task', 'Condition', 'Consent'] as const;
type EntryType = (typeof REFERRAL_ENTRY_TYPES)[number];

/** How long each part may be: Careweave's own bounds for the fields it becomes. */
export const BOUNDS = { whatFor: MAX_LENGTH.address, note: MAX_LENGTH.note, name: MAX_LENGTH.name, phone: MAX_LENGTH.phone, system: MAX_LENGTH.address, value: MAX_LENGTH.code, requester: MAX_LENGTH.fullName };

/** FHIR request priorities as Careweave's referral priorities: asap is urgent, stat is emergent. */
export const PRIORITIES: Record<string, ReferralPriority> = { routine: 'routine', urgent: 'urgent', asap: 'urgent', stat: 'emergent' };

export interface ReferredPersonIn {
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthDate: string | null;
  /** FHIR administrative gender, as Careweave's gender list names it ('other' is unknown there). */
  gender: 'male' | 'female' | 'unknown' | null;
  mobilePhone: string | null;
  homePhone: string | null;
  workPhone: string | null;
  preferredPhone: 'mobile' | 'home' | 'work' | null;
}

/** A referral as Careweave keeps it, read from the Bundle; `subjectUid` when the ServiceRequest names a Careweave patient. */
export interface ReferralIn {
  divisionUid: string;
  taskSystem: string;
  taskValue: string;
  eventDate: string;
  whatFor: string;
  priority: ReferralPriority;
  reason: string | null;
  notes: string | null;
  requesterName: string;
  subjectUid: string | null;
  person: ReferredPersonIn | null;
  identifiers: { system: string; value: string }[];
  task: Task;
  serviceRequest: ServiceRequest;
  supporting: (Condition | Consent)[];
  /** Each entry's type, in the Bundle's order: the transaction-response answers each in turn. */
  entryTypes: EntryType[];
}

/** A 422 naming the element (FHIRPath) that stopped the referral. */
export const unprocessable = (expression: string, message: string) => new FhirError(422, 'processing', message, expression);

export function bounded(value: string | undefined, max: number, expression: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.length > max) throw unprocessable(expression, `${expression} must be at most ${max} characters`);
  return text;
}

export const conceptText = (c: CodeableConcept | undefined) => c?.text?.trim() || c?.coding?.find((code) => code.display?.trim())?.display?.trim() || c?.coding?.find((code) => code.code)?.code;

/** Where a reference points inside the Bundle: its fullUrl, else `Type/id` of an entry with that id. */
function resolve(entries: BundleEntry[], reference: Reference | undefined): Resource | undefined {
  const ref = reference?.reference;
  if (!ref) return undefined;
  return entries.find((e) => e.fullUrl === ref || (e.resource?.id && `${e.resource.resourceType}/${e.resource.id}` === ref))?.resource;
}

function person(patient: Patient, at: string): ReferredPersonIn {
  const name = patient.name?.find((n) => n.use === 'official') ?? patient.name?.[0];
  const family = bounded(name?.family, BOUNDS.name, `${at}.name.family`);
  const given = name?.given ?? [];
  const first = bounded(given[0], BOUNDS.name, `${at}.name.given`);
  if (!family || !first) throw unprocessable(`${at}.name`, 'Patient.name needs a family name and a given name');
  const phones = new Map<'mobile' | 'home' | 'work', { value: string; rank: number }>();
  (patient.telecom ?? []).forEach((t, i) => {
    if (t.system !== 'phone' || !t.value) return;
    const use = t.use === 'mobile' || t.use === 'home' || t.use === 'work' ? t.use : 'mobile';
    if (!phones.has(use)) phones.set(use, { value: bounded(t.value, BOUNDS.phone, `${at}.telecom[${i}].value`)!, rank: t.rank ?? Number.MAX_SAFE_INTEGER });
  });
  const preferred = [...phones.entries()].sort((a, b) => a[1].rank - b[1].rank)[0]?.[0] ?? null;
  return {
    firstName: first,
    middleName: bounded(given.slice(1).join(' '), BOUNDS.name, `${at}.name.given`),
    lastName: family,
    birthDate: patient.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(patient.birthDate) ? patient.birthDate : null,
    gender: patient.gender === 'male' || patient.gender === 'female' || patient.gender === 'unknown' ? patient.gender : patient.gender ? 'unknown' : null,
    mobilePhone: phones.get('mobile')?.value ?? null,
    homePhone: phones.get('home')?.value ?? null,
    workPhone: phones.get('work')?.value ?? null,
    preferredPhone: preferred,
  };
}

/** The Task's owner as one of the client's divisions (`Organization/<division>`), or a 422: a client refers only to the divisions it is registered for. */
function ownerDivision(task: Task, client: FhirClient, at: string): string {
  const ref = task.owner?.reference ?? '';
  const id = ref.startsWith('Organization/') ? ref.slice('Organization/'.length) : ref.match(/\/Organization\/([^/]+)$/)?.[1];
  if (!id || !isUuid(id) || !client.divisionUids.includes(id)) {
    throw unprocessable(`${at}.owner`, 'Task.owner must be the Organization of a Careweave division this client may refer to');
  }
  return id;
}

/**
 * A Gravity referral (SDOHCC Task For Referral Management with its
 * ServiceRequest) from a transaction Bundle, or the first thing wrong with
 * it: 400 when it is not valid R4, 422 naming the element when it is not a
 * referral Careweave can take. Nothing is stored until all of it is read.
 */
export async function readReferralBundle(body: unknown, client: FhirClient): Promise<ReferralIn> {
  if (!body || typeof body !== 'object' || (body as Resource).resourceType !== 'Bundle') throw new FhirError(400, 'invalid', 'The body must be a FHIR Bundle', 'Bundle');
  const bundle = body as Bundle;
  if (bundle.type !== 'transaction') throw unprocessable('Bundle.type', 'Bundle.type must be transaction');
  const entries = Array.isArray(bundle.entry) ? bundle.entry : [];
  const entryTypes = entries.map((e: BundleEntry | null, i) => {
    const type = (e?.resource as Resource | null | undefined)?.resourceType as EntryType | undefined;
    if (!type || !REFERRAL_ENTRY_TYPES.includes(type)) throw unprocessable(`Bundle.entry[${i}].resource`, `A referral Bundle holds only ${REFERRAL_ENTRY_TYPES.join(', ')}`);
    if (e?.request?.method !== 'POST') throw unprocessable(`Bundle.entry[${i}].request.method`, 'Each entry of a referral Bundle is created (POST)');
    return type;
  });
  // Only now: the validator knows only the types a referral holds.
  await assertValidR4(bundle);
  const only = <T extends Resource>(type: EntryType): { resource: T; at: string } => {
    const at = entryTypes.flatMap((t, i) => (t === type ? [i] : []));
    if (at.length !== 1) throw unprocessable('Bundle.entry', `A referral Bundle holds exactly one ${type}`);
    return { resource: entries[at[0]].resource as T, at: `Bundle.entry[${at[0]}].resource` };
  };
  const { resource: task, at: taskAt } = only<Task>('Task');
  const { resource: request, at: requestAt } = only<ServiceRequest>('ServiceRequest');

  if (task.intent !== 'order') throw unprocessable(`${taskAt}.intent`, 'Task.intent must be order');
  if (task.status !== 'requested') throw unprocessable(`${taskAt}.status`, 'A new referral Task has status requested');
  const identifier = task.identifier?.find((i) => i.system && i.value);
  if (!identifier) throw unprocessable(`${taskAt}.identifier`, 'Task.identifier needs a system and a value: it makes the referral the same one when sent again');
  const divisionUid = ownerDivision(task, client, taskAt);
  if (resolve(entries, task.focus) !== request) throw unprocessable(`${taskAt}.focus`, 'Task.focus must refer to the Bundle\'s ServiceRequest');

  const subjectRef = request.subject?.reference;
  if (!subjectRef) throw unprocessable(`${requestAt}.subject`, 'ServiceRequest.subject must refer to the patient');
  const included = resolve(entries, request.subject);
  let subjectUid: string | null = null;
  let referred: ReferredPersonIn | null = null;
  let identifiers: ReferralIn['identifiers'] = [];
  if (included?.resourceType === 'Patient') {
    const patientAt = `Bundle.entry[${entries.findIndex((e) => e.resource === included)}].resource`;
    referred = person(included, patientAt);
    identifiers = (included.identifier ?? []).flatMap((i, n) =>
      i.system && i.value ? [{ system: bounded(i.system, BOUNDS.system, `${patientAt}.identifier[${n}].system`)!, value: bounded(i.value, BOUNDS.value, `${patientAt}.identifier[${n}].value`)! }] : [],
    );
  } else {
    const id = subjectRef.match(/(?:^|\/)Patient\/([^/]+)$/)?.[1];
    if (!id || !isUuid(id)) throw unprocessable(`${requestAt}.subject`, 'ServiceRequest.subject must be the Bundle\'s Patient or a Careweave Patient/<id>');
    subjectUid = id;
  }

  const conditions = entries.flatMap((e) => (e.resource?.resourceType === 'Condition' ? [e.resource] : []));
  const reasons = [
    ...(request.reasonCode ?? []).map(conceptText),
    ...(request.reasonReference ?? []).map((r) => {
      const found = resolve(entries, r);
      return found?.resourceType === 'Condition' ? conceptText(found.code) : r.display;
    }),
  ].filter((t): t is string => !!t?.trim());
  const notes = [...(request.note ?? []), ...(task.note ?? [])].map((n) => n.text.trim()).filter(Boolean);
  const authored = request.authoredOn ?? task.authoredOn;
  return {
    divisionUid,
    taskSystem: bounded(identifier.system, BOUNDS.system, `${taskAt}.identifier.system`)!,
    taskValue: bounded(identifier.value, BOUNDS.value, `${taskAt}.identifier.value`)!,
    eventDate: authored && /^\d{4}-\d{2}-\d{2}/.test(authored) ? authored.slice(0, 10) : now().toISOString().slice(0, 10),
    whatFor: bounded(conceptText(request.code) ?? conceptText(request.category?.[0]), BOUNDS.whatFor, `${requestAt}.code`) ?? 'Referral',
    priority: PRIORITIES[request.priority ?? task.priority ?? 'routine'] ?? 'routine',
    reason: bounded([...new Set(reasons)].join('; '), BOUNDS.note, `${requestAt}.reasonCode`),
    notes: bounded(notes.join('\n\n'), BOUNDS.note, `${requestAt}.note`),
    requesterName: bounded(task.requester?.display ?? request.requester?.display, BOUNDS.requester, `${taskAt}.requester.display`) ?? client.displayName,
    subjectUid,
    person: referred,
    identifiers,
    task,
    serviceRequest: request,
    supporting: [...conditions, ...entries.flatMap((e) => (e.resource?.resourceType === 'Consent' ? [e.resource] : []))],
    entryTypes,
  };
}
