import { useEffect, useId, useState } from 'react';
import { CIT_FACILITY_SEARCH_DEBOUNCE_MS, CIT_FACILITY_SEARCH_MIN } from '../../shared/cit-options';
import { CIT_FACILITY_SEARCH_MAX } from '../../shared/schemas/cit';
import { LoadState } from '../kit/load-state';
import { useFormText } from '../kit/public-i18n';
import type { TreatmentFacility } from './cit.resource';


type Search = (text: string, signal: AbortSignal) => Promise<TreatmentFacility[]>;

/**
 * Spec 002 "Public CIT form": a local treatment facility search, shown when
 * the agency's division has a local treatment setting. It asks the server
 * (`GET /cit/{state}/treatment-facilities`) once a few characters are typed;
 * choosing a result fills the sheet's Facility.
 */
export function TreatmentFacilitySearch({ search, onChoose }: { search: Search; onChoose: (facility: TreatmentFacility) => void }) {
  const { t } = useFormText();
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ status: 'idle' | 'loading' | 'error' | 'done'; rows: TreatmentFacility[] }>({ status: 'idle', rows: [] });
  const [chosen, setChosen] = useState('');
  const term = text.trim();

  useEffect(() => {
    if (term.length < CIT_FACILITY_SEARCH_MIN) {
      setFound({ status: 'idle', rows: [] });
      return;
    }
    const controller = new AbortController();
    setFound((f) => ({ status: 'loading', rows: f.rows }));
    const timer = setTimeout(() => {
      search(term, controller.signal).then(
        (rows) => setFound({ status: 'done', rows }),
        (err: unknown) => (err as Error).name !== 'AbortError' && setFound({ status: 'error', rows: [] }),
      );
    }, CIT_FACILITY_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term, search]);

  const choose = (facility: TreatmentFacility) => {
    onChoose(facility);
    setChosen(t('cit.treatment.chosen', { name: facility.facilityName }));
    setText('');
  };

  return (
    <div className="wide cit-lookup" data-testid="treatment-search">
      <div className="field">
        <label htmlFor={id}>{t('cit.treatment.label')}</label>
        <span id={`${id}-hint`} className="field-hint">{t('cit.treatment.hint', { min: CIT_FACILITY_SEARCH_MIN })}</span>
        <input
          id={id}
          type="search"
          autoComplete="off"
          value={text}
          maxLength={CIT_FACILITY_SEARCH_MAX}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            setChosen('');
          }}
        />
      </div>
      {found.status !== 'idle' && (
        <LoadState
          isLoading={found.status === 'loading'}
          lines={2}
          error={found.status === 'error' ? new Error('search') : null}
          errorText={t('cit.treatment.error')}
          isEmpty={found.status === 'done' && found.rows.length === 0}
          emptyText={t('cit.treatment.empty')}
        >
          <ul className="cit-lookup-results" aria-label={t('cit.treatment.results')}>
            {found.rows.map((f) => (
              <li key={f.facilityUid}>
                <button type="button" onClick={() => choose(f)}>
                  <span>{f.facilityName}</span>
                  {f.city && <span className="cit-lookup-detail">{f.city}</span>}
                </button>
              </li>
            ))}
          </ul>
        </LoadState>
      )}
      <p className="cit-status ok" role="status" aria-live="polite" data-testid="treatment-chosen">{chosen}</p>
    </div>
  );
}
