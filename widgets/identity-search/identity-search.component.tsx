import dayjs from 'dayjs';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import { nowMs } from '../../shared/clock';
import { formatDate } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import {
  ANY_IDENTITY_CRITERION,
  EMPTY_IDENTITY_SEARCH,
  hasCriterion,
  IdentitySearchFormSchema,
  IDENTITY_SEARCH_PAGE_SIZE,
  type IdentityPatientSummary,
  type IdentitySearchForm,
} from '../../shared/schemas/identity-search';
import type { PatientSummary } from '../../shared/schemas/patient-search';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary, formProblems } from '../kit/error-summary';
import { errorOf, Field, fieldText, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useFlags } from '../kit/use-flags';
import { PatientPreview } from '../patient-search/patient-preview.component';
import { pageCount, previewOf, useIdentitySearch, useIdentitySources, useSourceAgencies } from './identity-search.resource';
import { RecentPatients } from '../kit/recent-patients';
import { identitySearchCss } from './identity-search.styles';
import { PatientSummaryCard } from './patient-summary-card.component';
import { searchFromQuery, searchToQuery } from './search-address';
import { whenClosed } from '../kit/dialog-closed';

/** LoadState's error text, said beside Search too when the search itself failed. */
export const SEARCH_FAILED = 'Oops, something went wrong!';

const LABELS: Record<keyof IdentitySearchForm, string> = {
  lastName: 'Last Name',
  firstName: 'First Name',
  birthDate: 'Date of Birth',
  mrn: 'Medical Record #',
  hospitals: 'Hospitals',
  county: 'PCSA County',
  caseworker: 'Caseworker Name',
  sacwisPersonId: 'SACWIS Person ID',
  caseId: 'SACWIS Case ID',
  providerId: 'Provider ID',
  providerName: 'Placement Provider Name',
};

/** The hospitals multi-select: a labelled group of checkboxes, scrolling past a few, with its error under it. */
function HospitalChoices({ value, error, onChange }: { value: string[]; error?: string; onChange: (next: string[]) => void }) {
  const sources = useIdentitySources();
  const id = useId();
  return (
    <fieldset className="field hospital-choices" data-field="hospitals" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{LABELS.hospitals}</legend>
      <LoadState isLoading={sources.isLoading} error={sources.error} isEmpty={!sources.data?.length} emptyText="No hospitals" lines={2}>
        <div className="hospital-options">
          {sources.data?.map((name) => (
            <label key={name}>
              <input type="checkbox" aria-invalid={Boolean(error)} checked={value.includes(name)} onChange={(e) => onChange(e.target.checked ? [...value, name] : value.filter((v) => v !== name))} /> {name}
            </label>
          ))}
        </div>
      </LoadState>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {fieldText(LABELS.hospitals, error)}
        </span>
      )}
    </fieldset>
  );
}

export interface IdentitySearchFormProps {
  loading: boolean;
  /** The criteria of the results shown (a search restored from the address included); null for none. */
  searched: IdentitySearchForm | null;
  /** The search asked for could not be had. */
  failed: boolean;
  onSearch: (form: IdentitySearchForm) => void;
  onReset: () => void;
}

/**
 * Spec 002 "Identity patient search form": last and first name (in part),
 * date of birth (MM/DD/YYYY), MRN (contains), hospitals, PCSA county,
 * caseworker name, SACWIS person and case ids, provider id and placement
 * provider name. Reset restores the empty form and clears the results;
 * Search is disabled while a search loads. What stops a search is said at
 * the top of the form and again beside Search, which on a phone is a long
 * scroll below the top (issue 32 §5).
 */
export function IdentitySearchFormView({ loading, searched, failed, onSearch, onReset }: IdentitySearchFormProps) {
  const form = useCareForm(IdentitySearchFormSchema, { mode: 'onSubmit', defaultValues: searched ?? EMPTY_IDENTITY_SEARCH });
  // The form shows the criteria of the results beside it, also when they come back from the address.
  useEffect(() => form.reset(searched ?? EMPTY_IDENTITY_SEARCH), [searched]);
  const agencies = useSourceAgencies();
  const hospitals = form.watch('hospitals');
  const { general, fields } = formProblems(form, LABELS);
  const problem = general ?? (fields.length ? fields.map((f) => f.text).join(' ') : failed ? SEARCH_FAILED : null);
  const submit = form.handleSubmit((values) => {
    if (!hasCriterion(values)) {
      form.setError('root.server', { type: 'validate', message: ANY_IDENTITY_CRITERION });
      return;
    }
    onSearch(values);
  });
  const reset = () => {
    form.reset(EMPTY_IDENTITY_SEARCH);
    onReset();
  };
  return (
    <form className="identity-search-form" aria-label="Search for a child" onSubmit={(e) => void submit(e)} noValidate>
      <h2>Search</h2>
      <ErrorSummary form={form} labels={LABELS} />
      <Field form={form} name="lastName" label={LABELS.lastName} />
      <Field form={form} name="firstName" label={LABELS.firstName} />
      <Field form={form} name="birthDate" label={LABELS.birthDate} hint="MM/DD/YYYY, an age or a birth year" />
      <Field form={form} name="mrn" label={LABELS.mrn} />
      <HospitalChoices
        value={hospitals}
        error={errorOf(form as unknown as UseFormReturn<FieldValues>, 'hospitals')}
        onChange={(next) => form.setValue('hospitals', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })}
      />
      <Field form={form} name="county" label={LABELS.county}>
        {(control) => (
          <select {...control} {...form.register('county')} disabled={agencies.isLoading}>
            <option value="">{agencies.error ? 'Counties could not be loaded' : 'Any county'}</option>
            {agencies.data?.map((county) => (
              <option key={county} value={county}>
                {county}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="caseworker" label={LABELS.caseworker} />
      <Field form={form} name="sacwisPersonId" label={LABELS.sacwisPersonId} />
      <Field form={form} name="caseId" label={LABELS.caseId} />
      <Field form={form} name="providerId" label={LABELS.providerId} />
      <Field form={form} name="providerName" label={LABELS.providerName} />
      <div className="form-buttons">
        <SlButton type="button" onClick={reset}>
          Reset
        </SlButton>
        <SlButton type="submit" variant="primary" disabled={loading} loading={loading}>
          Search
        </SlButton>
        {problem && <p className="search-problem field-error">{problem}</p>}
      </div>
    </form>
  );
}


/** Spec 001 section 8: shown to identity-healthcare users opening a patient with disputed matches. */
function UnderReviewDialog({ patient, onClose, onContinue }: { patient: IdentityPatientSummary | null; onClose: () => void; onContinue: () => void }) {
  return (
    <SlDialog className="under-review" label="Health Information is under review" open={patient !== null} onSlAfterHide={whenClosed(onClose)}>
      <p>
        A match of this patient's health records is disputed. The medical data of the disputed sources will no longer be displayed until the dispute is resolved.
      </p>
      <div slot="footer" className="dialog-actions">
        <SlButton onClick={onClose}>Cancel</SlButton>
        <SlButton variant="primary" onClick={onContinue}>
          Continue
        </SlButton>
      </div>
    </SlDialog>
  );
}

export interface IdentitySearchProps {
  /** Shown where the results go until the first search (the /patients page's welcome); by default how to search. */
  intro?: ReactNode;
  /**
   * The page address's query (`lastName=hale&page=2`). Given one (even ''),
   * the widget searches what it holds and asks, with `care-navigate`, for the
   * page's own path with each new search's query, so Back from a child's
   * record finds the search and its results again. Without it the search
   * lives in the widget alone.
   */
  query?: string;
}

const HOW_TO_SEARCH = (
  <p className="card identity-home-hint">
    Find a child with the search form: fill in one field or several, then select Search. Your recent patients are listed under the form.
  </p>
);

/**
 * Finding a child in identity mode (issue 11 section 2): the left panel with
 * the search form and the recent patients, and the results as patient
 * summary cards, 50 a page sorted by last then first name. A card or a
 * recent patient opens the patient preview (its access alerts and Continue);
 * an identity-healthcare user first sees 'Health Information is under review'
 * when the patient's matches are disputed.
 */
export function IdentitySearch({ intro = HOW_TO_SEARCH, query }: IdentitySearchProps) {
  const flags = useFlags();
  const tr = useTranslate();
  const emit = useEmit();
  // The search as an address query; each Search counts (`round`), so searching the same criteria again asks again.
  const [asked, setAsked] = useState({ query: query ?? '', round: 0 });
  // Back and Forward change the address under the widget: follow it.
  useEffect(() => {
    if (query !== undefined) setAsked((a) => (a.query === query ? a : { query, round: a.round + 1 }));
  }, [query]);
  const search = useMemo(() => searchFromQuery(asked.query), [asked]);
  const results = useIdentitySearch(search);
  const ask = (next: IdentitySearchForm | null, page = 1) => {
    const nextQuery = next ? searchToQuery({ form: next, page }) : '';
    setAsked((a) => ({ query: nextQuery, round: a.round + 1 }));
    if (query !== undefined && nextQuery !== query) emit('care-navigate', { path: nextQuery ? `${window.location.pathname}?${nextQuery}` : window.location.pathname });
  };
  const [preview, setPreview] = useState<PatientSummary | null>(null);
  const [review, setReview] = useState<IdentityPatientSummary | null>(null);
  const isoToday = dayjs(nowMs()).format('YYYY-MM-DD');
  const loading = search !== null && results.isLoading;

  const open = (p: IdentityPatientSummary) => {
    if (flags?.isIdentityHealthcareUser && p.matchResults.hasAnyDisputes) setReview(p);
    else setPreview(previewOf(p));
  };
  const data = search ? results.data : null;
  const pages = data ? pageCount(data.total) : 1;
  // Each new answer moves focus (and a phone's view, where the form comes first) to the results.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (data) heading.current?.focus();
  }, [data]);

  return (
    <div className={search ? 'identity-search searched' : 'identity-search'}>
      <style>{identitySearchCss}</style>
      <aside className="identity-left-panel card" aria-label="Find a child">
        <IdentitySearchFormView loading={loading} searched={search?.form ?? null} failed={!!results.error} onSearch={(form) => ask(form)} onReset={() => ask(null)} />
        <RecentPatients onOpen={setPreview} />
      </aside>
      <div className="identity-results">
        {!search && intro}
        {search && (
          <section aria-labelledby="identity-results-title" aria-busy={loading}>
            <div className="results-bar">
              <h2 id="identity-results-title" ref={heading} tabIndex={-1}>
                Search Results
              </h2>
              <span role="status">{data ? `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'child' : 'children'} found` : ''}</span>
            </div>
            <LoadState isLoading={results.isLoading && !data} error={results.error} isEmpty={data?.patients.length === 0} emptyText={tr('No patients')} lines={6}>
              <div className="summary-cards">
                {data?.patients.map((p) => <PatientSummaryCard key={p.patientUid} patient={p} full={!!flags?.hasIdentityViewFull} today={isoToday} onOpen={open} />)}
              </div>
              {data && data.total > IDENTITY_SEARCH_PAGE_SIZE && (
                <nav className="results-pages" aria-label="Result pages">
                  <SlButton size="small" disabled={search.page <= 1 || loading} onClick={() => ask(search.form, search.page - 1)}>
                    Previous
                  </SlButton>
                  <span>
                    Page {search.page} of {pages}
                  </span>
                  <SlButton size="small" disabled={search.page >= pages || loading} onClick={() => ask(search.form, search.page + 1)}>
                    Next
                  </SlButton>
                </nav>
              )}
            </LoadState>
          </section>
        )}
      </div>
      <UnderReviewDialog
        patient={review}
        onClose={() => setReview(null)}
        onContinue={() => {
          const p = review;
          setReview(null);
          if (p) setPreview(previewOf(p));
        }}
      />
      <PatientPreview patient={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
