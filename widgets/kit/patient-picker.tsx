import { useEffect, useId, useState } from 'react';
import { useController, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { QUICK_SEARCH_MIN_CHARS, SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { formatDate } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { FieldControlProps } from './forms';
import { useDebounced } from './use-debounced';

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

/** `GET summary-patients` (the patient-search area's call) in the current division, by last name. */
export async function searchPatients(client: ApiClient, q: string, signal?: AbortSignal): Promise<PatientOption[]> {
  const doc = await client.get<Document<Resource<Omit<PatientOption, 'id'>>[]>>('summary-patients', { q, sort: 'lastName', currentDivisionOnly: true }, signal);
  return doc.data.map((r) => ({ id: r.id, firstName: r.attributes.firstName, lastName: r.attributes.lastName, birthDate: r.attributes.birthDate }));
}

/** Patients matching what was typed, once it has settled and is long enough to search. */
export function usePatientSearch(text: string): Search {
  const client = useWidgetApi();
  const settled = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [state, setState] = useState<Search>({ data: null, error: null, isLoading: false });
  useEffect(() => {
    if (settled.length < QUICK_SEARCH_MIN_CHARS) return setState({ data: null, error: null, isLoading: false });
    const abort = new AbortController();
    setState({ data: null, error: null, isLoading: true });
    searchPatients(client, settled, abort.signal).then(
      (data) => !abort.signal.aborted && setState({ data, error: null, isLoading: false }),
      (error: unknown) => !abort.signal.aborted && setState({ data: null, error, isLoading: false }),
    );
    return () => abort.abort();
  }, [client, settled]);
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
