import { useEffect, useRef, useState } from 'react';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { DEFAULT_DEBOUNCE_MS, SUCCESS_MESSAGE_DELAY_MS } from '../../shared/constants';
import { ageFrom, emptyHwcForm, HWC_FORM_SENT, HWC_INVALID_CODE, HwcFormSchema, hwcSubmitPayload, NEW_FACILITY, type HwcFormValues } from '../../shared/schemas/hwc';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { usePersistedDraft } from '../kit/persisted-draft';
import { PublicFormFrame, type PublicFormBrand } from '../kit/public-form-frame';
import { useIdempotentSubmit } from '../kit/public-submit';
import { toast, Toasts } from '../kit/toasts';
import { useDebounced } from '../kit/use-debounced';
import { HwcStyles } from './hwc.styles';
import { usePublicHwcApi, type Option } from './hwc.resource';

/** Spec 002 section 9: the default debounce. */
export const VERIFY_DEBOUNCE_MS = DEFAULT_DEBOUNCE_MS;
export const SEND_FAILED = 'The form could not be sent. Please try again.';

const LABELS: Record<keyof HwcFormValues, string> = {
  district: 'District Code',
  officerName: 'Officer Name',
  childFirstName: 'Child First Name',
  childLastName: 'Child Last Name',
  childGenderUid: 'Child Gender',
  childBirthDate: 'Child Birth Date',
  childAge: 'Child Age',
  facilityUid: 'School',
  facilityName: 'School Name',
};

/** What the server said about a district code (`code`: the code it is about). */
type Verification =
  | { state: 'idle' }
  | { state: 'checking'; code: string }
  | { state: 'valid'; code: string; agencyName: string; brand: PublicFormBrand; genders: Option[]; schools: Option[] }
  | { state: 'invalid' | 'error'; code: string; message: string };

/**
 * Spec 002 "Handle with Care form (/hwc)": the district code is verified by
 * the server first; only then do the child's fields appear and Save enable.
 * There is no field about the incident: the school learns only that the child
 * needs care.
 */
export const HWC_PURPOSE = "For officers: let a child's school know that the child may need extra care. The notice goes only to the school's Handle with Care contacts and the staff who run the program; it holds no details of the incident.";

export function HwcForm() {
  const api = usePublicHwcApi();
  const form = useCareForm(HwcFormSchema, { defaultValues: emptyHwcForm() });
  const draft = usePersistedDraft('hwc', form, ['district']);
  const { submit, busy } = useIdempotentSubmit('hwc');
  const [verification, setVerification] = useState<Verification>({ state: 'idle' });
  const [sent, setSent] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const district = form.watch('district');
  const code = useDebounced(district.trim(), VERIFY_DEBOUNCE_MS);
  const birthDate = form.watch('childBirthDate');
  const facilityUid = form.watch('facilityUid');

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  // The settled code is checked by the server.
  useEffect(() => {
    if (!code) return;
    let live = true;
    setVerification({ state: 'checking', code });
    api
      .verify(code)
      .then(async (context) => {
        const [genders, schools] = await Promise.all([api.genders(code), api.schools(code)]);
        if (live) setVerification({ state: 'valid', code, agencyName: context.agencyName, brand: context.brand, genders, schools });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 401) setVerification({ state: 'invalid', code, message: HWC_INVALID_CODE });
        else if (error instanceof ApiError && error.status === 429) setVerification({ state: 'invalid', code, message: error.errors[0]?.message ?? SEND_FAILED });
        else setVerification({ state: 'error', code, message: 'The district code could not be checked. Please try again.' });
      });
    return () => {
      live = false;
    };
  }, [api, code]);

  // childAge follows the birth date (whole years).
  useEffect(() => {
    const age = ageFrom(birthDate);
    form.setValue('childAge', (age ?? undefined) as number, { shouldValidate: form.formState.submitCount > 0 });
  }, [birthDate, form]);

  // What is known about the code in the field now. A changed code hides the fields and disables Save in the
  // same render (not one effect later), and a code changed back before the check settles is still verified.
  const current: Verification = verification.state !== 'idle' && verification.code === district.trim() ? verification : { state: 'idle' };
  const valid = current.state === 'valid' ? current : null;
  const schoolName = (id: string) => valid?.schools.find((s) => s.id === id)?.label;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!valid) return;
    try {
      const answer = await submit((key) => api.submit(values.district, hwcSubmitPayload(values, schoolName), key));
      if (answer === undefined) return;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setVerification({ state: 'invalid', code: values.district.trim(), message: HWC_INVALID_CODE });
      if (error instanceof ApiError && error.status === 429) {
        form.setError('root.server', { type: 'server', message: error.errors[0]?.message ?? SEND_FAILED });
        return;
      }
      if (!applyServerErrors(form, error)) toast(SEND_FAILED, 'danger');
      return;
    }
    draft.clear();
    setSent(true);
    resetTimer.current = setTimeout(() => {
      // The emptied code field is unverified again (`current` follows the field).
      form.reset(emptyHwcForm());
      setSent(false);
    }, SUCCESS_MESSAGE_DELAY_MS);
  });

  const status =
    current.state === 'checking'
      ? { className: '', text: 'Checking ...' }
      : current.state === 'valid'
        ? { className: 'valid', text: current.agencyName }
        : current.state === 'invalid' || current.state === 'error'
          ? { className: 'invalid', text: current.message }
          : null;

  return (
    // The receiving division shows once the district code is accepted.
    <PublicFormFrame purpose={HWC_PURPOSE} brand={valid?.brand}>
    <section className="hwc hwc-form">
      <HwcStyles />
      <h1>Handle with Care</h1>
      <p className="hwc-intro">Enter your district code to begin.</p>
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <ErrorSummary form={form} labels={LABELS} />
        <Field form={form} name="district" label={LABELS.district}>
          {(control) => (
            <>
              <input {...control} autoComplete="off" autoCapitalize="characters" spellCheck={false} disabled={sent} {...form.register('district')} />
              {status && (
                <span className={`hwc-status ${status.className}`} role="status" aria-live="polite" data-testid="district-status">
                  {status.text}
                </span>
              )}
            </>
          )}
        </Field>
        {valid && (
          <fieldset disabled={sent || busy}>
            <legend>Notice Details</legend>
            <div className="hwc-grid">
              <div className="wide">
                <Field form={form} name="officerName" label={LABELS.officerName} />
              </div>
              <Field form={form} name="childFirstName" label={LABELS.childFirstName} />
              <Field form={form} name="childLastName" label={LABELS.childLastName} />
              <Field form={form} name="childGenderUid" label={LABELS.childGenderUid}>
                {(control) => (
                  <select {...control} {...form.register('childGenderUid')}>
                    <option value="">Select ...</option>
                    {valid.genders.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field form={form} name="childBirthDate" label={LABELS.childBirthDate} type="date" />
              <Field form={form} name="childAge" label={LABELS.childAge} hint="From the birth date">
                {(control) => <input {...control} readOnly inputMode="numeric" value={Number.isInteger(form.watch('childAge')) ? String(form.watch('childAge')) : ''} />}
              </Field>
              <Field form={form} name="facilityUid" label={LABELS.facilityUid}>
                {(control) => (
                  <select
                    {...control}
                    {...form.register('facilityUid', {
                      onChange: (e: { target: { value: string } }) => {
                        if (e.target.value !== NEW_FACILITY) form.setValue('facilityName', '');
                      },
                    })}
                  >
                    <option value="">Select a school ...</option>
                    {valid.schools.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.label}
                      </option>
                    ))}
                    <option value={NEW_FACILITY}>My school is not listed</option>
                  </select>
                )}
              </Field>
              {facilityUid === NEW_FACILITY && (
                <div className="wide">
                  <Field form={form} name="facilityName" label={LABELS.facilityName} hint="Type the school's name" />
                </div>
              )}
            </div>
          </fieldset>
        )}
        {sent && (
          <SlAlert variant="success" open className="hwc-sent">
            {HWC_FORM_SENT}
          </SlAlert>
        )}
        <div className="hwc-buttons">
          <SlButton type="submit" variant="primary" size="large" disabled={!valid || busy || sent} data-testid="hwc-save">
            {busy ? 'Sending ...' : 'Save'}
          </SlButton>
        </div>
      </form>
      <Toasts />
    </section>
    </PublicFormFrame>
  );
}
