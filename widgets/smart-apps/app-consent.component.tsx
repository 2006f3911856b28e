import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { useState } from 'react';
import { ApiError } from '../../shared/api/errors';
import { AppConsentFormSchema, AUTHORIZATION_ENDED, CHOOSE_A_PATIENT, type AppAuthorizationView, type AppDecisionInput } from '../../shared/schemas/smart-apps';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { PatientPicker } from '../kit/patient-picker';
import { decideApp, useAppAuthorization } from './smart-apps.resource';

const css = /* css */ `
.app-consent { max-width: 38rem; margin: var(--care-space-l) auto; padding: var(--care-space-l); background: var(--care-color-surface, #fff); border: 1px solid var(--care-color-border); border-radius: var(--care-radius-l, 8px); }
.app-consent h2 { margin: 0 0 var(--care-space-2xs); overflow-wrap: anywhere; }
.app-consent .consent-where { margin: 0 0 var(--care-space-m); color: var(--care-color-text-muted); }
.app-consent ul.consent-scopes { margin: 0 0 var(--care-space-m); padding-left: 1.25rem; }
.app-consent ul.consent-scopes li { margin: var(--care-space-3xs) 0; overflow-wrap: anywhere; }
.app-consent .consent-note { margin: 0 0 var(--care-space-m); color: var(--care-color-text-muted); overflow-wrap: anywhere; }
.app-consent .form-buttons { display: flex; flex-wrap: wrap; gap: var(--care-space-xs); margin-top: var(--care-space-m); }
@media (max-width: 575px) { .app-consent { margin: var(--care-space-s) 0; padding: var(--care-space-m); } .app-consent .form-buttons sl-button { flex: 1 1 100%; } }
`;

/** The answer goes back to the app through Careweave's authorization server: a whole-page navigation. */
const leaveFor = (url: string) => window.location.assign(url);

function Decision({ uid, request }: { uid: string; request: AppAuthorizationView }) {
  const api = useWidgetApi();
  const form = useCareForm(AppConsentFormSchema, { mode: 'onSubmit', defaultValues: { patientUid: '' } });
  const [busy, setBusy] = useState(false);
  const send = async (input: AppDecisionInput) => {
    setBusy(true);
    try {
      leaveFor(await decideApp(api, uid, input));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 404 && error.errors[0]?.message === AUTHORIZATION_ENDED) form.setError('root.server', { type: 'server', message: AUTHORIZATION_ENDED });
      else if (!applyServerErrors(form, error)) form.setError('root.server', { type: 'server', message: 'Oops, something went wrong!' });
    }
  };
  const allow = form.handleSubmit(async (values) => {
    if (request.needsPatient && !values.patientUid) return form.setError('patientUid', { type: 'required', message: CHOOSE_A_PATIENT });
    await send({ decision: 'allow', patientUid: values.patientUid });
  });
  return (
    <form noValidate onSubmit={(e) => void allow(e)} aria-label={`Allow ${request.appName}`}>
      <ErrorSummary form={form} labels={{ patientUid: 'Patient' }} />
      {request.needsPatient && (
        <Field form={form} name="patientUid" label="Patient" hint="The app reads this patient's record only, as you may see it.">
          {(control) => <PatientPicker form={form} name="patientUid" control={control} />}
        </Field>
      )}
      <div className="form-buttons">
        <SlButton type="submit" variant="primary" loading={busy}>
          Allow
        </SlButton>
        <SlButton disabled={busy} onClick={() => void send({ decision: 'deny' })}>
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
 * patient it may read; Allow or Don't Allow sends the browser back to the app.
 */
export function AppConsentPage({ uid }: { uid: string }) {
  const request = useAppAuthorization(uid);
  const ended = request.error instanceof ApiError && request.error.status === 404;
  const view = request.data;
  return (
    <div className="app-consent">
      <style>{css}</style>
      {ended && <h2>This Request Has Ended</h2>}
      <LoadState isLoading={request.isLoading} error={request.error} errorText={ended ? AUTHORIZATION_ENDED : undefined}>
        {view && (
          <>
            <h2>Allow {view.appName} to Use Careweave?</h2>
            <p className="consent-where">Signed in to {view.divisionName}. The app reads as you: only what you may see.</p>
            <p className="consent-note">It asks to:</p>
            <ul className="consent-scopes">
              {view.scopes.map((s) => (
                <li key={s.scope} title={s.scope}>
                  {s.text}
                </li>
              ))}
            </ul>
            {view.refused.length > 0 && <p className="consent-note">Not granted (beyond what the app is registered for): {view.refused.join(', ')}</p>}
            <Decision uid={uid} request={view} />
          </>
        )}
      </LoadState>
    </div>
  );
}
