import { Redirect } from 'wouter';
import { homeMode } from '../shared/modes';
import type { Session } from '../shared/session-store';
import { PatientRecord } from './lazy-routes';
import { WidgetPage } from './widget-page';
import { shellText as t } from './shell-text';

/**
 * Where a bare /patients/{id} opens (spec 001 section 2): Primary Contacts
 * for identity users, the face sheet for everyone else; a `?type=X` goes on
 * as /X (spec 002 section 2).
 */
export function patientRedirect(patientId: string, session: Session, search: URLSearchParams): string {
  const type = search.get('type');
  const home = homeMode(session.flags) === 'identity' ? 'primary-contacts' : 'face-sheet';
  return `/patients/${encodeURIComponent(patientId)}/${type ? encodeURIComponent(type) : home}`;
}

/** /patients/{id}/{page...}: the record, its page from the rest of the path. */
export function PatientRecordRoute({ patientId, page, search }: { patientId: string; page: string; search: URLSearchParams }) {
  const type = search.get('type');
  if (type) {
    const rest = new URLSearchParams(search);
    rest.delete('type');
    const query = rest.toString();
    return <Redirect to={`/patients/${encodeURIComponent(patientId)}/${page.replace(/\/+$/, '')}/${encodeURIComponent(type)}${query ? `?${query}` : ''}`} replace />;
  }
  return (
    <WidgetPage title={t('pages.patient')}>
      <PatientRecord patientId={patientId} page={page} />
    </WidgetPage>
  );
}
