import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useState } from 'react';
import { ApiError } from '../../shared/api/errors';
import { AppConsentFormSchema, AUTHORIZATION_ENDED, type AppAuthorizationView, type AppDecisionInput } from '../../shared/schemas/smart-apps';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { PatientPicker } from '../kit/patient-picker';
import { decideApp, useAppAuthorization } from './smart-apps.resource';

const css = /* css */ `
.app-consent { box-sizing: border-box; max-width: 38rem; margin: var(--care-space-l) auto; padding: var(--care-space-l); background: var(--care-color-surface); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l); }
.app-consent h1 { margin: 0 0 var(--care-space-xs); font-size: var(--care-font-size-xl); line-height: 1.3; overflow-wrap: break-word; }
.app-consent p { margin: 0 0 var(--care-space-m); overflow-wrap: break-word; }
.app-consent .consent-where, .app-consent .consent-note { color: var(--care-color-text-muted); }
.app-consent .consent-asks { margin-bottom: var(--care-space-2xs); }
.app-consent ul.consent-scopes { margin: 0 0 var(--care-space-m); padding-left: 1.25rem; }
.app-consent ul.consent-scopes li { margin: var(--care-space-3xs) 0; overflow-wrap: break-word; }
.app-consent sl-alert { display: block; margin-top: var(--care-space-s); }
.app-consent .form-buttons { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); margin-top: var(--care-space-m); }
@media (max-width: 575px) {
  .app-consent { margin: var(--care-space-s) 0; padding: var(--care-space-m); }
  .app-consent .form-buttons sl-button { flex: 1 1 100%; }
}
`;

/** The answer goes back to the app through Careweave's authorization server: a whole-page navigation. */
const leaveFor = (url: string) => window.location.assign(url);

const endedAnswer = (error: unknown) => error instanceof ApiError && error.status === 404 && error.errors.some((e) => e.message === AUTHORIZATION_ENDED);

function Decision({ uid, request, onEnded }: { uid: string; request: AppAuthorizationView; onEnded: () => void }) {
  const api = useWidgetApi();
  const form = useCareForm(AppConsentFormSchema, { mode: 'onSubmit', defaultValues: { patientUid: '' } });
  const [busy, setBusy] = useState<AppDecisionInput['decision'] | null>(null);

  // The server decides whether a patient is needed and whether it may be chosen: its 422 and 404 go next to the picker.
  const send = (decision: AppDecisionInput['decision']) =>
    form.handleSubmit(async (values) => {
      setBusy(decision);
      try {
        leaveFor(await decideApp(api, uid, { decision, patientUid: decision === 'allow' ? values.patientUid : undefined }));
      } catch (error) {
        setBusy(null);
        if (endedAnswer(error)) return onEnded();
        // A patient this user may not open (or no longer): the server's words, on the patient.
        if (error instanceof ApiError && error.status === 404 && request.needsPatient) return form.setError('patientUid', { type: 'server', message: error.errors[0]?.message ?? 'Not found' });
        if (!applyServerErrors(form, error)) form.setError('root.server', { type: 'server', message: 'Oops, something went wrong!' });
      }
    });

  return (
    <form noValidate onSubmit={(e) => void send('allow')(e)} aria-label={`Allow ${request.appName}`}>
      <ErrorSummary form={form} labels={{ patientUid: 'Patient' }} />
      {request.needsPatient && (
        <Field form={form} name="patientUid" label="Patient" hint="The app reads this patient's record only, and only what you may see of it.">
          {(control) => <PatientPicker form={form} name="patientUid" control={control} />}
        </Field>
      )}
      <div className="form-buttons">
        <SlButton type="submit" variant="primary" loading={busy === 'allow'} disabled={busy === 'deny'}>
          Allow
        </SlButton>
        <SlButton loading={busy === 'deny'} disabled={busy === 'allow'} onClick={() => void send('deny')()}>
          Don&apos;t Allow
        </SlButton>
      </div>
    </form>
  );
}

/**
 * Issue 35 section 2, `/authorize-app/{uid}`: a SMART app asks the
 * signed-in user for access (standalone launch). It lists what the app may
 * do, what it asked for and does not get, and, for patient scopes, the
 * patient it may read; Allow or Don't Allow sends the browser back to the
 * app. Shown for every authorization: consent is never remembered.
 */
export function AppConsentPage({ uid }: { uid: string }) {
  const request = useAppAuthorization(uid);
  const [endedHere, setEnded] = useState(false);
  const ended = endedHere || (request.error instanceof ApiError && request.error.status === 404);
  const view = request.data;
  return (
    <div className="app-consent">
      <style>{css}</style>
      {ended ? (
        <>
          <h1>Sign-In Request Not Available</h1>
          <SlAlert variant="warning" open>
            {AUTHORIZATION_ENDED}
          </SlAlert>
        </>
      ) : (
        <LoadState isLoading={request.isLoading} error={request.error} lines={5}>
          {view && (
            <>
              <h1>Allow {view.appName} to Use Careweave?</h1>
              <p className="consent-where">Signed in to {view.divisionName}. The app sees only what you may see.</p>
              <p className="consent-asks">It may:</p>
              <ul className="consent-scopes" aria-label="What the app may do">
                {view.scopes.map((s) => (
                  <li key={s.scope} title={s.scope}>
                    {s.text}
                  </li>
                ))}
              </ul>
              {view.refused.length > 0 && <p className="consent-note">Not granted: {view.refused.join(', ')}</p>}
              <Decision uid={uid} request={view} onEnded={() => setEnded(true)} />
            </>
          )}
        </LoadState>
      )}
    </div>
  );
}
