/**
 * Whether a patient is in the agency's custody, read from the facts the
 * identity extract feeds a patient (server/identity/matching.ts
 * `feedPatients`). The searches' summaries and cards are given this reading
 * and the preview decides its facts, alerts and Continue from it alone, so
 * they cannot disagree (issue 32 §1): the stored columns, read one by one,
 * said "in custody" of every adult and both "Temporary Custody" and "Out Of
 * Custody" of a child whose rows had been set by hand.
 */

/**
 * - `none`: the extract has said nothing about this patient (an ordinary
 *   navigator patient, an adult): there is no custody to be out of.
 * - `in-custody`: an open custody episode with its legal status.
 * - `in-transition`: in custody, but the open episode has no legal status yet.
 * - `out-of-custody`: a child of the extract with no open custody episode.
 */
export type Custody = 'none' | 'in-custody' | 'in-transition' | 'out-of-custody';

export interface CustodyFacts {
  sacwisPersonId: string | null;
  agencyLegalStatus: string | null;
  inCustody: boolean;
  /** One of the patient's cases came from the identity extract (`patient_case.from_extract`). */
  extractCase: boolean;
}

export function custodyOf(facts: CustodyFacts): Custody {
  // `in_custody` is `not null default true`, so on its own it says nothing: every
  // patient has it. Only these three are written by the extract alone.
  if (!facts.sacwisPersonId && !facts.agencyLegalStatus && !facts.extractCase) return 'none';
  // The import takes the legal status from the child's open custody episode, and
  // every agency legal status is a custody order: a status means custody, even
  // where `in_custody` says otherwise (older or hand-made rows).
  if (facts.agencyLegalStatus) return 'in-custody';
  return facts.inCustody ? 'in-transition' : 'out-of-custody';
}

/** The record opens from the preview unless the patient has left custody; a patient with no custody facts has nothing to leave. */
export const custodyAllowsOpening = (custody: Custody): boolean => custody !== 'out-of-custody';

/** SACWIS Person ID and Legal Status are the extract's facts: shown only for a patient it knows. */
export const hasIdentityFacts = (custody: Custody): boolean => custody !== 'none';
