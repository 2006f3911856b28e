import { useMemo } from 'react';
import { DEMOGRAPHICS_LABELS, demographicsSchema, PREFERRED_PHONES, type DemographicsValues } from '../../shared/schemas/demographics';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, digitsOnly, Field, fieldText, useCareForm } from '../kit/forms';
import type { RecordPatient } from '../patient-record/patient-record.resource';
import type { ReferenceOption } from '../kit/use-reference-list';
import { saveDemographics } from './demographics.resource';

export const SAVE_FAILED = 'Oops, something went wrong!';
const PHONE_LABELS: Record<(typeof PREFERRED_PHONES)[number], string> = { mobile: 'Mobile', home: 'Home', work: 'Work' };

export function initialValues(patient: RecordPatient, races: ReferenceOption[]): DemographicsValues {
  return {
    firstName: patient.firstName,
    middleName: patient.middleName ?? '',
    lastName: patient.lastName,
    birthDate: patient.birthDate ?? '',
    genderUid: patient.genderUid ?? '',
    genderIdentityUid: patient.genderIdentityUid ?? '',
    raceUids: races.map((r) => r.uid),
    preferredPhone: (patient.preferredPhone ?? '') as DemographicsValues['preferredPhone'],
    mobilePhone: patient.mobilePhone ?? '',
    homePhone: patient.homePhone ?? '',
    workPhone: patient.workPhone ?? '',
  };
}

export interface DemographicsFormProps {
  patient: RecordPatient;
  races: ReferenceOption[];
  options: { genders: ReferenceOption[]; genderIdentities: ReferenceOption[]; races: ReferenceOption[] };
  /** Community mode leaves the birth date optional (spec 001 section 5). */
  communityMode: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Spec 001 section 5 "Demographics", with the schema the server checks:
 * validated on submit, an error summary after the first failed submit, phone
 * numbers sent as digits only.
 */
export function DemographicsForm({ patient, races, options, communityMode, onSaved, onCancel }: DemographicsFormProps) {
  const client = useWidgetApi();
  const schema = useMemo(() => demographicsSchema(communityMode), [communityMode]);
  const form = useCareForm(schema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: initialValues(patient, races) });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveDemographics(client, patient.patientUid, values);
    } catch (error) {
      if (!applyServerErrors(form, error)) form.setError('root.server', { type: 'server', message: SAVE_FAILED });
      return;
    }
    onSaved();
  });
  const select = (name: 'genderUid' | 'genderIdentityUid', list: ReferenceOption[], empty: string) => (
    <Field form={form} name={name} label={DEMOGRAPHICS_LABELS[name]}>
      {(control) => (
        <select {...control} {...form.register(name)}>
          <option value="">{empty}</option>
          {list.map((o) => (
            <option key={o.uid} value={o.uid}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="demographics-form">
      <ErrorSummary form={form} labels={DEMOGRAPHICS_LABELS} />
      <div className="form-grid">
        <Field form={form} name="firstName" label={DEMOGRAPHICS_LABELS.firstName} />
        <Field form={form} name="middleName" label={DEMOGRAPHICS_LABELS.middleName} />
        <Field form={form} name="lastName" label={DEMOGRAPHICS_LABELS.lastName} />
        <Field form={form} name="birthDate" label={DEMOGRAPHICS_LABELS.birthDate} type="date" hint={communityMode ? 'Optional' : undefined} />
        {select('genderUid', options.genders, 'Choose')}
        {select('genderIdentityUid', options.genderIdentities, 'Not given')}
      </div>
      <fieldset className="choice-group">
        <legend>{DEMOGRAPHICS_LABELS.raceUids}</legend>
        {options.races.map((r) => (
          <label key={r.uid}>
            <input type="checkbox" value={r.uid} {...form.register('raceUids')} /> {r.label}
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-group" aria-describedby="preferred-phone-error">
        <legend>{DEMOGRAPHICS_LABELS.preferredPhone}</legend>
        {PREFERRED_PHONES.map((p) => (
          <label key={p}>
            <input type="radio" value={p} {...form.register('preferredPhone')} /> {PHONE_LABELS[p]}
          </label>
        ))}
        {form.formState.errors.preferredPhone?.message && (
          <span id="preferred-phone-error" className="field-error">
            {fieldText(DEMOGRAPHICS_LABELS.preferredPhone, form.formState.errors.preferredPhone.message)}
          </span>
        )}
      </fieldset>
      <div className="form-grid">
        {(['mobilePhone', 'homePhone', 'workPhone'] as const).map((name) => (
          <Field key={name} form={form} name={name} label={DEMOGRAPHICS_LABELS[name]}>
            {(control) => <input {...control} type="tel" inputMode="numeric" autoComplete="off" {...form.register(name, { setValueAs: digitsOnly })} />}
          </Field>
        ))}
      </div>
      <FormButtons busy={form.formState.isSubmitting} onCancel={onCancel} />
    </form>
  );
}
