import { useEffect, useId, useState } from 'react';
import { formatDate } from '../../shared/format';
import { LoadState } from '../kit/load-state';
import { useFormText } from '../kit/public-i18n';
import type { PersonIncident } from './cit.resource';


type Load = (signal: AbortSignal) => Promise<{ rows: PersonIncident[]; total: number }>;

/**
 * The matched person's previous CIT incidents (spec 002 "CIT" calls:
 * `GET person/{id}/incidents`), shown to the officer after a person match:
 * the day, the crisis events, the disposition and the agency, nothing more.
 */
export function PreviousIncidents({ load }: { load: Load }) {
  const { t } = useFormText();
  const id = useId();
  const [result, setResult] = useState<{ status: 'loading' | 'error' | 'done'; rows: PersonIncident[]; total: number }>({ status: 'loading', rows: [], total: 0 });

  useEffect(() => {
    const controller = new AbortController();
    setResult({ status: 'loading', rows: [], total: 0 });
    load(controller.signal).then(
      ({ rows, total }) => setResult({ status: 'done', rows, total }),
      (err: unknown) => (err as Error).name !== 'AbortError' && setResult({ status: 'error', rows: [], total: 0 }),
    );
    return () => controller.abort();
  }, [load]);

  return (
    <section className="wide cit-incidents" aria-labelledby={`${id}-title`} data-testid="previous-incidents">
      <h3 id={`${id}-title`}>{t('cit.incidents.title')}</h3>
      <LoadState
        isLoading={result.status === 'loading'}
        lines={2}
        error={result.status === 'error' ? new Error('incidents') : null}
        errorText={t('cit.incidents.error')}
        isEmpty={result.status === 'done' && result.rows.length === 0}
        emptyText={t('cit.incidents.empty')}
      >
        <ul>
          {result.rows.map((r, i) => (
            <li key={i}>
              <span className="cit-incident-date">{formatDate(r.incidentDate)}</span>
              <span>{r.crisis.join(', ') || '—'}</span>
              <span>{r.disposition ?? '—'}</span>
              <span className="cit-lookup-detail">{r.agencyName ?? '—'}</span>
            </li>
          ))}
        </ul>
        {result.total > result.rows.length && <p className="field-hint">{t('cit.incidents.more', { shown: result.rows.length, total: result.total })}</p>}
      </LoadState>
    </section>
  );
}
