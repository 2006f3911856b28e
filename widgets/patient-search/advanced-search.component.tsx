import { useId, useState, type MouseEvent } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { formatDate } from '../../shared/format';
import { ANY_CRITERION_MESSAGE, AdvancedSearchFormSchema, NO_RESULTS_MESSAGE, PATIENT_SEARCH_DEFAULT_PAGE_SIZE, parseSearchDate, type AdvancedSearchForm, type PatientSummary } from '../../shared/schemas/patient-search';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { displayName } from './patient-alerts';
import { useSummarySearch, type SummaryCriteria } from './patient-search.resource';
import css from './advanced-search.css?inline';
import { whenClosed } from '../kit/dialog-closed';

export interface AdvancedSearchProps {
  open: boolean;
  onClose: () => void;
}

const SORTS: [string, string][] = [
  ['lastName,firstName', 'Last name'],
  ['firstName,lastName', 'First name'],
  ['birthDate', 'Date of birth (oldest first)'],
  ['-birthDate', 'Date of birth (youngest first)'],
];

const LABELS = { name: 'Name', birthDate: 'Date of Birth', identifier: 'SACWIS Person ID' };

/** The "Advanced search" modal: its own form and a results list whose entries link to /patients/{id}. */
export function AdvancedSearch({ open, onClose }: AdvancedSearchProps) {
  const form = useCareForm(AdvancedSearchFormSchema, { mode: 'onSubmit', defaultValues: { name: '', birthDate: '', identifier: '', currentDivisionOnly: true } });
  const [criteria, setCriteria] = useState<SummaryCriteria | null>(null);
  const results = useSummarySearch(criteria);
  const sortId = useId();

  const onSubmit = form.handleSubmit((values: AdvancedSearchForm) => {
    if (![values.name, values.birthDate, values.identifier].some((v) => v?.trim())) {
      form.setError('root.server', { type: 'validate', message: ANY_CRITERION_MESSAGE });
      return;
    }
    setCriteria({
      q: values.name?.trim() || undefined,
      birthDate: values.birthDate?.trim() ? (parseSearchDate(values.birthDate.trim()) ?? undefined) : undefined,
      sacwisPersonId: values.identifier?.trim() || undefined,
      currentDivisionOnly: values.currentDivisionOnly !== false,
      sort: criteria?.sort ?? SORTS[0][0],
      page: 1,
      pageSize: PATIENT_SEARCH_DEFAULT_PAGE_SIZE,
    });
  });

  return (
    <SlDialog className="advanced-search" label="Advanced search" open={open} onSlAfterHide={whenClosed(onClose)}>
      <style>{css}</style>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <ErrorSummary form={form} labels={LABELS} />
        <div className="advanced-fields">
          <Field form={form} name="name" label={LABELS.name} hint="Any order" />
          <Field form={form} name="birthDate" label={LABELS.birthDate} hint="MM/DD/YYYY" />
          <Field form={form} name="identifier" label={LABELS.identifier} hint="The whole ID" />
        </div>
        <div className="advanced-options">
          <label className="checkbox">
            <input type="checkbox" {...form.register('currentDivisionOnly')} /> Current division only
          </label>
          <SlButton type="submit" variant="primary" loading={results.isLoading}>
            Search
          </SlButton>
        </div>
      </form>
      {criteria && (
        <section className="advanced-results" aria-label="Search results">
          <div className="advanced-results-bar">
            <span role="status">{results.data ? `${results.data.total} found` : ''}</span>
            <label htmlFor={sortId}>Sort by</label>
            <select id={sortId} value={criteria.sort} onChange={(e) => setCriteria({ ...criteria, sort: e.target.value, page: 1 })}>
              {SORTS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <LoadState isLoading={results.isLoading} error={results.error} isEmpty={results.data?.patients.length === 0} emptyText={NO_RESULTS_MESSAGE}>
            <ResultList patients={results.data?.patients ?? []} onOpen={onClose} />
            <Pager criteria={criteria} total={results.data?.total ?? 0} onPage={(page) => setCriteria({ ...criteria, page })} />
          </LoadState>
        </section>
      )}
    </SlDialog>
  );
}

function ResultList({ patients, onOpen }: { patients: PatientSummary[]; onOpen: () => void }) {
  const emit = useEmit();
  const open = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    onOpen();
    emit('care-navigate', { path });
  };
  return (
    <ul className="result-list">
      {patients.map((p) => {
        const path = `/patients/${encodeURIComponent(p.patientUid)}`;
        return (
          <li key={p.patientUid}>
            {p.access === 'full' ? (
              <a href={path} onClick={open(path)}>
                {displayName(p)}
              </a>
            ) : (
              // The record would refuse them: no link, and the reason instead.
              <span className="result-name">{displayName(p)}</span>
            )}
            <span className="result-meta">
              {formatDate(p.birthDate)}
              {p.access === 'full' ? (
                <>
                  {p.sacwisPersonId && ` · SACWIS ${p.sacwisPersonId}`}
                  {` · ${p.divisionName}`}
                </>
              ) : (
                <span className="result-tag"> Restricted</span>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Pager({ criteria, total, onPage }: { criteria: SummaryCriteria; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / criteria.pageSize));
  if (pages === 1) return null;
  return (
    <nav className="pager" aria-label="Result pages">
      <SlButton size="small" disabled={criteria.page <= 1} onClick={() => onPage(criteria.page - 1)}>
        Previous
      </SlButton>
      <span>
        Page {criteria.page} of {pages}
      </span>
      <SlButton size="small" disabled={criteria.page >= pages} onClick={() => onPage(criteria.page + 1)}>
        Next
      </SlButton>
    </nav>
  );
}
