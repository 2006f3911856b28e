import {
  CARE_GIVER_LABELS as LABELS,
  CARE_GIVER_RELATIONSHIPS,
  CARE_GIVER_ROLES,
  CareGiverSchema,
  INTERPRETER_ROLE,
  NEW_CARE_GIVER,
  OTHER_ROLE,
  PHONE_TYPES,
  type CareGiverValues,
} from '../../shared/schemas/care-team';
import { useEmit } from '../../shared/widget/emit';
import { CheckboxField } from '../kit/checkbox-field';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { digitsOnly, Field, fieldText, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useRecordSave } from '../kit/record-save';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { useUnsavedPrompt } from '../kit/use-unsaved-prompt';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { SAVE_FAILED, SAVED } from './care-team-member-form.component';
import { useCareGiver, useSaveCareGiver, type CareGiver } from './care-team.resource';
import { careTeamCss } from './care-team.styles';

const valuesOf = (g: CareGiver | null): CareGiverValues =>
  g
    ? {
        firstName: g.firstName,
        lastName: g.lastName,
        relationship: g.relationship as CareGiverValues['relationship'],
        preferredPhoneType: g.preferredPhoneType as CareGiverValues['preferredPhoneType'],
        homePhone: g.homePhone ?? '',
        mobilePhone: g.mobilePhone ?? '',
        email: g.email ?? '',
        isPrimary: g.isPrimary,
        isCurrent: g.isCurrent,
        roles: g.roles,
        otherRoles: g.otherRoles ?? '',
        interpreterId: g.interpreterId ?? '',
        interpreterLanguage: g.interpreterLanguage ?? '',
        comment: g.comment ?? '',
        patientConsents: g.patientConsents,
      }
    : NEW_CARE_GIVER;

function CareGiverFields({ patientId, careGiver }: { patientId: string; careGiver: CareGiver | null }) {
  const emit = useEmit();
  const save = useSaveCareGiver(patientId, careGiver?.careGiverUid ?? null);
  const form = useCareForm(CareGiverSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: valuesOf(careGiver) });
  const release = useUnsavedPrompt(form.formState.isDirty);
  const roles = form.watch('roles') ?? [];
  const list = `/patients/${encodeURIComponent(patientId)}/care-team`;
  const rolesError = form.formState.errors.roles;
  const rolesMessage = rolesError?.message ?? (Array.isArray(rolesError) ? rolesError.find(Boolean)?.message : undefined);

  const { onSubmit, busy } = useRecordSave(form, {
    submissionKey: `care-giver-${patientId}-${careGiver?.careGiverUid ?? 'new'}`,
    save,
    type: 'care-givers',
    patientId,
    next: list,
    saved: SAVED,
    failed: SAVE_FAILED,
    release,
  });

  const select = (name: 'relationship' | 'preferredPhoneType', options: readonly string[], empty?: string) => (
    <Field form={form} name={name} label={LABELS[name]}>
      {(control) => (
        <select {...control} {...form.register(name)}>
          {empty !== undefined && <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  const phone = (name: 'homePhone' | 'mobilePhone') => (
    <Field form={form} name={name} label={LABELS[name]}>
      {(control) => <input {...control} type="tel" inputMode="numeric" autoComplete="off" {...form.register(name, { setValueAs: digitsOnly })} />}
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="care-team-form">
      <ErrorSummary form={form} labels={LABELS} />
      <div className="form-grid">
        <Field form={form} name="firstName" label={LABELS.firstName} />
        <Field form={form} name="lastName" label={LABELS.lastName} />
        {select('relationship', CARE_GIVER_RELATIONSHIPS, 'Choose a relationship')}
      </div>
      <div className="form-grid">
        {select('preferredPhoneType', PHONE_TYPES)}
        {phone('homePhone')}
        {phone('mobilePhone')}
        <Field form={form} name="email" label={LABELS.email} type="email" />
      </div>
      <fieldset className="choice-group" aria-describedby={rolesMessage ? 'care-giver-roles-error' : undefined}>
        <legend>{LABELS.roles}</legend>
        {CARE_GIVER_ROLES.map((r) => (
          <label key={r}>
            <input type="checkbox" value={r} {...form.register('roles')} /> {r}
          </label>
        ))}
        {rolesMessage && (
          <span id="care-giver-roles-error" className="field-error">
            {fieldText(LABELS.roles, rolesMessage)}
          </span>
        )}
      </fieldset>
      {/* Spec 001 section 9: Other asks which roles, Interpreter asks for the interpreter's id and language. */}
      {roles.includes(OTHER_ROLE) && <Field form={form} name="otherRoles" label={LABELS.otherRoles} hint="Separate roles with commas" />}
      {roles.includes(INTERPRETER_ROLE) && (
        <div className="form-grid">
          <Field form={form} name="interpreterId" label={LABELS.interpreterId} />
          <Field form={form} name="interpreterLanguage" label={LABELS.interpreterLanguage} />
        </div>
      )}
      <CheckboxField form={form} name="isCurrent" label={LABELS.isCurrent} />
      <CheckboxField form={form} name="isPrimary" label={LABELS.isPrimary} />
      <CheckboxField form={form} name="patientConsents" label={LABELS.patientConsents} />
      <Field form={form} name="comment" label={LABELS.comment}>
        {(control) => <textarea {...control} rows={3} {...form.register('comment')} />}
      </Field>
      <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: list })} />
    </form>
  );
}

/** Spec 001 section 2 `care-givers/{id}` (id `add` is a new care giver). */
export function CareGiverForm({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const careGiverId = params.careGiverId && params.careGiverId !== 'add' ? params.careGiverId : null;
  const careGiver = useCareGiver(patientId, careGiverId);
  return (
    <SectionPage title={careGiverId ? 'Edit Care Giver' : 'Add Care Giver'}>
      <style>{careTeamCss}</style>
      <LoadState isLoading={careGiver.isLoading} error={careGiver.error} lines={6}>
        {!careGiver.isLoading && <CareGiverFields patientId={patientId} careGiver={careGiver.data} />}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
