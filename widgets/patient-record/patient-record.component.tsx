import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../shared/api/errors';
import { useTranslate } from '../../shared/i18n';
import { homeMode } from '../../shared/modes';
import { useFlags } from '../kit/use-flags';
import { LoadState } from '../kit/load-state';
import { Toasts } from '../kit/toasts';
import { LeftMenu, MenuToggle, useMenuHidden } from './left-menu.component';
import { PatientHeader } from './patient-header.component';
import { BreakGlassBanner } from '../break-glass/break-glass-banner';
import { PatientPageView } from './patient-page-view';
import { usePatient } from './patient-record.resource';
import { PatientRecordStyles } from './patient-record.styles';
import { matchRecordPage } from './record-pages';

export interface PatientRecordProps {
  patientId: string;
  /** The page under /patients/{id}/ (`face-sheet`, `demographics`, `appointments/{id}/details`, ...). */
  page?: string;
}

/** The record's pages open on the face sheet; `details` is its other name (spec 002 section 2). */
const DEFAULT_PAGE = 'face-sheet';

/** Identity users' parts of the frame (issue 11 section 4): their own chunk, loaded only for them. */
const identityFrame = () => import('../identity-record/identity-frame');
const DisputeMenuItem = lazy(() => identityFrame().then((m) => ({ default: m.DisputeMenuItem })));
const ServiceReferralEmailMenuItem = lazy(() => identityFrame().then((m) => ({ default: m.ServiceReferralEmailMenuItem })));
const PrintableMenuItems = lazy(() => identityFrame().then((m) => ({ default: m.PrintableMenuItems })));
const PendingMatches = lazy(() => identityFrame().then((m) => ({ default: m.PendingMatches })));
const canonical = (page: string | undefined) => (!page || page === 'details' ? DEFAULT_PAGE : page.replace(/^\/+|\/+$/g, ''));

function RecordFrame({ patientId, page }: { patientId: string; page: string }) {
  const patient = usePatient(patientId);
  const menuHidden = useMenuHidden();
  const flags = useFlags();
  const tr = useTranslate();
  const identity = !!flags && homeMode(flags) === 'identity';
  // A decision on a match or a dispute changes what the pages show: they are mounted anew.
  const [round, setRound] = useState(0);
  const changed = () => {
    setRound((r) => r + 1);
    patient.reload();
  };
  const match = matchRecordPage(page);
  const missing = patient.error instanceof ApiError && patient.error.status === 404;
  return (
    <LoadState isLoading={patient.isLoading} error={patient.error && !missing ? patient.error : null} lines={6}>
      {missing || !patient.data ? (
        <div className="load-state load-state-empty" role="alert">
          <h2>{tr('Patient not found')}</h2>
          <p>{tr('This patient does not exist, or your current division may not see the record.')}</p>
        </div>
      ) : (
        <div className="record">
          {flags?.breakGlass && <BreakGlassBanner patientId={patientId} />}
          <PatientHeader patient={patient.data} onChanged={patient.reload} />
          <div>
            <MenuToggle />
            <div className={`record-body${menuHidden ? ' menu-hidden' : ''}`}>
              {!menuHidden && (
                <LeftMenu
                  patientId={patientId}
                  current={match?.page.menu ?? page}
                  extras={
                    identity && (
                      <Suspense fallback={null}>
                        <ServiceReferralEmailMenuItem patientId={patientId} />
                        <PrintableMenuItems patient={patient.data} />
                        <DisputeMenuItem patientId={patientId} onDisputed={changed} />
                      </Suspense>
                    )
                  }
                />
              )}
              <section className="record-page" aria-live="polite">
                {identity && (
                  <Suspense fallback={null}>
                    <PendingMatches patientId={patientId} onDecided={changed} />
                  </Suspense>
                )}
                {match ? (
                  <Suspense fallback={<LoadState isLoading lines={4} />}>
                    <match.page.component key={round} patientId={patientId} params={match.params} patient={patient.data} reloadPatient={patient.reload} />
                  </Suspense>
                ) : (
                  <p className="load-state load-state-empty">Page not found</p>
                )}
              </section>
            </div>
          </div>
        </div>
      )}
    </LoadState>
  );
}

/**
 * The patient record (spec 001 section 2): header, left menu and the page,
 * one page view per patient opened. Every call the record makes names that
 * page view, so the server writes "viewed patient" once per opening, not per
 * call or per page. Never routes: menu items and pages emit `care-navigate`.
 */
export function PatientRecord({ patientId, page }: PatientRecordProps) {
  // A host may place the element before a patient is chosen (the demo portal's chart viewer): nothing to ask for yet.
  if (!patientId) return null;
  return <OpenedRecord key={patientId} patientId={patientId} page={canonical(page)} />;
}

/** Mounted once per patient opened: its page view lives as long as it does. */
function OpenedRecord({ patientId, page }: { patientId: string; page: string }) {
  return (
    <PatientPageView patientId={patientId}>
      <PatientRecordStyles />
      <Toasts />
      <RecordFrame patientId={patientId} page={page} />
    </PatientPageView>
  );
}
