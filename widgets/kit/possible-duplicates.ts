import type { ApiClient, Document, Resource } from '../../shared/api/client';

/** Spec 002 "Duplicate check" texts. */
export const DUPLICATES_RUNNING = 'Running duplication check ...';
export const DUPLICATES_FOUND = 'Duplicates found!';
export const NO_DUPLICATES = 'No duplicates found!';
export const DUPLICATES_FAILED = 'Possible duplicates could not be checked.';

/** A patient of the caller's division the server found with the same names (and birth date or gender when asked). */
export interface PossibleDuplicate {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  genderLabel: string | null;
}

export interface DuplicateQuery {
  firstName: string;
  lastName: string;
  birthDate?: string | null;
  genderUid?: string | null;
}

/** `GET patients/possible-duplicates`: Add Patient and a medical event's human interactions ask the same question. */
export async function findPossibleDuplicates(client: ApiClient, query: DuplicateQuery): Promise<PossibleDuplicate[]> {
  const doc = await client.get<Document<Resource<Omit<PossibleDuplicate, 'id'>>[]>>('patients/possible-duplicates', {
    firstName: query.firstName.trim(),
    lastName: query.lastName.trim(),
    ...(query.birthDate ? { birthDate: query.birthDate } : {}),
    ...(query.genderUid ? { genderUid: query.genderUid } : {}),
  });
  return doc.data.map((r) => ({ id: r.id, ...r.attributes }));
}
