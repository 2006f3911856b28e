/**
 * The key constraints of the two SDOHCC profiles a Gravity referral's
 * resources claim (HL7 SDOH Clinical Care, SDOHCC Task For Referral
 * Management and SDOHCC ServiceRequest), checked by hand: the guide's
 * StructureDefinitions are not on the npm registry, the one package source
 * here (docs/decisions.md, issue 35). Each function answers the broken
 * constraints, named by element; none is conformance to the profile.
 * Terminology is checked only where the guide binds a small value set.
 */

const SDOHCC = 'http://hl7.org/fhir/us/sdoh-clinicalcare';
export const TASK_PROFILE = `${SDOHCC}/StructureDefinition/SDOHCC-TaskForReferralManagement`;
export const SERVICE_REQUEST_PROFILE = `${SDOHCC}/StructureDefinition/SDOHCC-ServiceRequest`;
const TEMPORARY_CODES = `${SDOHCC}/CodeSystem/SDOHCC-CodeSystemTemporaryCodes`;

/** SDOHCC ValueSet Referral Task Status: R4's task-status but `requested`. */
const REFERRAL_TASK_STATUSES = ['draft', 'received', 'accepted', 'rejected', 'ready', 'cancelled', 'in-progress', 'on-hold', 'failed', 'completed', 'entered-in-error'];
/** SDOHCC ValueSet SDOH Category (ServiceRequest.category[SDOHCC], required). */
const SDOH_CATEGORIES = [
  'sdoh-category-unspecified', 'food-insecurity', 'housing-instability', 'homelessness', 'inadequate-housing', 'transportation-insecurity', 'financial-insecurity',
  'material-hardship', 'educational-attainment', 'employment-status', 'veteran-status', 'stress', 'social-connection', 'intimate-partner-violence', 'elder-abuse',
  'personal-health-literacy', 'health-insurance-coverage-status', 'medical-cost-burden', 'digital-literacy', 'digital-access', 'utility-insecurity',
  'incarceration-status', 'language-access', 'protective-factor',
];

type Json = any;
const isReference = (r: Json) => !!(r && (r.reference || r.display || r.identifier));
const has = (v: unknown) => v !== undefined && v !== null && v !== '';

function check(rules: [boolean, string][]): string[] {
  return rules.filter(([ok]) => !ok).map(([, element]) => element);
}

export function taskProblems(task: Json): string[] {
  return check([
    [task.meta?.profile?.includes(TASK_PROFILE), 'Task.meta.profile'],
    [REFERRAL_TASK_STATUSES.includes(task.status), 'Task.status'],
    [task.intent === 'order', 'Task.intent'],
    [task.code?.coding?.some((c: Json) => c.system === 'http://hl7.org/fhir/CodeSystem/task-code' && c.code === 'fulfill'), 'Task.code'],
    [/^ServiceRequest\//.test(task.focus?.reference ?? ''), 'Task.focus'],
    [isReference(task.for), 'Task.for'],
    [has(task.authoredOn), 'Task.authoredOn'],
    [isReference(task.requester), 'Task.requester'],
    [isReference(task.owner), 'Task.owner'],
    [!task.statusReason || has(task.statusReason.text), 'Task.statusReason.text'],
    [!['rejected', 'cancelled'].includes(task.status) || has(task.statusReason?.text), 'Task.statusReason (rejected or cancelled)'],
    [task.status !== 'completed' || task.output?.length > 0, 'Task.output (completed)'],
    [
      (task.output ?? []).every((o: Json) => o.type?.coding?.some((c: Json) => c.system === TEMPORARY_CODES && c.code === 'resulting-activity') && (isReference(o.valueReference) || o.valueCodeableConcept)),
      'Task.output (resulting-activity)',
    ],
  ]);
}

export function serviceRequestProblems(request: Json): string[] {
  return check([
    [request.meta?.profile?.includes(SERVICE_REQUEST_PROFILE), 'ServiceRequest.meta.profile'],
    [has(request.status), 'ServiceRequest.status'],
    [has(request.intent), 'ServiceRequest.intent'],
    [request.category?.some((cat: Json) => cat.coding?.some((c: Json) => c.system === TEMPORARY_CODES && SDOH_CATEGORIES.includes(c.code))), 'ServiceRequest.category (SDOHCC)'],
    [has(request.code?.text) || request.code?.coding?.length > 0, 'ServiceRequest.code'],
    [isReference(request.subject), 'ServiceRequest.subject'],
    [isReference(request.requester), 'ServiceRequest.requester'],
    [has(request.authoredOn), 'ServiceRequest.authoredOn'],
  ]);
}
