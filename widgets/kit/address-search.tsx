import { useCallback, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { Document, Resource } from '../../shared/api/client';
import { DEFAULT_DEBOUNCE_MS } from '../../shared/constants';
import { ADDRESS_SEARCH_MIN_CHARS, ADDRESS_SEARCH_TEXT, type AddressSuggestion } from '../../shared/schemas/address-autocomplete';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { toast } from './toasts';
import { useDebounced } from './use-debounced';

export type { AddressSuggestion } from '../../shared/schemas/address-autocomplete';

/** What an address search asks: the typed text in, the addresses found out (rejects when the search failed). */
export type AddressSearchCall = (text: string, signal: AbortSignal) => Promise<AddressSuggestion[]>;

type SuggestionDoc = Document<Resource<AddressSuggestion>[]>;

/** Reads the suggestions out of the server's answer (JSON:API, keys already camelCase). */
export const suggestionsOf = (doc: SuggestionDoc): AddressSuggestion[] => doc.data.map((r) => r.attributes);

/** Spec 002 "Address helpers" `POST geoapify/autocomplete with text`, as a signed-in user (the record's and Add Patient's forms). */
export function useAddressAutocomplete(): AddressSearchCall {
  const client = useWidgetApi();
  return useCallback(
    async (text, signal) => suggestionsOf(await client.request<SuggestionDoc>('POST', 'geoapify/autocomplete', { body: { text }, signal })),
    [client],
  );
}

/** The form fields an address fills, by the product's address field they take (any left out are not filled). */
export interface AddressFieldNames<T extends FieldValues> {
  address1?: Path<T>;
  city?: Path<T>;
  county?: Path<T>;
  /** The state's two-letter abbreviation (a medical event's location). */
  state?: Path<T>;
  /** The state's reference-country-division id (the forms whose State is that list). */
  stateUid?: Path<T>;
  postCode?: Path<T>;
}

/**
 * Puts a chosen address into a form's fields. A part the address lacks (an
 * area has no street line, a state not on the list has no id) leaves what
 * the field holds, so choosing a zip never wipes a typed street.
 */
export function fillAddress<T extends FieldValues>(form: UseFormReturn<T>, address: AddressSuggestion, names: AddressFieldNames<T>): void {
  const values: [keyof AddressFieldNames<T>, string | null][] = [
    ['address1', address.address1],
    ['city', address.city],
    ['county', address.county],
    ['state', address.state],
    ['stateUid', address.stateUid],
    ['postCode', address.postCode],
  ];
  for (const [part, value] of values) {
    const name = names[part];
    if (name && value) form.setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  }
}

interface Found {
  /** The settled text these results are for. */
  text: string;
  data: AddressSuggestion[] | null;
  failed: boolean;
}

const css = /* css */ `
.address-search { position: relative; }
.address-search input[type='search'] { width: 100%; }
.address-search-status { min-height: 1.2em; }
.address-search-status.failed { color: var(--care-color-danger); }
.address-search [role='listbox'] { list-style: none; margin: var(--care-space-3xs) 0 0; padding: var(--care-space-3xs) 0; border: 1px solid var(--care-color-border-input); border-radius: var(--care-radius-m); background: var(--care-color-surface); max-height: 14rem; overflow-y: auto; }
.address-search [role='option'] { padding: var(--care-space-xs) var(--care-space-s); cursor: pointer; overflow-wrap: anywhere; }
.address-search [role='option'][aria-selected='true'] { background: var(--sl-color-primary-50); box-shadow: inset 3px 0 0 var(--care-color-primary); }
.address-search [role='option']:hover { background: var(--care-color-hover); }
`;

export interface AddressSearchProps {
  /** Puts the chosen address into the form (usually `fillAddress`). */
  onChoose: (address: AddressSuggestion) => void;
  /** The search to run; the signed-in route unless given (the public CIT sheet passes its own). */
  search?: AddressSearchCall;
  label?: string;
  /** Told apart on a page with two (the CIT sheet's client and incident addresses). */
  name?: string;
  /** What it says, where a public form speaks another language (issue 39); the staff side's English otherwise. */
  texts?: AddressSearchTexts;
}

export interface AddressSearchTexts {
  hint: string;
  searching: string;
  minChars: string;
  noResults: string;
  completed: string;
  failed: string;
}

const ENGLISH: AddressSearchTexts = {
  hint: 'Type a street address or a zip code, then choose the address to fill in the fields below.',
  searching: 'Searching ...',
  minChars: `Type at least ${ADDRESS_SEARCH_MIN_CHARS} characters`,
  ...ADDRESS_SEARCH_TEXT,
};

/**
 * Spec 002 "Address autocomplete": a free-text address search (an ARIA
 * combobox). Typing asks the search the default debounce (750 ms) after the
 * last key, from three characters; the addresses found are listed, and one
 * chosen (click, or arrows and Enter) fills the form's fields and says
 * 'address completed'. None found says 'No Address Results Found'; a search
 * that fails toasts 'Unable to autocomplete address' and says it under the box.
 */
export function AddressSearch({ onChoose, search, label = 'Address Search', name = 'address-search', texts = ENGLISH }: AddressSearchProps) {
  const signedIn = useAddressAutocomplete();
  const run = search ?? signedIn;
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const [completed, setCompleted] = useState(false);
  const [found, setFound] = useState<Found | null>(null);
  const [loading, setLoading] = useState(false);

  const typed = text.trim();
  const settled = useDebounced(typed, DEFAULT_DEBOUNCE_MS);
  useEffect(() => {
    if (settled.length < ADDRESS_SEARCH_MIN_CHARS) {
      setFound(null);
      setLoading(false);
      return;
    }
    const abort = new AbortController();
    setLoading(true);
    run(settled, abort.signal).then(
      (data) => {
        if (abort.signal.aborted) return;
        setFound({ text: settled, data, failed: false });
        setActive(-1);
        setLoading(false);
      },
      () => {
        if (abort.signal.aborted) return;
        setFound({ text: settled, data: null, failed: true });
        setLoading(false);
        toast(texts.failed, 'danger');
      },
    );
    return () => abort.abort();
  }, [settled, run]);

  const searchable = typed.length >= ADDRESS_SEARCH_MIN_CHARS;
  const waiting = searchable && (typed !== settled || loading);
  const current = searchable && !waiting && found?.text === typed ? found : null;
  const results = current?.data ?? [];
  const open = expanded && results.length > 0;

  const choose = (address: AddressSuggestion) => {
    onChoose(address);
    setText('');
    setFound(null);
    setExpanded(false);
    setActive(-1);
    setCompleted(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && results.length > 0) {
      event.preventDefault();
      setExpanded(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a === -1 ? (step > 0 ? 0 : results.length - 1) : (a + step + results.length) % results.length));
    } else if (event.key === 'Enter' && open && active >= 0) {
      // Enter on a chosen option chooses it; it never submits the form around the box.
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setExpanded(false);
      setActive(-1);
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) {
      setExpanded(false);
      setActive(-1);
    }
  };

  const status = waiting
    ? texts.searching
    : current?.failed
      ? texts.failed
      : current && results.length === 0
        ? texts.noResults
        : completed && typed === ''
          ? texts.completed
          : searchable || typed === ''
            ? ''
            : texts.minChars;
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <div className="field address-search" data-search={name} ref={rootRef} onBlur={onBlur}>
      <style>{css}</style>
      <label htmlFor={`${id}-input`}>{label}</label>
      <span id={`${id}-hint`} className="field-hint">
        {texts.hint}
      </span>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        value={text}
        aria-describedby={`${id}-hint ${id}-status`}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-busy={waiting}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setExpanded(true);
          setCompleted(false);
        }}
        onFocus={() => setExpanded(true)}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-status`} className={`field-hint address-search-status${current?.failed ? ' failed' : ''}`} role="status" aria-live="polite">
        {status}
      </span>
      <ul id={listId} role="listbox" aria-label={label} hidden={!open}>
        {results.map((address, i) => (
          <li
            key={`${i}-${address.label}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keeps focus in the box, so the click is not a blur that closes the list first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(address)}
          >
            {address.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
