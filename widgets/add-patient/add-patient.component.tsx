import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFieldArray, type Path, type UseFormReturn } from 'react-hook-form';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { formatDate } from '../../shared/format';
import { patientLabel, useTranslate } from '../../shared/i18n';
import { homeMode } from '../../shared/modes';
import { hasAnyFlag, PATIENT_EDIT_FLAGS } from '../../shared/permissions';
import {
  addPatientDefaults,
  addPatientSchema,
  blankAddress,
  blankEmailAddress,
  localToday,
  PREFERRED_PHONE_CHOICES,
  REFERRAL_SOURCE_RADIO_MAX,
  REQUESTERS,
  type AddPatientValues,
} from '../../shared/schemas/add-patient';
import { useEmit } from '../../shared/widget/emit';
import { AddAction } from '../kit/add-action';
import { AddressSearch, fillAddress, type AddressSuggestion } from '../kit/address-search';
import { ErrorSummary } from '../kit/error-summary';
import { applyServerErrors, errorOf, Field, fieldText, SelectField, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { useIdempotentSubmit } from '../kit/public-submit';
import { toast, Toasts } from '../kit/toasts';
import { useFlags } from '../kit/use-flags';
import { DUPLICATES_FAILED } from '../kit/possible-duplicates';
import { toFormErrors, useAddPatientCalls, useAddPatientOptions, type AddPatientOptions, type Option, type PossibleDuplicate } from './add-patient.resource';
import { AddPatientStyles } from './add-patient.styles';
import { launchDefaults, linkLaunchPatient, useLaunchPatient, type LaunchPatient } from './launch-prefill';
import { useWidgetApi } from '../../shared/widget/widget-context';

const LAUNCH_LINK_FAILED = "The patient was added, but the EHR's MRN could not be attached: the next launch from the EHR will offer Add Patient again.";

type Form = UseFormReturn<AddPatientValues>;

export const SAVE_FAILED = 'The patient could not be added. Please try again.';
export const NO_ACCESS = 'Your role cannot add patients.';

const LABELS: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  birthDate: 'Birth Date',
  genderUid: 'Gender',
  genderIdentityUid: 'Gender Identity',
  preferredPhoneNumber: 'Preferred Phone',
  mobilePhone: 'Mobile Phone',
  homePhone: 'Home Phone',
  workPhone: 'Work Phone',
  referralDate: 'Referral Date',
  referralReasonUid: 'Referral Reason',
  referralSourceUid: 'Referral Source',
  requestedBy: 'Requested By',
  referredTo: 'Referred To',
};
const ADDRESS_LABELS = { addressTypeUid: 'Address Type', addr1: 'Address Line 1', addr2: 'Address Line 2', postCode: 'Post Code', city: 'City', county: 'County', countryDivisionUid: 'State' };
const EMAIL_LABEL = 'Email Address';

/** Labels for the error summary, including each address's and e-mail's fields by number. */
function summaryLabels(addresses: number, emails: number): Record<string, string> {
  const labels = { ...LABELS };
  for (let i = 0; i < addresses; i++) for (const [k, l] of Object.entries(ADDRESS_LABELS)) labels[`addresses.${i}.${k}`] = `Address ${i + 1} ${l}`;
  for (let i = 0; i < emails; i++) labels[`emailAddresses.${i}.emailAddress`] = `${EMAIL_LABEL} ${i + 1}`;
  return labels;
}

/** The empty first choice of the form's selects. */
const CHOOSE = 'Select ...';

/** A labelled group of radio buttons with its error, for short lists. */
function RadioGroup({ form, name, label, options }: { form: Form; name: Path<AddPatientValues>; label: string; options: Option[] }) {
  const id = useId();
  const message = errorOf(form as never, name);
  return (
    <fieldset className="field radio-group" data-field={name} aria-describedby={message ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <div className="radio-options">
        {options.map((o) => (
          <label key={o.value} className="radio">
            <input type="radio" value={o.value} aria-invalid={Boolean(message)} {...form.register(name)} />
            {o.label}
          </label>
        ))}
      </div>
      {message && (
        <span id={`${id}-error`} className="field-error">
          {fieldText(label, message)}
        </span>
      )}
    </fieldset>
  );
}

/** Spec 001 section 5: phone numbers are digits only; anything else typed or pasted is dropped as it comes in. */
function PhoneField({ form, name }: { form: Form; name: 'mobilePhone' | 'homePhone' | 'workPhone' }) {
  const registered = form.register(name);
  return (
    <Field form={form} name={name} label={LABELS[name]} hint="10 digits">
      {(control) => (
        <input
          {...control}
          {...registered}
          type="tel"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          onChange={(e) => {
            e.target.value = e.target.value.replace(/\D+/g, '');
            return registered.onChange(e);
          }}
        />
      )}
    </Field>
  );
}

/** Spec 001 section 5: from 5 characters the post code fills in city, county and state. */
function usePostCodeLookup(form: Form, index: number) {
  const { lookUpPostCode } = useAddPatientCalls();
  const postCode = form.watch(`addresses.${index}.postCode`) ?? '';
  const zip = postCode.trim().slice(0, 5);
  const [status, setStatus] = useState('');
  // A post code the address search filled came with its city, county and state: nothing to look up.
  const searched = useRef<string | null>(null);
  useEffect(() => {
    if (zip.length < 5) return setStatus('');
    if (searched.current === zip) {
      searched.current = null;
      return setStatus('');
    }
    searched.current = null;
    let live = true;
    lookUpPostCode(zip).then(
      (row) => {
        if (!live) return;
        if (!row) return setStatus('No city found for this post code.');
        form.setValue(`addresses.${index}.city`, row.city);
        form.setValue(`addresses.${index}.county`, row.county);
        if (row.stateUid) form.setValue(`addresses.${index}.countryDivisionUid`, row.stateUid);
        setStatus('City, county and state filled in from the post code.');
      },
      () => live && setStatus('The post code could not be looked up.'),
    );
    return () => {
      live = false;
    };
  }, [zip, index, form, lookUpPostCode]);
  const fromSearch = (address: AddressSuggestion) => {
    searched.current = address.postCode ? address.postCode.slice(0, 5) : null;
    fillAddress(form, address, { address1: `addresses.${index}.addr1`, city: `addresses.${index}.city`, county: `addresses.${index}.county`, stateUid: `addresses.${index}.countryDivisionUid`, postCode: `addresses.${index}.postCode` });
  };
  return { status, fromSearch };
}

/** Marks one row of a list primary and the others not (one primary address, one primary e-mail). */
function choosePrimary(form: Form, list: 'addresses' | 'emailAddresses', index: number) {
  const rows = form.getValues(list);
  rows.forEach((_, i) => form.setValue(`${list}.${i}.isPrimary`, i === index));
}

function AddressRow({ form, index, options, onRemove }: { form: Form; index: number; options: AddPatientOptions; onRemove: () => void }) {
  const { status, fromSearch } = usePostCodeLookup(form, index);
  const prefix = `addresses.${index}` as const;
  const isPrimary = form.watch(`${prefix}.isPrimary`);
  return (
    <fieldset className="contact-row">
      <legend>Address {index + 1}</legend>
      <AddressSearch name={`address-${index + 1}`} label={`Address ${index + 1} Search`} onChoose={fromSearch} />
      <div className="form-grid">
        <SelectField form={form} name={`${prefix}.addressTypeUid`} label={ADDRESS_LABELS.addressTypeUid} options={options.addressTypes} empty={CHOOSE} />
        <Field form={form} name={`${prefix}.addr1`} label={ADDRESS_LABELS.addr1} />
        <Field form={form} name={`${prefix}.addr2`} label={ADDRESS_LABELS.addr2} />
        <Field form={form} name={`${prefix}.postCode`} label={ADDRESS_LABELS.postCode} hint={status || undefined} />
        <Field form={form} name={`${prefix}.city`} label={ADDRESS_LABELS.city} />
        <Field form={form} name={`${prefix}.county`} label={ADDRESS_LABELS.county} />
        <SelectField form={form} name={`${prefix}.countryDivisionUid`} label={ADDRESS_LABELS.countryDivisionUid} options={options.states} empty={CHOOSE} />
      </div>
      <div className="row-actions">
        <label className="radio">
          <input type="radio" name="primary-address" checked={!!isPrimary} onChange={() => choosePrimary(form, 'addresses', index)} />
          Primary Address
        </label>
        <button type="button" className="care-button" onClick={onRemove}>
          Remove Address {index + 1}
        </button>
      </div>
    </fieldset>
  );
}

function EmailRow({ form, index, onRemove }: { form: Form; index: number; onRemove: () => void }) {
  const isPrimary = form.watch(`emailAddresses.${index}.isPrimary`);
  return (
    <div className="contact-row email-row">
      <Field form={form} name={`emailAddresses.${index}.emailAddress`} label={`${EMAIL_LABEL} ${index + 1}`} type="email" />
      <div className="row-actions">
        <label className="radio">
          <input type="radio" name="primary-email" checked={!!isPrimary} onChange={() => choosePrimary(form, 'emailAddresses', index)} />
          Primary Email
        </label>
        <button type="button" className="care-button" onClick={onRemove}>
          Remove Email {index + 1}
        </button>
      </div>
    </div>
  );
}

/** A new patient's name and birth date: the duplicate check is asked once per combination. */
const whoOf = (v: AddPatientValues) => `${v.firstName.trim().toLowerCase()}|${v.lastName.trim().toLowerCase()}|${v.birthDate}`;

function PossibleDuplicates({ rows, failed, busy, onGoOn, onBack }: { rows: PossibleDuplicate[]; failed: boolean; busy: boolean; onGoOn: () => void; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const tr = useTranslate();
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="possible-duplicates" role="alert" aria-labelledby="possible-duplicates-title">
      <h2 id="possible-duplicates-title" tabIndex={-1} ref={heading}>
        Possible Duplicates
      </h2>
      {failed ? (
        <p>{DUPLICATES_FAILED}</p>
      ) : (
        <>
          <p>{tr('These patients of your division have the same name and birth date. Open one of them, or add the new patient anyway.')}</p>
          <ul>
            {rows.map((p) => (
              <li key={p.id}>
                <NavLink path={`/patients/${p.id}`}>
                  {p.lastName}, {p.firstName}
                </NavLink>{' '}
                ({formatDate(p.birthDate)}
                {p.genderLabel ? `, ${p.genderLabel}` : ''})
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="form-buttons">
        <SlButton onClick={onBack} disabled={busy}>
          Back to the Form
        </SlButton>
        <SlButton variant="primary" onClick={onGoOn} disabled={busy}>
          {busy ? 'Working ...' : tr('Add Patient Anyway')}
        </SlButton>
      </div>
    </section>
  );
}

function AddPatientForm({ options, communityMode, launch }: { options: AddPatientOptions; communityMode: boolean; launch: LaunchPatient | null }) {
  const emit = useEmit();
  const calls = useAddPatientCalls();
  const { submit, busy } = useIdempotentSubmit('add-patient');
  const tr = useTranslate();
  const schema = useMemo(() => addPatientSchema({ communityMode, today: localToday() }), [communityMode]);
  // Spec 001 section 5: validated on submit only.
  const form = useCareForm(schema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: launch ? launchDefaults(addPatientDefaults(), launch, options) : addPatientDefaults() });
  const client = useWidgetApi();
  const addresses = useFieldArray({ control: form.control, name: 'addresses' });
  const emails = useFieldArray({ control: form.control, name: 'emailAddresses' });
  const [duplicates, setDuplicates] = useState<{ who: string; rows: PossibleDuplicate[]; failed: boolean } | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  /** True once the patient exists: the form is done. */
  const create = async (values: AddPatientValues): Promise<boolean> => {
    let patientUid: string | undefined;
    try {
      patientUid = await submit((key) => calls.createPatient(values, key));
    } catch (error) {
      setDuplicates(null);
      if (!applyServerErrors(form, toFormErrors(error))) toast(patientLabel(SAVE_FAILED), 'danger');
      return false;
    }
    // undefined: a second click while the first is on its way.
    if (!patientUid) return false;
    // After an EHR launch the new record takes the EHR's MRN, so the next launch opens it; the record exists either way.
    if (launch?.mrn) await linkLaunchPatient(client, patientUid).catch(() => toast(LAUNCH_LINK_FAILED, 'warning'));
    emit('care-saved', { type: 'patients', patientUid });
    emit('care-navigate', { path: `/patients/${patientUid}` });
    return true;
  };

  // One submission at a time from the first click to the answer: a double click
  // must not start a second duplicate check that ends after the first patient exists.
  const working = useRef(false);
  // After a success it stays locked: the page is on its way to the new record.
  const once = (run: (values: AddPatientValues) => Promise<boolean>) => async (values: AddPatientValues) => {
    if (working.current) return;
    working.current = true;
    let done = false;
    try {
      done = await run(values);
    } finally {
      working.current = done;
    }
  };

  const onSubmit = form.handleSubmit(
    once(async (values) => {
      const who = whoOf(values);
      // Without a birth date (community mode) there is nothing to compare with.
      if (values.birthDate && confirmed !== who) {
        try {
          const rows = await calls.findPossibleDuplicates(values);
          if (rows.length) {
            setDuplicates({ who, rows, failed: false });
            return false;
          }
        } catch {
          setDuplicates({ who, rows: [], failed: true });
          return false;
        }
      }
      return create(values);
    }),
  );

  const goOn = form.handleSubmit(
    once(async (values) => {
      setConfirmed(whoOf(values));
      return create(values);
    }),
  );

  const referralSource =
    options.referralSources.length <= REFERRAL_SOURCE_RADIO_MAX ? (
      <RadioGroup form={form} name="referralSourceUid" label={LABELS.referralSourceUid} options={options.referralSources} />
    ) : (
      <SelectField form={form} name="referralSourceUid" label={LABELS.referralSourceUid} options={options.referralSources} empty={CHOOSE} />
    );

  return (
    <form noValidate onSubmit={onSubmit}>
      <ErrorSummary form={form} labels={summaryLabels(addresses.fields.length, emails.fields.length)} />
      <fieldset className="form-section">
        <legend>{tr('Patient')}</legend>
        <div className="form-grid">
          <Field form={form} name="firstName" label={LABELS.firstName} />
          <Field form={form} name="lastName" label={LABELS.lastName} />
          <Field form={form} name="birthDate" label={LABELS.birthDate} type="date" hint={communityMode ? 'Optional' : undefined} />
          <SelectField form={form} name="genderUid" label={LABELS.genderUid} options={options.genders} empty={CHOOSE} />
          <SelectField form={form} name="genderIdentityUid" label={LABELS.genderIdentityUid} options={options.genderIdentities} empty={CHOOSE} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Phone</legend>
        <RadioGroup form={form} name="preferredPhoneNumber" label={LABELS.preferredPhoneNumber} options={PREFERRED_PHONE_CHOICES.map((c) => ({ value: c.value, label: c.label }))} />
        <div className="form-grid">
          <PhoneField form={form} name="mobilePhone" />
          <PhoneField form={form} name="homePhone" />
          <PhoneField form={form} name="workPhone" />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Referral</legend>
        <div className="form-grid">
          <Field form={form} name="referralDate" label={LABELS.referralDate} type="date" />
          <SelectField form={form} name="referralReasonUid" label={LABELS.referralReasonUid} options={options.reasons} empty={CHOOSE} />
          <SelectField form={form} name="requestedBy" label={LABELS.requestedBy} options={REQUESTERS.map((r) => ({ value: r, label: r }))} empty={CHOOSE} />
          <Field form={form} name="referredTo" label={LABELS.referredTo} />
          {referralSource}
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Addresses</legend>
        {addresses.fields.length === 0 && <p className="field-hint">No addresses</p>}
        {addresses.fields.map((f, i) => (
          <AddressRow key={f.id} form={form} index={i} options={options} onRemove={() => addresses.remove(i)} />
        ))}
        <AddAction onClick={() => addresses.append(blankAddress(addresses.fields.length === 0))} label="Add Address" />
      </fieldset>
      <fieldset className="form-section">
        <legend>Email Addresses</legend>
        {emails.fields.length === 0 && <p className="field-hint">No email addresses</p>}
        {emails.fields.map((f, i) => (
          <EmailRow key={f.id} form={form} index={i} onRemove={() => emails.remove(i)} />
        ))}
        <AddAction onClick={() => emails.append(blankEmailAddress(emails.fields.length === 0))} label="Add Email Address" />
      </fieldset>
      {duplicates && (
        <PossibleDuplicates rows={duplicates.rows} failed={duplicates.failed} busy={busy} onGoOn={() => void goOn()} onBack={() => setDuplicates(null)} />
      )}
      {!duplicates && (
        <div className="form-buttons">
          <SlButton onClick={() => emit('care-navigate', { path: '/patients' })} disabled={busy}>
            Cancel
          </SlButton>
          <SlButton type="submit" variant="primary" disabled={busy || form.formState.isSubmitting}>
            {busy || form.formState.isSubmitting ? 'Working ...' : tr('Add Patient')}
          </SlButton>
        </div>
      )}
    </form>
  );
}

/** Spec 001 "Add patient" (issue 8 section 4): the form, its reference lists, the duplicate check, then the new record. */
export function AddPatient({ fromEhr = false }: { fromEhr?: boolean }) {
  const options = useAddPatientOptions();
  const ehr = useLaunchPatient(fromEhr);
  const flags = useFlags();
  const mayAdd = flags !== null && hasAnyFlag(flags, PATIENT_EDIT_FLAGS);
  const tr = useTranslate();
  return (
    <section className="add-patient">
      <AddPatientStyles />
      <h1>{tr('Add Patient')}</h1>
      {flags !== null && !mayAdd ? (
        <p className="load-state load-state-empty">{tr(NO_ACCESS)}</p>
      ) : (
        <LoadState isLoading={options.isLoading || flags === null || !ehr.ready} error={options.error} lines={6}>
          {ehr.launch && (
            <p className="launch-note" role="status">
              Filled in from {ehr.launch.ehrName ?? 'the EHR'}: check each field before adding.{ehr.launch.mrn ? ` The new record will carry MRN ${ehr.launch.mrn}.` : ''}
            </p>
          )}
          {options.data && <AddPatientForm options={options.data} communityMode={homeMode(flags ?? undefined) === 'community'} launch={ehr.launch} />}
        </LoadState>
      )}
      <Toasts />
    </section>
  );
}
