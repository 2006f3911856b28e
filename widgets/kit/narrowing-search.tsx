import { useId } from 'react';

/** Spec 002 section 8 "Empty options": what a search that found nothing says. */
export const NO_OPTIONS = 'No options';

/** What a search hook (useProviderSearch, useReferenceSearch) tells its box. */
export interface SearchState {
  term: string;
  pending: boolean;
  error: unknown;
  data: readonly unknown[] | null;
}

/** The line under a narrowing search: searching, failed, none found, or how many were found. */
export function searchStatus(search: SearchState, typed: string, failed: string): string {
  if (typed.trim() === '') return '';
  if (search.pending) return 'Searching ...';
  if (search.error) return failed;
  if (!search.data) return '';
  return search.data.length === 0 ? NO_OPTIONS : `${search.data.length} found`;
}

export interface NarrowingSearchProps {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  /** searchStatus(...) of the search behind the box. */
  status: string;
  failed?: boolean;
}

/**
 * A search box that narrows the select under it to what the server finds as
 * the user types (a provider by name, a reference entry by label); the select
 * keeps its chosen entry whatever the search. The status line (searching,
 * 'No options', a failure, how many were found) is announced politely.
 */
export function NarrowingSearch({ label, hint, value, onChange, status, failed = false }: NarrowingSearchProps) {
  const id = useId();
  return (
    <div className="field narrowing-search">
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-hint`} className="field-hint">
        {hint}
      </span>
      <input id={id} type="search" autoComplete="off" value={value} aria-describedby={`${id}-hint ${id}-status`} onChange={(e) => onChange(e.target.value)} />
      <span id={`${id}-status`} className={failed ? 'field-error' : 'field-hint'} role="status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
