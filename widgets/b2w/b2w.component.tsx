import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { nowMs } from '../../shared/clock';
import {
  B2wAssessmentSchema,
  B2wCodeSchema,
  B2wRegistrationSchema,
  HIGH_TEMP_F,
  type B2wAssessmentValues,
  type B2wCodeValues,
  type B2wRegistrationValues,
  type B2wStoredRegistration,
} from '../../shared/schemas/b2w';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { PublicFormFrame, useLinkBrand } from '../kit/public-form-frame';
import { publicI18n, usePublicText } from '../kit/public-i18n';
import { useFieldWording } from '../kit/field-wording';
import { applyServerErrors, errorOf, Field, useCareForm } from '../kit/forms';
import { noAnswer, SavedOnDevice } from '../kit/offline-notices';
import { usePersistedDraft } from '../kit/persisted-draft';
import { useIdempotentSubmit } from '../kit/public-submit';
import { Toasts } from '../kit/toasts';
import { clearB2w, loadB2w, saveB2w, toFormErrors, useB2wCalls, type B2wStatusAnswer, type StoredResult } from './b2w.resource';
import { B2wStyles } from './b2w.styles';

/** The texts of the check-in (shared/i18n, `b2w.*`), with its labels by field. */
function useB2wText() {
  const { t } = usePublicText();
  const regLabels: Record<keyof B2wRegistrationValues, string> = {
    vendorCode: t('b2w.vendorCode'),
    telephoneNumber: t('b2w.telephoneNumber'),
    commMethod: t('b2w.commMethod'),
    employeeId: t('b2w.employeeId'),
    ssn: t('b2w.ssn'),
  };
  const assessmentLabels: Record<keyof B2wAssessmentValues, string> = {
    assessmentDate: t('b2w.assessmentDate'),
    highTemp: t('b2w.highTemp', { degrees: String(HIGH_TEMP_F) }),
    lowTempComplications: t('b2w.lowTempComplications'),
  };
  return { t, regLabels, assessmentLabels };
}

const reloadPage = () => window.location.reload();
const isoToday = () => dayjs(nowMs()).format('YYYY-MM-DD');

/** A labelled yes/no (or any two-choice) group whose value is what the schema checks. */
function Choice<T extends FieldValues>({ form, name, legend, options }: { form: UseFormReturn<T>; name: Path<T>; legend: string; options: { label: string; value: unknown }[] }) {
  const { field } = useController({ control: form.control, name });
  const message = errorOf(form as unknown as UseFormReturn<FieldValues>, name);
  const wording = useFieldWording();
  const errorId = `${name}-error`;
  return (
    <fieldset className="field" data-field={name} aria-invalid={Boolean(message)} aria-describedby={message ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="choice-group">
        {options.map((option, i) => (
          <label key={String(option.value)} className="choice">
            <input
              type="radio"
              name={name}
              ref={i === 0 ? field.ref : undefined}
              checked={field.value === option.value}
              onChange={() => field.onChange(option.value)}
              onBlur={field.onBlur}
            />
            {option.label}
          </label>
        ))}
      </div>
      {message && (
        <span id={errorId} className="field-error">
          {wording(legend, message)}
        </span>
      )}
    </fieldset>
  );
}

function StartOver({ reload }: { reload: () => void }) {
  const { t } = usePublicText();
  return (
    <button
      type="button"
      className="link-button start-over"
      onClick={() => {
        clearB2w();
        reload();
      }}
    >
      {t('b2w.startOver')}
    </button>
  );
}

/** Field errors on fields; a message without a field goes to the summary. */
function showFailure<T extends FieldValues>(form: UseFormReturn<T>, error: unknown) {
  if (!applyServerErrors(form, toFormErrors(error))) form.setError('root.server', { type: 'server', message: noAnswer(error) ? publicI18n.t('offline.needsConnection') : publicI18n.t('b2w.failed') });
}

function RegistrationForm({ vendorCode, reload }: { vendorCode: string; reload: () => void }) {
  const { t, regLabels } = useB2wText();
  const calls = useB2wCalls();
  const form = useCareForm(B2wRegistrationSchema, { defaultValues: { vendorCode, telephoneNumber: '', commMethod: 'sms', employeeId: '', ssn: '' } });
  const draft = usePersistedDraft('b2w-register', form, ['ssn', 'vendorCode']);
  const { submit, busy } = useIdempotentSubmit('b2w-register');
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await submit((key) => calls.init({ ...values, vendorCode }, key));
      if (!answer) return;
      const stored: B2wStoredRegistration = { registrationUid: answer.data.id, vendorCode, telephoneNumber: values.telephoneNumber, commMethod: values.commMethod as 'sms' | 'email' };
      saveB2w('registration', stored);
      draft.clear();
      reload();
    } catch (error) {
      showFailure(form, error);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      <ErrorSummary form={form} labels={regLabels} />
      <Field form={form} name="vendorCode" label={regLabels.vendorCode}>
        {(control) => <input {...control} readOnly value={vendorCode} className="b2w-vendor" />}
      </Field>
      <Field form={form} name="telephoneNumber" label={regLabels.telephoneNumber}>
        {(control) => <input {...control} type="tel" autoComplete="tel-national" inputMode="tel" {...form.register('telephoneNumber')} />}
      </Field>
      <Choice
        form={form}
        name="commMethod"
        legend={regLabels.commMethod}
        options={[
          { label: t('b2w.sms'), value: 'sms' },
          { label: t('b2w.email'), value: 'email' },
        ]}
      />
      <p className="b2w-or">{t('b2w.either')}</p>
      <Field form={form} name="employeeId" label={regLabels.employeeId}>
        {(control) => <input {...control} autoComplete="off" {...form.register('employeeId')} />}
      </Field>
      <Field form={form} name="ssn" label={regLabels.ssn}>
        {(control) => <input {...control} type="password" inputMode="numeric" autoComplete="off" maxLength={4} {...form.register('ssn')} />}
      </Field>
      <div className="form-buttons">
        <SlButton type="submit" variant="primary" disabled={busy}>
          {busy ? t('form.sending') : t('b2w.register')}
        </SlButton>
      </div>
    </form>
  );
}

function ConfirmForm({ registration, reload }: { registration: B2wStoredRegistration; reload: () => void }) {
  const { t } = usePublicText();
  const calls = useB2wCalls();
  const form = useCareForm(B2wCodeSchema, { defaultValues: { code: '' } });
  const { submit, busy } = useIdempotentSubmit('b2w-confirm');
  const onSubmit = form.handleSubmit(async (values: B2wCodeValues) => {
    const code = values.code.trim();
    try {
      const answer = await submit(() => calls.validate(registration, code));
      if (!answer) return;
      saveB2w('code', code);
      reload();
    } catch (error) {
      showFailure(form, error);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      <p>{registration.commMethod === 'email' ? t('b2w.codeSentEmail') : t('b2w.codeSent')}</p>
      <ErrorSummary form={form} labels={{ code: t('b2w.code') }} title={t('form.correct')} />
      <Field form={form} name="code" label={t('b2w.code')}>
        {(control) => <input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.register('code')} />}
      </Field>
      <div className="form-buttons">
        <StartOver reload={reload} />
        <SlButton type="submit" variant="primary" disabled={busy}>
          {busy ? t('b2w.checking') : t('b2w.confirm')}
        </SlButton>
      </div>
    </form>
  );
}

function Outcome({ outcome }: { outcome: StoredResult['outcome'] }) {
  const { t } = usePublicText();
  return (
    <SlAlert className="b2w-result" variant={outcome === 'report' ? 'success' : 'danger'} open>
      {outcome === 'report' ? t('b2w.report') : t('b2w.doNotReport')}
    </SlAlert>
  );
}

function AssessmentForm({ registration, code, result, reload }: { registration: B2wStoredRegistration; code: string; result: StoredResult | null; reload: () => void }) {
  const { t, assessmentLabels } = useB2wText();
  const yesNo = [
    { label: t('b2w.yes'), value: true },
    { label: t('b2w.no'), value: false },
  ];
  const emit = useEmit();
  const calls = useB2wCalls();
  const [done, setDone] = useState<StoredResult | null>(result);
  const form = useCareForm(B2wAssessmentSchema, { defaultValues: done?.values ?? { assessmentDate: isoToday(), highTemp: undefined as unknown as boolean, lowTempComplications: undefined } });
  const showOutcome = (answer: B2wStatusAnswer, sent: B2wAssessmentValues) => {
    const stored: StoredResult = { outcome: answer.data.attributes.outcome, values: sent };
    saveB2w('result', stored);
    setDone(stored);
    emit('care-saved', { type: 'b2w-assessment', id: answer.data.id, outcome: stored.outcome });
  };
  const { submit, busy, savedOnDevice } = useIdempotentSubmit<B2wStatusAnswer>('b2w-status', {
    onSavedOnDevice: () => undefined,
    onAnswer: (answer) => {
      const { assessmentDate, highTemp, lowTempComplications } = answer.data.attributes;
      showOutcome(answer, { assessmentDate, highTemp, lowTempComplications });
    },
    onRefused: (error, sent) => {
      form.reset((sent?.data as B2wAssessmentValues | undefined) ?? form.getValues());
      showFailure(form, error);
    },
  });
  const highTemp = form.watch('highTemp');
  // Dependent-field clearing: the complications answer belongs to a "No" only.
  useEffect(() => {
    if (highTemp !== false && form.getValues('lowTempComplications') !== undefined) form.setValue('lowTempComplications', undefined);
  }, [highTemp, form]);
  const onSubmit = form.handleSubmit(async (values) => {
    const sent: B2wAssessmentValues = { ...values, lowTempComplications: values.highTemp ? undefined : values.lowTempComplications };
    try {
      const answer = await submit((key) => calls.status(registration, code, sent, key));
      if (answer) showOutcome(answer, sent);
    } catch (error) {
      showFailure(form, error);
      emit('care-error', { message: error instanceof Error ? error.message : publicI18n.t('b2w.failed'), status: error instanceof ApiError ? error.status : undefined });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      {done && <Outcome outcome={done.outcome} />}
      <SavedOnDevice count={done ? 0 : savedOnDevice} />
      <ErrorSummary form={form} labels={assessmentLabels} />
      <fieldset disabled={Boolean(done) || savedOnDevice > 0} className="b2w-assessment">
        <Field form={form} name="assessmentDate" label={assessmentLabels.assessmentDate} type="date" />
        <Choice
          form={form}
          name="highTemp"
          legend={assessmentLabels.highTemp}
          options={yesNo}
        />
        {highTemp === false && <Choice form={form} name="lowTempComplications" legend={assessmentLabels.lowTempComplications} options={yesNo} />}
      </fieldset>
      <div className="form-buttons">
        <StartOver reload={reload} />
        {!done && !savedOnDevice && (
          <SlButton type="submit" variant="primary" disabled={busy}>
            {busy ? t('form.sending') : t('b2w.submit')}
          </SlButton>
        )}
      </div>
    </form>
  );
}

export interface BackToWorkProps {
  /** The employer's code, from the link (`/b2w?vendorCode=...`). */
  vendorCode?: string;
  /** How "the page reloads" (spec 002 "Back to Work flow"); tests replace it. */
  reload?: () => void;
}

/**
 * Spec 002 "Back to Work (/b2w)": no registration stored → registration form;
 * registration but no code → code confirmation; both → the daily assessment.
 * After a result the form is locked until Start over (which clears what is
 * stored) or the next day.
 */
export function BackToWork({ vendorCode, reload = reloadPage }: BackToWorkProps) {
  const { t } = usePublicText();
  const [stored] = useState(() => {
    const state = loadB2w();
    // A result locks the form for its own day only; tomorrow's check-in starts fresh.
    if (state.result && state.result.values?.assessmentDate !== isoToday()) return { ...state, result: null };
    return state;
  });
  const code = (vendorCode ?? '').trim();
  // The employer's name and logo: from the stored registration's code, else the link's.
  const brand = useLinkBrand(stored.registration?.vendorCode ?? code, useB2wCalls().vendorBrand);
  let body: ReactNode;
  if (stored.registration && stored.code) body = <AssessmentForm registration={stored.registration} code={stored.code} result={stored.result} reload={reload} />;
  else if (stored.registration) body = <ConfirmForm registration={stored.registration} reload={reload} />;
  else if (!code)
    body = (
      <SlAlert variant="danger" open>
        {t('b2w.missingVendor')}
      </SlAlert>
    );
  else body = <RegistrationForm vendorCode={code} reload={reload} />;
  return (
    <PublicFormFrame purpose={t('b2w.purpose')} brand={brand} languages>
      <section className="b2w" aria-labelledby="b2w-title">
        <B2wStyles />
        <Toasts />
        <h2 id="b2w-title">{t('b2w.title')}</h2>
        {body}
      </section>
    </PublicFormFrame>
  );
}
