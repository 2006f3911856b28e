import type { Resource, ResourceType } from '@medplum/fhirtypes';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import type { FhirCaller } from './fhir-access';
import type { ParamType, ParsedSearch } from './search-params';

/** A patient a FHIR answer tells about: each is an audit entry naming the client. */
export interface PatientRead {
  patientUid: string;
  divisionUid: string;
}

/**
 * One FHIR resource type Careweave serves (issue 35 section 1): its search
 * parameters, and the page of matches a caller may see with the patients
 * they are about. Read is a search by `_id`; the routes, the
 * CapabilityStatement and the audit come from this table.
 */
export interface FhirResourceType {
  type: ResourceType;
  search: Record<string, ParamType>;
  /** Interactions beyond read and search that the type's own routes serve (the CapabilityStatement lists them). */
  writes?: readonly ('create' | 'update' | 'delete')[];
  /** Whether the caller's resource of this id was deleted (a read answers 410 Gone, not 404). */
  gone?: (db: Db, caller: FhirCaller, id: string) => Promise<boolean>;
  /** The profiles every resource of this type claims in `meta.profile` (the CapabilityStatement's supportedProfile). */
  profiles?: readonly string[];
  /** `_include` values it answers (`Task:focus`): each names the type and the reference to follow. */
  includes?: Readonly<Record<string, { type: ResourceType; reference: (resource: Resource) => string | undefined }>>;
  find(db: Db, caller: FhirCaller, search: ParsedSearch, config: Config): Promise<{ resources: Resource[]; patients: PatientRead[]; hasMore: boolean }>;
}
