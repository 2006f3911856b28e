import { useEffect, useRef, useState } from 'react';
import SlAlert from '@shoelace-style/shoelace/dist/react/alert/index.js';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { DEFAULT_DEBOUNCE_MS, SUCCESS_MESSAGE_DELAY_MS } from '../../shared/constants';
import { ageFrom, emptyHwcForm, HWC_INVALID_CODE, HwcFormSchema, hwcSubmitPayload, NEW_FACILITY, type HwcFormValues } from '../../shared/schemas/hwc';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { DeviceNote, SavedOnDevice } from '../kit/offline-notices';
import { usePersistedDraft } from '../kit/persisted-draft';
import { PublicFormFrame, type PublicFormBrand } from '../kit/public-form-frame';
import { sayMessage, usePublicText } from '../kit/public-i18n';
import { useIdempotentSubmit } from '../kit/public-submit';
import { toast, Toasts } from '../kit/toasts';
import { useDebounced } from '../kit/use-debounced';
import { HwcStyles } from './hwc.styles';
import { usePublicHwcApi, type Option } from './hwc.resource';

/** Spec 002 section 9: the default debounce. */
export const VERIFY_DEBOUNCE_MS = DEFAULT_DEBOUNCE_MS;

/** The fields, each labelled by its key in the catalogue (`hwc.<field>`, shared/i18n). */
const FIELDS: (keyof HwcFormValues)[] = ['district', 'officerName', 'childFirstName', 'childLastName', 'childGenderUid', 'childBirthDate', 'childAge', 'facilityUid', 'facilityName'];

/** What the server said about a district code (`code`: the code it is about). */
type Verification =
  | { state: 'idle' }
  | { state: 'checking'; code: string }
  | { state: 'valid'; code: string; agencyName: string; brand: PublicFormBrand; genders: Option[]; schools: Option[] }
  /** No connection: the lists this device loaded last, the code checked when the notice is sent (issue 39). */
  | { state: 'offline'; code: string; genders: Option[]; schools: Option[] }
  | { state: 'invalid' | 'error'; code: string; message: string };

/**
 * Spec 002 "Handle with Care form (/hwc)": the district code is verified by
 * the server first; only then do the child's fields appear and Save enable.
 * There is no field about the incident: the school learns only that the child
 * needs care. In English and Spanish (issue 39).
 */
export function HwcForm() {
  const { t } = usePublicText();
  const labels = Object.fromEntries(FIELDS.map((field) => [field, t(`hwc.${field}`)])) as Record<keyof HwcFormValues, string>;
  const api = usePublicHwcApi();
  const form = useCareForm(HwcFormSchema, { defaultValues: emptyHwcForm() });
  const draft = usePersistedDraft('hwc', form, ['district']);
  const afterSend = () => {
    draft.clear();
    setSent(true);
    resetTimer.current = setTimeout(() => {
      // The emptied code field is unverified again (`current` follows the field).
      form.reset(emptyHwcForm());
      setSent(false);
    }, SUCCESS_MESSAGE_DELAY_MS);
  };
  const { submit, busy, savedOnDevice } = useIdempotentSubmit('hwc', {
    onSavedOnDevice: () => {
      draft.clear();
      form.reset(emptyHwcForm());
    },
    onAnswer: afterSend,
    onRefused: (error, sent) => {
      form.reset({ ...emptyHwcForm(), ...(sent as Partial<HwcFormValues>), district: form.getValues('district') });
      form.setError('root.server', { type: 'server', message: `${t('hwc.refusedLater')} ${error.errors.map((e) => sayMessage(e.message)).join(' ')}` });
    },
  });
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
      .catch(async (error: unknown) => {
        if (!live) return;
        // No answer at all: the lists this device loaded last, if the service worker kept them.
        if (error instanceof ApiError && error.status === 0) {
          const lists = await Promise.all([api.genders(code), api.schools(code)]).catch(() => null);
          if (live) setVerification(lists ? { state: 'offline', code, genders: lists[0], schools: lists[1] } : { state: 'error', code, message: t('hwc.needsConnection') });
          return;
        }
        if (error instanceof ApiError && error.status === 401) setVerification({ state: 'invalid', code, message: sayMessage(HWC_INVALID_CODE) });
        else if (error instanceof ApiError && error.status === 429) setVerification({ state: 'invalid', code, message: error.errors[0] ? sayMessage(error.errors[0].message) : t('hwc.sendFailed') });
        else setVerification({ state: 'error', code, message: t('hwc.checkFailed') });
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
  const lists = current.state === 'valid' || current.state === 'offline' ? current : null;
  const schoolName = (id: string) => lists?.schools.find((s) => s.id === id)?.label;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!lists) return;
    try {
      const answer = await submit((key) => api.submit(values.district, hwcSubmitPayload(values, schoolName), key));
      if (answer === undefined) return;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setVerification({ state: 'invalid', code: values.district.trim(), message: sayMessage(HWC_INVALID_CODE) });
      if (error instanceof ApiError && error.status === 429) {
        form.setError('root.server', { type: 'server', message: error.errors[0] ? sayMessage(error.errors[0].message) : t('hwc.sendFailed') });
        return;
      }
      if (!applyServerErrors(form, error)) toast(t('hwc.sendFailed'), 'danger');
      return;
    }
    afterSend();
  });

  const status =
    current.state === 'checking'
      ? { className: '', text: t('form.checking') }
      : current.state === 'valid'
        ? { className: 'valid', text: current.agencyName }
        : current.state === 'offline'
          ? { className: 'offline', text: t('hwc.offlineCode') }
          : current.state === 'invalid' || current.state === 'error'
            ? { className: 'invalid', text: current.message }
            : null;

  return (
    // The receiving division shows once the district code is accepted.
    <PublicFormFrame purpose={t('hwc.purpose')} brand={valid?.brand} languages>
    <section className="hwc hwc-form">
      <HwcStyles />
      <h1>{t('hwc.title')}</h1>
      <p className="hwc-intro">{t('hwc.intro')}</p>
      <SavedOnDevice count={savedOnDevice} />
      <form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <ErrorSummary form={form} labels={labels} title={t('form.correct')} />
        <Field form={form} name="district" label={labels.district}>
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
        {lists && (
          <fieldset disabled={sent || busy}>
            <legend>{t('hwc.details')}</legend>
            <div className="hwc-grid">
              <div className="wide">
                <Field form={form} name="officerName" label={labels.officerName} autoComplete="off" />
              </div>
              <Field form={form} name="childFirstName" label={labels.childFirstName} autoComplete="off" />
              <Field form={form} name="childLastName" label={labels.childLastName} autoComplete="off" />
              <Field form={form} name="childGenderUid" label={labels.childGenderUid}>
                {(control) => (
                  <select {...control} {...form.register('childGenderUid')}>
                    <option value="">{t('form.select')}</option>
                    {lists.genders.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field form={form} name="childBirthDate" label={labels.childBirthDate} type="date" />
              <Field form={form} name="childAge" label={labels.childAge} hint={t('hwc.childAgeHint')}>
                {(control) => <input {...control} readOnly inputMode="numeric" value={Number.isInteger(form.watch('childAge')) ? String(form.watch('childAge')) : ''} />}
              </Field>
              <Field form={form} name="facilityUid" label={labels.facilityUid}>
                {(control) => (
                  <select
                    {...control}
                    {...form.register('facilityUid', {
                      onChange: (e: { target: { value: string } }) => {
                        if (e.target.value !== NEW_FACILITY) form.setValue('facilityName', '');
                      },
                    })}
                  >
                    <option value="">{t('hwc.selectSchool')}</option>
                    {lists.schools.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.label}
                      </option>
                    ))}
                    <option value={NEW_FACILITY}>{t('hwc.schoolNotListed')}</option>
                  </select>
                )}
              </Field>
              {facilityUid === NEW_FACILITY && (
                <div className="wide">
                  <Field form={form} name="facilityName" label={labels.facilityName} hint={t('hwc.facilityNameHint')} />
                </div>
              )}
            </div>
          </fieldset>
        )}
        {sent && (
          <SlAlert variant="success" open className="hwc-sent">
            {t('hwc.sent')}
          </SlAlert>
        )}
        <div className="hwc-buttons">
          <SlButton type="submit" variant="primary" size="large" disabled={!lists || busy || sent} data-testid="hwc-save">
            {busy ? t('form.sending') : t('form.save')}
          </SlButton>
        </div>
      </form>
      <DeviceNote
        onClear={() => {
          draft.clear();
          form.reset(emptyHwcForm());
        }}
      />
      <Toasts />
    </section>
    </PublicFormFrame>
  );
}
