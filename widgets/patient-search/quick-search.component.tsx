import { lazy, Suspense, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import { QUICK_SEARCH_MIN_CHARS, SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { formatDate } from '../../shared/format';
import { $translations, searchPatientsLabel } from '../../shared/i18n';
import { MIN_CHARS_MESSAGE, NO_RESULTS_MESSAGE } from '../../shared/patient-search-texts';
import type { PatientSummary } from '../../shared/schemas/patient-search';
import { useDebounced } from '../kit/use-debounced';
import { displayName, patientAlerts } from './patient-alerts';
import { useQuickSearch } from './patient-search.resource';
import css from './quick-search.css?inline';

// The preview (a dialog) loads right after the first paint; the advanced search's form code when it is first opened (issue 15).
const PatientPreview = lazy(() => import('./patient-preview.component').then((m) => ({ default: m.PatientPreview })));
const AdvancedSearch = lazy(() => import('./advanced-search.component').then((m) => ({ default: m.AdvancedSearch })));

type Choice = { kind: 'patient'; patient: PatientSummary } | { kind: 'advanced' };

/**
 * The top bar's quick patient search (spec 000 "Quick search"): an ARIA
 * combobox whose listbox holds the results and an "Advanced search" entry.
 * Typing is debounced 900 ms and nothing is asked below two characters.
 * A result opens the preview; the advanced entry opens its own modal.
 */
export function QuickSearch() {
  useStore($translations);
  const label = searchPatientsLabel();
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const [preview, setPreview] = useState<PatientSummary | null>(null);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // Once opened it stays mounted, so its criteria and results are there when it is opened again.
  const [advancedUsed, setAdvancedUsed] = useState(false);

  const term = useDebounced(text, SEARCH_DEBOUNCE_MS);
  const results = useQuickSearch(term);
  const typed = text.trim();
  const tooShort = typed.length > 0 && typed.length < QUICK_SEARCH_MIN_CHARS;
  const waiting = !tooShort && typed.length > 0 && (typed !== term.trim() || results.isLoading);
  const patients = !waiting && typed.length > 0 && !tooShort ? (results.data?.patients ?? []) : [];
  const choices: Choice[] = [...patients.map((patient): Choice => ({ kind: 'patient', patient })), { kind: 'advanced' }];

  // New results start with no active option. Reset while rendering them, not in an effect: the
  // effect ran after the results showed and could undo an arrow key pressed in between.
  const [activeIn, setActiveIn] = useState(results.data);
  if (activeIn !== results.data) {
    setActiveIn(results.data);
    setActive(-1);
  }

  const collapse = () => {
    setExpanded(false);
    setActive(-1);
  };

  const choose = (choice: Choice) => {
    collapse();
    if (choice.kind === 'advanced') {
      setAdvancedUsed(true);
      setAdvancedOpen(true);
    }
    else setPreview(choice.patient);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setExpanded(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + choices.length + (a === -1 && step < 0 ? 1 : 0)) % choices.length);
    } else if (event.key === 'Enter' && expanded && active >= 0 && choices[active]) {
      event.preventDefault();
      choose(choices[active]);
    } else if (event.key === 'Escape' && expanded) {
      // Only closes the panel; the browser's own Escape (clearing a search box) is for a second press.
      event.preventDefault();
      collapse();
    }
  };

  // The panel closes when focus leaves the widget (the preview and modal take focus themselves).
  const onBlur = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) collapse();
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const message = tooShort
    ? MIN_CHARS_MESSAGE
    : waiting
      ? 'Searching ...'
      : results.error && typed
        ? 'Oops, something went wrong!'
        : typed && results.data && patients.length === 0
          ? NO_RESULTS_MESSAGE
          : '';

  return (
    <div className="quick-search" ref={rootRef} onBlur={onBlur}>
      <style>{css}</style>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {label}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder={label}
        value={text}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setExpanded(true);
        }}
        onFocus={() => setExpanded(true)}
        onKeyDown={onKeyDown}
      />
      <div className="quick-search-panel" hidden={!expanded}>
        <p className="quick-search-message" role={results.error && typed && !waiting && !tooShort ? 'alert' : 'status'}>
          {waiting && <SlSpinner aria-hidden="true" />}
          {message}
        </p>
        <ul id={listId} role="listbox" aria-label={label}>
          {choices.map((choice, i) => (
            <li
              key={choice.kind === 'patient' ? choice.patient.patientUid : 'advanced'}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={choice.kind === 'advanced' ? 'option-advanced' : undefined}
              // Keeps focus in the input, so the click is not a blur that closes the panel first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(choice)}
            >
              {choice.kind === 'advanced' ? 'Advanced search' : <PatientOption patient={choice.patient} />}
            </li>
          ))}
        </ul>
      </div>
      <Suspense fallback={null}>
        <PatientPreview patient={preview} onClose={() => setPreview(null)} />
      </Suspense>
      {advancedUsed && (
        <Suspense fallback={null}>
          <AdvancedSearch open={advancedOpen} onClose={() => setAdvancedOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function PatientOption({ patient }: { patient: PatientSummary }) {
  const alerts = patientAlerts(patient);
  return (
    <>
      <span className="result-name">{displayName(patient)}</span>
      <span className="result-meta">
        {formatDate(patient.birthDate)}
        {patient.access === 'full' && patient.sacwisPersonId ? ` · ${patient.sacwisPersonId}` : ''}
        {alerts.length > 0 && <span className="result-tag"> {alerts.map((a) => a.title).join(', ')}</span>}
      </span>
    </>
  );
}
