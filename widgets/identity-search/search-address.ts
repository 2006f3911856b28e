import { is } from 'superstruct';
import { EMPTY_IDENTITY_SEARCH, hasCriterion, IdentitySearchFormSchema, type IdentitySearchForm } from '../../shared/schemas/identity-search';

/** A search as the results show it: the criteria and the page of results. */
export interface IdentitySearchRequest {
  form: IdentitySearchForm;
  page: number;
}

const TEXT_FIELDS = (Object.keys(EMPTY_IDENTITY_SEARCH) as (keyof IdentitySearchForm)[]).filter((k): k is Exclude<keyof IdentitySearchForm, 'hospitals'> => k !== 'hospitals');

/**
 * The page address's query for a search (issue 32 §5: Back from a child's
 * record finds the same search): the criteria given, trimmed, by their form
 * names, the hospitals repeated, and the page when past the first.
 */
export function searchToQuery({ form, page }: IdentitySearchRequest): string {
  const params = new URLSearchParams();
  for (const key of TEXT_FIELDS) if (form[key].trim()) params.set(key, form[key].trim());
  for (const hospital of form.hospitals) if (hospital.trim()) params.append('hospitals', hospital.trim());
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/**
 * The search an address's query holds; null when it holds none, or one the
 * form itself would refuse (an address typed or edited by hand), so such an
 * address opens the empty form rather than a failed search.
 */
export function searchFromQuery(query: string): IdentitySearchRequest | null {
  const params = new URLSearchParams(query);
  const form: IdentitySearchForm = { ...EMPTY_IDENTITY_SEARCH, hospitals: params.getAll('hospitals') };
  for (const key of TEXT_FIELDS) form[key] = params.get(key) ?? '';
  if (!hasCriterion(form) || !is(form, IdentitySearchFormSchema)) return null;
  const page = Number(params.get('page') ?? 1);
  return { form, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}
