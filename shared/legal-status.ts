/**
 * Spec 001 section 4: the agency legal status values, each shown with an
 * explanation (the texts are ours: docs/decisions.md); any other value is N/A.
 */
export const LEGAL_STATUS_EXPLANATIONS: Record<string, string> = {
  'Emergency Court Order': 'A court ordered the child removed from the home in an emergency, pending a hearing.',
  'Ex Parte': 'A court order made without a hearing of the other party, usually to protect the child at once.',
  'Officer Assisted Child Removal': 'A law enforcement officer removed the child from imminent danger without a court order.',
  'Permanent Custody': 'The court ended the parents’ rights; the agency holds all parental rights and may place the child for adoption.',
  'Permanent Surrender': 'The parents voluntarily and permanently surrendered the child to the agency, usually for adoption.',
  'Planned Permanent Living Arrangement': 'The agency keeps legal custody and the child stays in a long-term placement without parental rights being ended.',
  'Temporary Court Order': 'A court order giving the agency custody for a limited time while the case is heard.',
  'Temporary Custody': 'The agency holds legal custody for up to a year while the family works toward reunification.',
  'Temporary Custody First Extension': 'The court extended temporary custody for up to six months beyond the first year.',
  'Temporary Custody Second Extension': 'The court extended temporary custody a second time, for up to six more months.',
};

export const NOT_AVAILABLE = 'N/A';

/** Spec 001 section 4: printing and PDFs need an agency legal status; the server's refusal and the off print buttons' reason. */
export const NO_LEGAL_STATUS = 'Printing is available only when the agency has a legal status for this child.';

/** The status and its explanation, or N/A for an unknown or empty value. */
export function legalStatusOf(value: string | null | undefined): { label: string; explanation: string | null } {
  const explanation = value ? LEGAL_STATUS_EXPLANATIONS[value] : undefined;
  return explanation ? { label: value!, explanation } : { label: NOT_AVAILABLE, explanation: null };
}
