import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useController, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../shared/api/errors';
import { now } from '../../shared/clock';
import { DEFAULT_ADDRESS_TYPE, DEFAULT_REFERRAL_METHOD, REGISTRATION_REDIRECT_MS } from '../../shared/constants';
import { patientLabel } from '../../shared/i18n';
import {
  digitsOf,
  dropEmpty,
  EXT_REGISTER,
  EXT_REGISTER_CONFIRM,
  EXT_STEPS,
  NEW_PROVIDER,
  POLICY_HOLDERS,
  PREFERRED_PHONES,
  REFERRAL_LABELS,
  referralSchema,
  RegisterConfirmSchema,
  RegisterSchema,
  REQUESTERS,
  requiredReferralFields,
  type ReferralValues,
  type RegisterConfirmValues,
  type RegisterValues,
} from '../../shared/schemas/ext-referral';
import { firstScreen } from '../../shared/first-screen';
import { useEmit } from '../../shared/widget/emit';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import type { TFunction } from 'i18next';
import { publicI18n, sayMessage, usePublicText } from '../kit/public-i18n';
import { DeviceNote, noAnswer, SavedOnDevice } from '../kit/offline-notices';
import { usePersistedDraft } from '../kit/persisted-draft';
import { useIdempotentSubmit } from '../kit/public-submit';
import { toast, Toasts } from '../kit/toasts';
import type { ExtIndex } from './ext-index';
import { ConfirmForm, ReferralFrame, ReferralIntro, RegisterForm } from './referral-frame';
import { pendingPhone, registrationToken, useExtActions, useExtIndex, useLinkState, useReferralOptions, type Option } from './referral-form.resource';
import { settledStep } from './referral-steps';

export interface ReferralFormWidgetProps {
  /** The external action instance (the link's id). */
  instance?: string;
  /** register, register-confirm or the action's form (e.g. referral-form); empty: decided by the registration. */
  type?: string;
}

const todayIso = () => {
  const d = now();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The referral's fields, by their English labels' keys (shared/schemas/ext-referral.ts). */
const FIELD_NAMES = Object.keys(REFERRAL_LABELS) as (keyof ReferralValues)[];

/** Each field's label in the visitor's language (`ext.fields.*`). */
function useReferralLabels(): Record<keyof ReferralValues, string> {
  const { t } = usePublicText();
  return Object.fromEntries(FIELD_NAMES.map((name) => [name, t(`ext.fields.${name}`)])) as Record<keyof ReferralValues, string>;
}

/**
 * What the browser may fill in (issue 39): the visitor's own details only. A patient referring
 * themself gets their name, phone and address offered; a provider gets their own, never on the
 * patient's fields (their autofill holds the provider, not the patient).
 */
const OWN_DETAILS: Record<string, Partial<Record<keyof ReferralValues, string>>> = {
  Patient: {
    firstName: 'given-name', lastName: 'family-name', birthDate: 'bday', mobileNumber: 'tel', homeNumber: 'tel', workNumber: 'tel', emailAddress: 'email',
    addr1: 'address-line1', addr2: 'address-line2', city: 'address-level2', postCode: 'postal-code',
  },
  Provider: { fromProviderFirstName: 'given-name', fromProviderLastName: 'family-name', fromProviderPhone: 'tel', fromProviderEmail: 'email' },
};
const autofillOf = (requester: string, name: keyof ReferralValues) => OWN_DETAILS[requester]?.[name] ?? 'off';

/** Server errors on registration or referral: a toast and a form error (spec 000 section 8). */
function reportServerError(form: UseFormReturn<any>, error: unknown) {
  const placed = applyServerErrors(form, error);
  const message = noAnswer(error) ? publicI18n.t('offline.needsConnection') : error instanceof ApiError ? error.errors.map((e) => sayMessage(e.message)).join(' ') : publicI18n.t('ext.failed');
  if (!placed) form.setError('root.server', { type: 'server', message });
  toast(message, 'danger');
}

/**
 * The external action pages (spec 000 "External referral pages", section 4
 * "External action link"): the link's state decides between register,
 * register-confirm and the action's form; each step moves on after 1.5 s.
 */
export function ReferralFormWidget({ instance = '', type = '' }: ReferralFormWidgetProps) {
  const { t } = usePublicText();
  const [step, setStep] = useState(type);
  const emit = useEmit();
  const index = useExtIndex(instance);
  const link = useLinkState(instance);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => setStep(type), [type]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (next: string) => {
    setStep(next);
    emit('care-navigate', { path: `/ext/${instance}/${next}` });
  };
  const goLater = (next: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(next), REGISTRATION_REDIRECT_MS);
  };

  const actionType = index.data?.actionType;
  const known = step === '' || EXT_STEPS.includes(step);

  // Spec 000 section 4: invalid → register with a toast; valid on a register page or with no type → the action form.
  useEffect(() => {
    if (!known || !actionType || (link.state !== 'valid' && link.state !== 'invalid')) return;
    const registered = link.state === 'valid';
    const next = settledStep(step, registered, actionType);
    if (!next || next === step) return;
    toast(registered ? t('ext.registrationFound') : t('ext.noRegistration'), registered ? 'success' : 'warning');
    go(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link.state, actionType, known]);

  // While the form waits: for the index, the link's state, or its move to the step they settle on.
  const waiting = <LoadState isLoading lines={4} />;
  let body: ReactNode;
  if (!known || (actionType && EXT_STEPS.includes(step) && step !== EXT_REGISTER && step !== EXT_REGISTER_CONFIRM && step !== actionType)) {
    body = (
      <div className="ext-not-found" role="alert">
        <h1>{t('ext.notFound', { type: step })}</h1>
      </div>
    );
  } else if (index.isLoading || link.state === 'loading') {
    body = waiting;
  } else if (index.error || link.state === 'error') {
    const status = index.error instanceof ApiError ? index.error.status : link.status;
    body = <LoadState error errorText={status === 404 ? t('ext.linkInvalid') : t('ext.failed')} />;
  } else if (step === EXT_REGISTER) {
    body = <RegisterStep instance={instance} index={index.data!} onDone={() => goLater(EXT_REGISTER_CONFIRM)} />;
  } else if (step === EXT_REGISTER_CONFIRM) {
    body = (
      <ConfirmStep
        instance={instance}
        index={index.data!}
        onDone={() => {
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            link.setState('valid');
            go(actionType!);
          }, REGISTRATION_REDIRECT_MS);
        }}
        onRestart={() => go(EXT_REGISTER)}
      />
    );
  } else if (step === actionType && link.state === 'valid') {
    body = (
      <ReferralStep
        instance={instance}
        index={index.data!}
        onUnregistered={() => {
          registrationToken.clear(instance);
          link.setState('invalid');
        }}
      />
    );
  } else {
    body = waiting;
  }
  // A page that came with the link's first screen (its division and this step, drawn by the server; issue 39
  // section 4) keeps showing it while the form waits: no loading state between the two, and nothing drawn twice.
  if (body === waiting && firstScreen()) return null;

  return (
    <ReferralFrame index={index.data}>
      <Toasts />
      {body}
    </ReferralFrame>
  );
}

function RegisterStep({ instance, index, onDone }: { instance: string; index: ExtIndex; onDone: () => void }) {
  const { t } = usePublicText();
  const form = useCareForm<RegisterValues>(RegisterSchema, { mode: 'all', defaultValues: { name: '', identifier: pendingPhone.get(instance), identifierType: 'Phone' } });
  const { submit, busy } = useIdempotentSubmit(`ext-register-${instance}`);
  const actions = useExtActions(instance);
  const [sent, setSent] = useState(false);
  const onValid = async (values: RegisterValues) => {
    try {
      await submit((key) => actions.register(values, key));
      pendingPhone.set(instance, values.identifier);
      setSent(true);
      toast(t('ext.codeSent'), 'success');
      onDone();
    } catch (error) {
      reportServerError(form, error);
    }
  };
  return (
    <RegisterForm index={index} onSubmit={form.handleSubmit(onValid, () => toast(t('ext.invalidForm'), 'danger'))}>
      <ErrorSummary form={form} labels={{ name: t('ext.register.name'), identifier: t('ext.register.phone') }} title={t('form.correct')} />
      <Field form={form} name="name" label={t('ext.register.name')}>
        {(control) => <input {...control} autoComplete="name" {...form.register('name')} />}
      </Field>
      <Field form={form} name="identifier" label={t('ext.register.phone')} type="tel" hint={t('ext.register.phoneHint')}>
        {(control) => <input {...control} type="tel" inputMode="tel" autoComplete="tel" {...form.register('identifier')} />}
      </Field>
      <div className="ext-buttons">
        <button type="submit" className="care-button primary" disabled={busy || sent}>
          {busy ? t('ext.sending') : t('ext.register.submit')}
        </button>
      </div>
    </RegisterForm>
  );
}

function ConfirmStep({ instance, index, onDone, onRestart }: { instance: string; index: ExtIndex; onDone: () => void; onRestart: () => void }) {
  const { t } = usePublicText();
  const form = useCareForm<RegisterConfirmValues>(RegisterConfirmSchema, { mode: 'all', defaultValues: { challenge: '', identifier: pendingPhone.get(instance) } });
  const { submit, busy } = useIdempotentSubmit(`ext-confirm-${instance}`);
  const actions = useExtActions(instance);
  const [done, setDone] = useState(false);
  const onValid = async (values: RegisterConfirmValues) => {
    try {
      await submit((key) => actions.confirm(values, key));
      setDone(true);
      toast(t('ext.registered'), 'success');
      onDone();
    } catch (error) {
      reportServerError(form, error);
    }
  };
  return (
    <ConfirmForm index={index} onSubmit={form.handleSubmit(onValid, () => toast(t('ext.invalidForm'), 'danger'))}>
      <ErrorSummary form={form} labels={{ challenge: t('ext.confirm.code'), identifier: t('ext.register.phone') }} title={t('form.correct')} />
      <Field form={form} name="identifier" label={t('ext.register.phone')}>
        {(control) => <input {...control} type="tel" inputMode="tel" autoComplete="tel" {...form.register('identifier')} />}
      </Field>
      <Field form={form} name="challenge" label={t('ext.confirm.code')}>
        {(control) => <input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.register('challenge')} />}
      </Field>
      <div className="ext-buttons">
        <button type="button" className="care-button" onClick={onRestart}>
          {t('ext.confirm.newCode')}
        </button>
        <button type="submit" className="care-button primary" disabled={busy || done}>
          {busy ? t('ext.confirm.checking') : t('ext.confirm.submit')}
        </button>
      </div>
    </ConfirmForm>
  );
}

function emptyReferral(addressTypeUid = ''): ReferralValues {
  const values = Object.fromEntries(FIELD_NAMES.map((k) => [k, ''])) as unknown as ReferralValues;
  return {
    ...values,
    fromProviderPCP: false,
    isPrimary: true,
    preferredPhoneNumber: 'mobileNumber',
    addressTypeUid,
    referralDate: todayIso(),
    referralMethod: DEFAULT_REFERRAL_METHOD,
    policyType: 'Primary',
  };
}

function ReferralStep({ instance, index, onUnregistered }: { instance: string; index: ExtIndex; onUnregistered: () => void }) {
  const { t } = usePublicText();
  const labels = useReferralLabels();
  // The patient word as the link's division translates it (its index's translations); the value sent stays 'Patient'.
  const tr = (label: string) => patientLabel(label, index.translations);
  const options = useReferralOptions(instance);
  const schema = useMemo(() => referralSchema(index.requiredFields), [index.requiredFields]);
  const addressType = options.lists['reference-address-type']?.find((o) => o.label === DEFAULT_ADDRESS_TYPE)?.uid ?? '';
  const form = useCareForm<ReferralValues>(schema, { mode: 'all', defaultValues: emptyReferral() });
  // The fields listed are left out of the tab's draft: the fixed values (set again on each load) and the SSN, which is never stored (the kit's NEVER_KEPT too).
  const draft = usePersistedDraft(`ext-referral-${instance}`, form, ['referralDate', 'referralMethod', 'addressTypeUid', 'ssn']);
  const [thanks, setThanks] = useState(false);
  const startOver = () => {
    draft.clear();
    form.reset(emptyReferral(addressType));
  };
  const { submit, busy, savedOnDevice } = useIdempotentSubmit(`ext-referral-${instance}`, {
    onSavedOnDevice: startOver,
    onAnswer: () => setThanks(true),
    onRefused: (error, sent) => {
      // The one key the spec spells otherwise (useExtActions.submitReferral).
      const { fromProviderPcp, ...fields } = sent ?? {};
      form.reset({ ...emptyReferral(addressType), ...fields, fromProviderPCP: fromProviderPcp === true } as ReferralValues);
      reportServerError(form, error);
    },
  });
  const actions = useExtActions(instance);

  // Fixed values (spec 000 sections 2 and 9): today, 'Online', 'Primary residence'.
  useEffect(() => {
    form.setValue('referralDate', todayIso());
    form.setValue('referralMethod', DEFAULT_REFERRAL_METHOD);
    if (addressType) form.setValue('addressTypeUid', addressType);
  }, [addressType, form]);

  const values = form.watch();
  const required = requiredReferralFields(values, index.requiredFields);
  const requester = values.requestedBy;
  const isProvider = requester === 'Provider';
  const isNewProvider = isProvider && values.fromProviderUid === NEW_PROVIDER;

  // Dependent fields are cleared when what they depend on changes.
  const clear = (names: (keyof ReferralValues)[]) => names.forEach((n) => form.setValue(n, '' as never, { shouldValidate: false }));
  const onRequesterChange = (next: string) => {
    if (next !== 'Provider') clear(['fromProviderUid', 'fromProviderFirstName', 'fromProviderLastName', 'fromProviderRoleUid', 'fromProviderPhone', 'fromProviderEmail']);
    if (next !== 'Provider') form.setValue('fromProviderPCP', false);
    form.clearErrors();
  };
  const onProviderChange = (next: string) => {
    if (next !== NEW_PROVIDER) {
      clear(['fromProviderFirstName', 'fromProviderLastName', 'fromProviderRoleUid', 'fromProviderPhone', 'fromProviderEmail']);
      form.clearErrors(['fromProviderFirstName', 'fromProviderLastName', 'fromProviderRoleUid', 'fromProviderPhone', 'fromProviderEmail']);
    }
  };

  const onValid = async (v: ReferralValues) => {
    try {
      // The SSN goes as its digits, whatever punctuation was typed (and never as the mask shown).
      const payload = dropEmpty({ ...v, ssn: digitsOf(v.ssn ?? ''), referralDate: todayIso(), referralMethod: DEFAULT_REFERRAL_METHOD, fromProviderPCP: v.fromProviderPCP || '' });
      if (!(await submit((key) => actions.submitReferral(payload, key)))) return;
      startOver();
      setThanks(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        toast(t('ext.noRegistration'), 'warning');
        onUnregistered();
        return;
      }
      reportServerError(form, error);
    }
  };

  const props = { form, required };
  const text = (name: keyof ReferralValues, type = 'text', extra: Record<string, unknown> = {}) => <TextField {...props} name={name} type={type} extra={{ autoComplete: autofillOf(requester, name), ...extra }} />;
  const select = (name: keyof ReferralValues, list: Option[], onPick?: (v: string) => void, extraOptions: ReactNode = null) => (
    <SelectField {...props} name={name} options={list} onPick={onPick} extraOptions={extraOptions} />
  );
  const list = (model: string) => options.lists[model] ?? [];

  return (
    <ReferralIntro index={index}>
      <SavedOnDevice count={savedOnDevice} />
      <LoadState isLoading={options.isLoading} error={options.error} lines={6}>
        <form className="ext-form" noValidate onSubmit={form.handleSubmit(onValid, () => toast(t('ext.invalidForm'), 'danger'))}>
          <ErrorSummary form={form} labels={labels} title={t('form.correct')} />
          <fieldset className="ext-section">
            <legend>{t('ext.referral.who')}</legend>
            <div className="ext-choice" role="radiogroup" aria-label={labels.requestedBy}>
              {REQUESTERS.map((r) => (
                <label key={r} className="ext-radio">
                  <input type="radio" value={r} {...form.register('requestedBy', { onChange: (e) => onRequesterChange(e.target.value) })} />
                  {tr(t(`ext.requesters.${r}`))}
                </label>
              ))}
            </div>
            {form.formState.errors.requestedBy && <span className="field-error">{t('ext.referral.requesterRequired', { label: labels.requestedBy })}</span>}
          </fieldset>

          <fieldset className="ext-sections" disabled={!requester}>
            {!requester && <p className="field-hint ext-choose-first">{tr(t('ext.referral.chooseFirst'))}</p>}
            <fieldset className="ext-section">
              <legend>{t('ext.referral.contact')}</legend>
              {isProvider ? (
                <div className="ext-grid">
                  {select('fromProviderUid', options.providers, onProviderChange, <option value={NEW_PROVIDER}>{t('ext.referral.newProvider')}</option>)}
                  {isNewProvider && (
                    <>
                      {text('fromProviderFirstName')}
                      {text('fromProviderLastName')}
                      {select('fromProviderRoleUid', list('reference-provider-role'))}
                      {text('fromProviderPhone', 'tel')}
                      {text('fromProviderEmail', 'email')}
                    </>
                  )}
                  <label className="ext-check">
                    <input type="checkbox" {...form.register('fromProviderPCP')} />
                    {labels.fromProviderPCP}
                  </label>
                </div>
              ) : (
                <p className="field-hint">{requester === 'Patient' ? t('ext.referral.self') : t('ext.referral.chooseWho')}</p>
              )}
            </fieldset>

            <fieldset className="ext-section">
              <legend>{tr(t('ext.referral.patient'))}</legend>
              <div className="ext-grid">
                {text('firstName')}
                {text('lastName')}
                {text('displayName')}
                {text('birthDate', 'date', { max: todayIso() })}
                {select('genderUid', list('reference-gender'))}
                {select('genderIdentityUid', list('reference-gender-identity'))}
                {select('raceUid', list('reference-race'))}
                {select('ethnicityUid', list('reference-ethnicity'))}
              </div>
            </fieldset>

            <fieldset className="ext-section">
              <legend>{tr(t('ext.referral.patientContact'))}</legend>
              <div className="ext-grid">
                {select(
                  'preferredPhoneNumber',
                  PREFERRED_PHONES.map((p) => ({ uid: p.value, label: t(`ext.phones.${p.value}`) })),
                )}
                {text('mobileNumber', 'tel')}
                {text('homeNumber', 'tel')}
                {text('workNumber', 'tel')}
                {text('emailAddress', 'email')}
              </div>
            </fieldset>

            <fieldset className="ext-section">
              <legend>{t('ext.referral.address')}</legend>
              <div className="ext-grid">
                {text('addr1')}
                {text('addr2')}
                {text('city')}
                {select('countryDivisionUid', list('reference-country-division'))}
                {text('postCode', 'text', { inputMode: 'numeric' })}
                {text('county')}
              </div>
            </fieldset>

            <fieldset className="ext-section">
              <legend>{t('ext.referral.insurance')}</legend>
              <div className="ext-grid">
                {select('carrierUid', list('reference-carrier'))}
                {text('policyNumber')}
                {text('groupNumber')}
                {text('effectiveDate', 'date')}
                {text('policyHolderName')}
                {select(
                  'policyHolder',
                  POLICY_HOLDERS.map((p) => ({ uid: p, label: t(`ext.policyHolders.${p}`) })),
                )}
                {text('policyHolderBirthDate', 'date')}
                <SsnField form={form} required={required} />
                {text('insuranceCompanyPhone', 'tel')}
              </div>
            </fieldset>

            <fieldset className="ext-section">
              <legend>{t('ext.referral.details')}</legend>
              <div className="ext-grid">
                {select('reasonUid', list('reference-reason'))}
                {select('diagnosisUid', list('reference-diagnosis'))}
                {select('advertisementUid', list('reference-referral-source'))}
                {select('toProviderUid', options.providers)}
                <TextField {...props} name="referralDate" type="date" extra={{ readOnly: true, 'aria-readonly': true }} />
                <div className="field">
                  <span className="ext-static-label">{labels.referralMethod}</span>
                  <span>{t(`ext.methods.${DEFAULT_REFERRAL_METHOD}`)}</span>
                </div>
              </div>
              <Field form={form} name="note" label={labels.note}>
                {(control) => <textarea {...control} rows={4} {...form.register('note')} />}
              </Field>
            </fieldset>

          </fieldset>
          <SubmitFooter missing={missingFields(values, required, labels)} requesterChosen={Boolean(requester)} busy={busy} />
        </form>
      </LoadState>
      <DeviceNote onClear={startOver} />
      {thanks && (
        <div className="ext-modal-backdrop">
          <div className="ext-modal" role="dialog" aria-modal="true" aria-labelledby="ext-thanks">
            <p id="ext-thanks">{t('ext.thanks')}</p>
            <button type="button" className="care-button primary" autoFocus onClick={() => setThanks(false)}>
              {t('ext.referral.another')}
            </button>
          </div>
        </div>
      )}
    </ReferralIntro>
  );
}

/** The fields in the order the form shows them, so the hint names what is missing top to bottom. */
const FORM_ORDER: (keyof ReferralValues)[] = [
  'requestedBy', 'fromProviderUid', 'fromProviderFirstName', 'fromProviderLastName', 'fromProviderRoleUid', 'fromProviderPhone', 'fromProviderEmail',
  'firstName', 'lastName', 'displayName', 'birthDate', 'genderUid', 'genderIdentityUid', 'raceUid', 'ethnicityUid',
  'preferredPhoneNumber', 'mobileNumber', 'homeNumber', 'workNumber', 'emailAddress',
  'addr1', 'addr2', 'city', 'countryDivisionUid', 'postCode', 'county',
  'carrierUid', 'policyNumber', 'groupNumber', 'effectiveDate', 'policyHolderName', 'policyHolder', 'policyHolderBirthDate', 'ssn', 'insuranceCompanyPhone',
  'reasonUid', 'diagnosisUid', 'advertisementUid', 'toProviderUid', 'note',
];

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The required fields still empty, by their labels, in the form's order (a link's extra required fields too). */
export function missingFields(values: ReferralValues, required: Set<string>, labels: Record<keyof ReferralValues, string>): string[] {
  const order = [...FORM_ORDER, ...[...required].filter((f) => !FORM_ORDER.includes(f as keyof ReferralValues))] as (keyof ReferralValues)[];
  return order.filter((name) => required.has(name) && isBlank(values[name])).map((name) => labels[name] ?? name);
}

/** Issue 32 §4: what is missing, said next to the button and as its description, as the fields are filled. */
export function missingText(missing: string[], requesterChosen: boolean, t: TFunction, requesterLabel: string): string {
  if (!requesterChosen) {
    const rest = missing.filter((m) => m !== requesterLabel);
    return rest.length ? t('ext.referral.missingChooseThen', { fields: rest.join(', ') }) : t('ext.referral.missingChoose');
  }
  return missing.length ? t('ext.referral.missingFill', { fields: missing.join(', ') }) : '';
}

/**
 * The submit button with what is still missing beside it (its accessible
 * description). The button stays on: pressing it with something missing
 * shows the field errors and the summary (spec 002 section 8), which a
 * disabled button could not do, nor be reached by keyboard to be described.
 */
function SubmitFooter({ missing, requesterChosen, busy }: { missing: string[]; requesterChosen: boolean; busy: boolean }) {
  const id = useId();
  const { t } = usePublicText();
  const text = missingText(missing, requesterChosen, t, t('ext.fields.requestedBy'));
  return (
    <div className="ext-buttons">
      {text && (
        <p id={`${id}-missing`} className="field-hint ext-missing">
          {text}
        </p>
      )}
      <button type="submit" className="care-button primary" disabled={busy} aria-describedby={text ? `${id}-missing` : undefined}>
        {busy ? t('ext.sending') : t('ext.referral.submit')}
      </button>
    </div>
  );
}

/** •••-••-1234: the last four digits of a whole SSN. */
export const maskSsn = (digits: string) => `•••-••-${digits.slice(-4)}`;

/**
 * The policy holder's SSN (issue 32 §4): a number pad, no autofill, and once
 * left holding 9 digits it shows as •••-••-1234; focusing it shows the digits
 * again to edit. The form's value (and what is sent) stays the digits; a value
 * that is not 9 digits stays visible beside its error.
 */
function SsnField({ form, required }: { form: UseFormReturn<ReferralValues>; required: Set<string> }) {
  const { t } = usePublicText();
  const [editing, setEditing] = useState(false);
  const { field } = useController({ control: form.control, name: 'ssn' });
  const value = String(field.value ?? '');
  const digits = digitsOf(value);
  const masked = !editing && digits.length === 9;
  const f = form as unknown as UseFormReturn<FieldValues>;
  return (
    <Field form={f} name="ssn" label={t('ext.fields.ssn')} hint={t('ext.referral.ssnHint')}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          aria-required={required.has('ssn')}
          name={field.name}
          ref={field.ref}
          value={masked ? maskSsn(digits) : value}
          data-masked={masked || undefined}
          onFocus={() => setEditing(true)}
          onChange={(e) => field.onChange(e.target.value)}
          onBlur={() => {
            setEditing(false);
            field.onBlur();
          }}
        />
      )}
    </Field>
  );
}

interface FieldBase {
  form: UseFormReturn<ReferralValues>;
  required: Set<string>;
  name: keyof ReferralValues;
}


/** Required fields are marked by CSS (aria-required), so messages read "First name is required". */
function TextField({ form, required, name, type, extra }: FieldBase & { type: string; extra: Record<string, unknown> }) {
  const f = form as unknown as UseFormReturn<FieldValues>;
  const { t } = usePublicText();
  return (
    <Field form={f} name={name as Path<FieldValues>} label={t(`ext.fields.${name}`)}>
      {(control) => <input {...control} type={type} aria-required={required.has(name)} {...extra} {...f.register(name)} />}
    </Field>
  );
}

function SelectField({ form, required, name, options, onPick, extraOptions }: FieldBase & { options: Option[]; onPick?: (v: string) => void; extraOptions?: ReactNode }) {
  const f = form as unknown as UseFormReturn<FieldValues>;
  const { t } = usePublicText();
  return (
    <Field form={f} name={name as Path<FieldValues>} label={t(`ext.fields.${name}`)}>
      {(control) => (
        <select {...control} aria-required={required.has(name)} {...f.register(name, { onChange: onPick ? (e) => onPick(e.target.value) : undefined })}>
          <option value="">{t('ext.select')}</option>
          {options.map((o) => (
            <option key={o.uid} value={o.uid}>
              {o.label}
            </option>
          ))}
          {extraOptions}
        </select>
      )}
    </Field>
  );
}
