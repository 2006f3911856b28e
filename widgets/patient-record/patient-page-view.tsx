import { useCallback, useState, type ReactNode } from 'react';
import { takePageView } from '../../shared/api/page-view';
import type { ApiClient } from '../../shared/api/client';
import { ScopedClient } from '../../shared/widget/widget-context';

/**
 * One page view of a patient for everything inside: every call names it, so
 * the server writes "viewed patient" once per opening, not per call. Mount it
 * keyed by the patient so another patient is another view.
 */
export function PatientPageView({ patientId, children }: { patientId: string; children: ReactNode }) {
  const [pageViewId] = useState(() => takePageView(patientId));
  const withPageView = useCallback((client: ApiClient) => client.withPageView(pageViewId), [pageViewId]);
  return <ScopedClient map={withPageView}>{children}</ScopedClient>;
}
