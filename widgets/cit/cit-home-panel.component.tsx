import { useState } from 'react';
import { useTranslate } from '../../shared/i18n';
import type { PatientSummary } from '../../shared/schemas/patient-search';
import { NavLink } from '../kit/nav-link';
import { RecentPatients } from '../kit/recent-patients';
import { PatientPreview } from '../patient-search/patient-preview.component';

const css = /* css */ `
.cit-home-panel { display: flex; flex-direction: column; gap: var(--care-space-s); }
.cit-home-panel h2 { margin: 0; font-size: var(--care-font-size-l, 1.125rem); }
`;

/**
 * Spec 001 section 1: "Identity and CIT users also get a left panel". The
 * spec names no contents for the CIT one; it holds what an officer's
 * supervisor comes back to: the people they opened last (each through the
 * preview and its access alerts) and the way to the whole patient list.
 */
export function CitHomePanel() {
  const tr = useTranslate();
  const [preview, setPreview] = useState<PatientSummary | null>(null);
  return (
    <aside className="cit-home-panel card" aria-label={tr('Recent Patients')}>
      <style>{css}</style>
      <RecentPatients onOpen={setPreview} />
      <NavLink path="/patients">{tr('All Patients')}</NavLink>
      <PatientPreview patient={preview} onClose={() => setPreview(null)} />
    </aside>
  );
}
