import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { nowMs } from '../../shared/clock';
import {
  B2W_CODE_SENT,
  B2W_DO_NOT_REPORT,
  B2W_MISSING_VENDOR,
  B2W_REPORT,
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
import { applyServerErrors, errorOf, Field, fieldText, useCareForm } from '../kit/forms';
import { needsConnection, noAnswer, SavedOnDevice } from '../kit/offline-notices';
import { usePersistedDraft } from '../kit/persisted-draft';
import { useIdempotentSubmit } from '../kit/public-submit';
import { Toasts } from '../kit/toasts';
import { clearB2w, loadB2w, saveB2w, toFormErrors, useB2wCalls, type B2wStatusAnswer, type StoredResult } from './b2w.resource';
import { B2wStyles } from './b2w.styles';

const REG_LABELS: Record<keyof B2wRegistrationValues, string> = {
  vendorCode: 'Vendor Code',
  telephoneNumber: 'Telephone Number',
  commMethod: 'Send my code by',
  employeeId: 'Employee ID',
  ssn: 'Last 4 digits of SSN',
};
const ASSESSMENT_LABELS: Record<keyof B2wAssessmentValues, string> = {
  assessmentDate: 'Assessment Date',
  highTemp: `Is your temperature ${HIGH_TEMP_F} °F or higher?`,
  lowTempComplications: 'Do you have any other symptoms, such as a cough, shortness of breath, sore throat, or loss of taste or smell?',
};
export const B2W_CODE_SENT_EMAIL = 'You should have received an email with a code. Enter it below.';
export const B2W_FAILED = 'Your answer could not be sent. Please try again.';

const reloadPage = () => window.location.reload();
const isoToday = () => dayjs(nowMs()).format('YYYY-MM-DD');

/** A labelled yes/no (or any two-choice) group whose value is what the schema checks. */
function Choice<T extends FieldValues>({ form, name, legend, options }: { form: UseFormReturn<T>; name: Path<T>; legend: string; options: { label: string; value: unknown }[] }) {
  const { field } = useController({ control: form.control, name });
  const message = errorOf(form as unknown as UseFormReturn<FieldValues>, name);
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
          {fieldText(legend, message)}
        </span>
      )}
    </fieldset>
  );
}

const YES_NO = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];

function StartOver({ reload }: { reload: () => void }) {
  return (
    <button
      type="button"
      className="link-button start-over"
      onClick={() => {
        clearB2w();
        reload();
      }}
    >
      Start over
    </button>
  );
}

/** Field errors on fields; a message without a field goes to the summary. */
function showFailure<T extends FieldValues>(form: UseFormReturn<T>, error: unknown) {
  if (!applyServerErrors(form, toFormErrors(error))) form.setError('root.server', { type: 'server', message: noAnswer(error) ? needsConnection() : B2W_FAILED });
}

function RegistrationForm({ vendorCode, reload }: { vendorCode: string; reload: () => void }) {
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
      <ErrorSummary form={form} labels={REG_LABELS} />
      <Field form={form} name="vendorCode" label={REG_LABELS.vendorCode}>
        {(control) => <input {...control} readOnly value={vendorCode} className="b2w-vendor" />}
      </Field>
      <Field form={form} name="telephoneNumber" label={REG_LABELS.telephoneNumber}>
        {(control) => <input {...control} type="tel" autoComplete="tel-national" inputMode="tel" {...form.register('telephoneNumber')} />}
      </Field>
      <Choice
        form={form}
        name="commMethod"
        legend={REG_LABELS.commMethod}
        options={[
          { label: 'Text message', value: 'sms' },
          { label: 'Email', value: 'email' },
        ]}
      />
      <p className="b2w-or">Enter your Employee ID or the last 4 digits of your SSN (one of them is enough).</p>
      <Field form={form} name="employeeId" label={REG_LABELS.employeeId}>
        {(control) => <input {...control} autoComplete="off" {...form.register('employeeId')} />}
      </Field>
      <Field form={form} name="ssn" label={REG_LABELS.ssn}>
        {(control) => <input {...control} type="password" inputMode="numeric" autoComplete="off" maxLength={4} {...form.register('ssn')} />}
      </Field>
      <div className="form-buttons">
        <SlButton type="submit" variant="primary" disabled={busy}>
          {busy ? 'Sending ...' : 'Register'}
        </SlButton>
      </div>
    </form>
  );
}

function ConfirmForm({ registration, reload }: { registration: B2wStoredRegistration; reload: () => void }) {
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
      <p>{registration.commMethod === 'email' ? B2W_CODE_SENT_EMAIL : B2W_CODE_SENT}</p>
      <ErrorSummary form={form} labels={{ code: 'Code' }} />
      <Field form={form} name="code" label="Code">
        {(control) => <input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.register('code')} />}
      </Field>
      <div className="form-buttons">
        <StartOver reload={reload} />
        <SlButton type="submit" variant="primary" disabled={busy}>
          {busy ? 'Checking ...' : 'Confirm'}
        </SlButton>
      </div>
    </form>
  );
}

function Outcome({ outcome }: { outcome: StoredResult['outcome'] }) {
  return (
    <SlAlert className="b2w-result" variant={outcome === 'report' ? 'success' : 'danger'} open>
      {outcome === 'report' ? B2W_REPORT : B2W_DO_NOT_REPORT}
    </SlAlert>
  );
}

function AssessmentForm({ registration, code, result, reload }: { registration: B2wStoredRegistration; code: string; result: StoredResult | null; reload: () => void }) {
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
      emit('care-error', { message: error instanceof Error ? error.message : B2W_FAILED, status: error instanceof ApiError ? error.status : undefined });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={busy}>
      {done && <Outcome outcome={done.outcome} />}
      <SavedOnDevice count={done ? 0 : savedOnDevice} />
      <ErrorSummary form={form} labels={ASSESSMENT_LABELS} />
      <fieldset disabled={Boolean(done) || savedOnDevice > 0} className="b2w-assessment">
        <Field form={form} name="assessmentDate" label={ASSESSMENT_LABELS.assessmentDate} type="date" />
        <Choice
          form={form}
          name="highTemp"
          legend={ASSESSMENT_LABELS.highTemp}
          options={YES_NO}
        />
        {highTemp === false && <Choice form={form} name="lowTempComplications" legend={ASSESSMENT_LABELS.lowTempComplications} options={YES_NO} />}
      </fieldset>
      <div className="form-buttons">
        <StartOver reload={reload} />
        {!done && !savedOnDevice && (
          <SlButton type="submit" variant="primary" disabled={busy}>
            {busy ? 'Sending ...' : 'Submit'}
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
export const B2W_PURPOSE = "For employees: your daily health check-in before work. Your answers go only to your employer's Back to Work program staff.";

export function BackToWork({ vendorCode, reload = reloadPage }: BackToWorkProps) {
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
        {B2W_MISSING_VENDOR}
      </SlAlert>
    );
  else body = <RegistrationForm vendorCode={code} reload={reload} />;
  return (
    <PublicFormFrame purpose={B2W_PURPOSE} brand={brand}>
      <section className="b2w" aria-labelledby="b2w-title">
        <B2wStyles />
        <Toasts />
        <h2 id="b2w-title">Back to Work</h2>
        {body}
      </section>
    </PublicFormFrame>
  );
}
