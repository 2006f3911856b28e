import type { Document, Resource } from '../../shared/api/client';
import { formatDate } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import { RECENT_PATIENTS } from '../../shared/schemas/identity-search';
import type { PatientSummary } from '../../shared/schemas/patient-search';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';
import { LoadState } from './load-state';
import { useLoaded, type Loaded } from './use-loaded';

const css = /* css */ `
.recent-patients ul { list-style: none; margin: 0; padding: 0; }
.recent-patients li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: var(--care-space-xs); padding: var(--care-space-xs) 0; border-bottom: 1px solid var(--care-color-hover); }
.recent-meta { color: var(--care-color-text-subtle); font-size: var(--care-font-size-s); }
`;

/**
 * The caller's 4 most recent patients, newest first (spec 001 section 7: the
 * call names the user; a widget given only a token reads who that is from
 * `session/current`).
 */
function useRecentPatients(): Loaded<PatientSummary[]> {
  const client = useWidgetApi();
  const session = useWidgetSession();
  const known = session?.userUid;
  return useLoaded(async () => {
    const userUid = known ?? (await client.get<Document<Resource<{ userUid: string }>>>('session/current')).data.attributes.userUid;
    const doc = await client.get<Document<Resource<PatientSummary>[]>>('data/public/list_view_cs_recent_patients', { userUid, page: 1, pageSize: RECENT_PATIENTS, sort: '-updated-date' });
    return doc.data.map((r) => r.attributes);
  }, [client, known, session?.currentDivisionUid]);
}

/** The 4 most recent patients of the identity and CIT left panels; each opens the preview modal, not a link (spec 001 section 6). */
export function RecentPatients({ onOpen }: { onOpen: (patient: PatientSummary) => void }) {
  const recent = useRecentPatients();
  const tr = useTranslate();
  return (
    <section className="recent-patients" aria-labelledby="recent-patients-title">
      <style>{css}</style>
      <h2 id="recent-patients-title">{tr('Recent Patients')}</h2>
      <LoadState isLoading={recent.isLoading} error={recent.error} isEmpty={!recent.data?.length} emptyText={tr('No recent patients')} lines={4}>
        <ul>
          {recent.data?.map((p) => (
            <li key={p.patientUid}>
              <button type="button" className="link-button" onClick={() => onOpen(p)}>
                {p.lastName}, {p.firstName}
              </button>
              <span className="recent-meta">{formatDate(p.birthDate)}</span>
            </li>
          ))}
        </ul>
      </LoadState>
    </section>
  );
}
