import { useEffect, useId, useState } from 'react';
import { useController, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { QUICK_SEARCH_MIN_CHARS, SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { formatDate } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import type { Flags } from '../../shared/permissions';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { FieldControlProps } from './forms';
import { useDebounced } from './use-debounced';
import { useFlags } from './use-flags';
import { fetchViewPage } from './view-page';

/** A patient found by the picker's search. */
export interface PatientOption {
  id: string;
  firstName: string;
  lastName: string;
  birthDate?: string | null;
}

interface Search {
  data: PatientOption[] | null;
  error: unknown;
  isLoading: boolean;
}

/** `GET summary-patients` (the patient-search area's call, spec 002 "Reminders") in the current division, by name. */
export async function searchPatients(client: ApiClient, q: string, signal?: AbortSignal): Promise<PatientOption[]> {
  const doc = await client.get<Document<Resource<Omit<PatientOption, 'id'>>[]>>('summary-patients', { q, sort: 'lastName', currentDivisionOnly: true }, signal);
  return doc.data.map((r) => ({ id: r.id, firstName: r.attributes.firstName, lastName: r.attributes.lastName, birthDate: r.attributes.birthDate }));
}

type PatientListRow = { patient_uid: string; first_name: string; last_name: string; birth_date: string | null };

/**
 * The current division's patient list (`/api/data/public/patient-list`) by
 * "last first" as typed: the search of the modes that have the patient list
 * but not the navigator's patient search (community, sponsor, Handle with Care).
 */
export async function searchPatientList(client: ApiClient, q: string): Promise<PatientOption[]> {
  const [last, ...first] = q.split(/\s+/);
  const filters = { last_name: last, ...(first.length && { first_name: first.join(' ') }) };
  const page = await fetchViewPage<PatientListRow>(client, 'patient-list', { page: 1, pageSize: 50, sort: 'last_name,first_name', filters });
  return page.rows.map((r) => ({ id: r.patient_uid, firstName: r.first_name, lastName: r.last_name, birthDate: r.birth_date }));
}

/** The search the caller's flags allow: the server refuses the other one. */
const searchFor = (flags: Partial<Flags>) => (flags.hasAppNavigator || flags.hasAppIdentity ? searchPatients : searchPatientList);

/** Patients matching what was typed, once it has settled and is long enough to search. */
export function usePatientSearch(text: string): Search {
  const client = useWidgetApi();
  const flags = useFlags();
  const settled = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<Search>({ data: null, error: null, isLoading: false });
  useEffect(() => {
    if (settled.length < QUICK_SEARCH_MIN_CHARS) return setState({ data: null, error: null, isLoading: false });
    const abort = new AbortController();
    setState({ data: null, error: null, isLoading: true });
    if (!flags) return () => abort.abort();
    searchFor(flags)(client, settled, abort.signal).then(
      (data) => !abort.signal.aborted && setState({ data, error: null, isLoading: false }),
      (error: unknown) => !abort.signal.aborted && setState({ data: null, error, isLoading: false }),
    );
    return () => abort.abort();
  }, [client, flags, settled]);
  return state;
}

const optionLabel = (p: PatientOption) => `${p.lastName}, ${p.firstName}${p.birthDate ? ` (${formatDate(p.birthDate)})` : ''}`;

const css = /* css */ `
.patient-options { list-style: none; margin: var(--care-space-2xs) 0 0; padding: var(--care-space-2xs) var(--care-space-xs); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-m); max-height: 14rem; overflow-y: auto; }
.patient-options li { padding: var(--care-space-3xs) 0; }
`;

/**
 * A form field's asynchronous patient search (the reminder form's subject,
 * the chat start form's subject): the chosen patient's id is the field's value.
 * Render it as a `Field`'s control.
 */
export function PatientPicker<T extends FieldValues>({ form, name, control }: { form: UseFormReturn<T>; name: FieldPathByValue<T, string>; control: FieldControlProps }) {
  const { field } = useController({ control: form.control, name });
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<PatientOption | null>(null);
  const results = usePatientSearch(chosen ? '' : text);
  const tr = useTranslate();
  const statusId = useId();
  const status = results.isLoading
    ? 'Searching ...'
    : results.error
      ? 'Oops, something went wrong!'
      : results.data?.length === 0
        ? 'No options'
        : !chosen && !results.data
          ? 'Begin typing to search ...'
          : '';
  const choose = (patient: PatientOption) => {
    setChosen(patient);
    setText(optionLabel(patient));
    field.onChange(patient.id);
  };
  return (
    <>
      <style>{css}</style>
      <input
        {...control}
        aria-describedby={[control['aria-describedby'], statusId].filter(Boolean).join(' ')}
        ref={field.ref}
        type="search"
        autoComplete="off"
        placeholder={tr('Search for patients ...')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // Typing again un-chooses: the field shows what will be saved.
          if (chosen) {
            setChosen(null);
            field.onChange('');
          }
        }}
      />
      <span id={statusId} className="field-hint" aria-live="polite">
        {status}
      </span>
      {!chosen && results.data && results.data.length > 0 && (
        <ul className="patient-options" aria-label={tr('Matching patients')}>
          {results.data.map((p) => (
            <li key={p.id}>
              <button type="button" className="link-button" onClick={() => choose(p)}>
                {optionLabel(p)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
