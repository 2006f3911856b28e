import { useEffect, useState } from 'react';
import { CARE_TEAM_MEMBER_LABELS as LABELS, CareTeamMemberSchema, NEW_CARE_TEAM_MEMBER, type CareTeamMemberValues } from '../../shared/schemas/care-team';
import { useEmit } from '../../shared/widget/emit';
import { CheckboxField } from '../kit/checkbox-field';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { useRecordSave } from '../kit/record-save';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { useReferenceList, type ReferenceOption } from '../kit/use-reference-list';
import { useUnsavedPrompt } from '../kit/use-unsaved-prompt';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { addressOf } from './care-team.component';
import { NarrowingSearch, searchStatus } from '../kit/narrowing-search';
import { useProviders, useProviderSearch } from '../kit/use-providers';
import { useCareTeamMember, useProviderLocations, useSaveCareTeamMember, type CareTeamMember } from './care-team.resource';
import { careTeamCss } from './care-team.styles';

/** Spec 001 section 8. */
export const SAVED = 'Successfully Saved!';
export const SAVE_FAILED = 'Oops, something went wrong!';
export const PROVIDER_SEARCH_FAILED = 'Providers could not be searched. Choose from the list, or try again.';

const valuesOf = (m: CareTeamMember | null): CareTeamMemberValues =>
  m ? { providerUid: m.providerUid, preferredLocationUid: m.preferredLocationUid ?? '', careTeam: m.careTeam, isPcp: m.isPcp, isPrimary: m.isPrimary } : NEW_CARE_TEAM_MEMBER;

function MemberFields({ patientId, member, roles }: { patientId: string; member: CareTeamMember | null; roles: ReferenceOption[] }) {
  const emit = useEmit();
  const save = useSaveCareTeamMember(patientId, member?.providerPatientUid ?? null);
  const form = useCareForm(CareTeamMemberSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: valuesOf(member) });
  const release = useUnsavedPrompt(form.formState.isDirty);
  // The role only narrows the provider list; it is the provider's, not the member's.
  const [roleUid, setRoleUid] = useState('');
  // Every provider once; a chosen role asks for its own (null: nothing to ask).
  const everyone = useProviders('');
  const narrowed = useProviders(roleUid || null);
  // Spec 002 section 9's provider search: a name narrows the list further, asked as it is typed.
  const [name, setName] = useState('');
  const found = useProviderSearch(name, roleUid);
  const providers = name.trim() ? found : roleUid ? narrowed : everyone;
  // Only the roles the organisation's providers hold narrow anything (the referral specialties are roles too).
  const held = roles.filter((r) => r.uid === roleUid || everyone.data?.some((p) => p.providerRoleUid === r.uid));
  const providerUid = form.watch('providerUid');
  const locations = useProviderLocations(providerUid);
  const list = `/patients/${encodeURIComponent(patientId)}/care-team`;

  // Spec 001 section 9: a provider's single location is chosen for the user; a location of another provider never stays chosen
  // (a change of provider drops it at once, below: until the new one's locations load, the last one's must not be saved).
  const known = locations.data?.providerUid === providerUid ? locations.data.locations : null;
  useEffect(() => {
    if (!known) return;
    const current = form.getValues('preferredLocationUid');
    if (known.length === 1 && current !== known[0].providerLocationUid) form.setValue('preferredLocationUid', known[0].providerLocationUid, { shouldDirty: true });
    else if (current && !known.some((l) => l.providerLocationUid === current)) form.setValue('preferredLocationUid', '', { shouldDirty: true });
  }, [known, form]);

  const { onSubmit, busy } = useRecordSave(form, {
    submissionKey: `care-team-${patientId}-${member?.providerPatientUid ?? 'new'}`,
    save,
    type: 'provider-patients',
    patientId,
    next: list,
    saved: SAVED,
    failed: SAVE_FAILED,
    release,
  });

  // The member's own provider, and the one chosen, stay on the list while another role or name narrows it.
  const options = [...(providers.data ?? [])];
  const chosen = everyone.data?.find((p) => p.providerUid === providerUid);
  if (chosen && !options.some((p) => p.providerUid === chosen.providerUid)) options.unshift(chosen);
  if (member && !options.some((p) => p.providerUid === member.providerUid)) options.unshift({ providerUid: member.providerUid, displayName: member.displayName, providerRoleLabel: member.providerRoleLabel });

  return (
    <form noValidate onSubmit={onSubmit} className="care-team-form">
      <ErrorSummary form={form} labels={LABELS} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor="care-team-role">Provider Role</label>
          <select id="care-team-role" value={roleUid} onChange={(e) => setRoleUid(e.target.value)}>
            <option value="">All Roles</option>
            {held.map((r) => (
              <option key={r.uid} value={r.uid}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <NarrowingSearch
          label="Search Providers"
          hint="Narrows the Provider list by name."
          value={name}
          onChange={setName}
          status={searchStatus(found, name, PROVIDER_SEARCH_FAILED)}
          failed={Boolean(name.trim() && found.error)}
        />
        <Field form={form} name="providerUid" label={LABELS.providerUid}>
          {(control) => (
            <select {...control} {...form.register('providerUid', { onChange: () => form.setValue('preferredLocationUid', '') })} aria-busy={providers.isLoading}>
              <option value="">{providers.error ? 'Providers could not be loaded' : 'Choose a provider'}</option>
              {options.map((p) => (
                <option key={p.providerUid} value={p.providerUid}>
                  {p.providerRoleLabel ? `${p.displayName} (${p.providerRoleLabel})` : p.displayName}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field form={form} name="preferredLocationUid" label={LABELS.preferredLocationUid} hint={providerUid && known?.length === 0 ? 'No locations on record for this provider' : undefined}>
        {(control) => (
          <select {...control} {...form.register('preferredLocationUid')}>
            <option value="">{providerUid ? 'None' : 'Choose a provider first'}</option>
            {(known ?? []).map((l) => (
              <option key={l.providerLocationUid} value={l.providerLocationUid}>
                {[l.providerLocationLabel, addressOf(l)].filter(Boolean).join(' – ')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CheckboxField form={form} name="careTeam" label={LABELS.careTeam} />
      <CheckboxField form={form} name="isPcp" label={LABELS.isPcp} />
      <CheckboxField form={form} name="isPrimary" label={LABELS.isPrimary} />
      <FormButtons busy={busy} onCancel={() => emit('care-navigate', { path: list })} />
    </form>
  );
}

/** Spec 001 section 2 `care-team/{id}` (id `add` is a new member). */
export function CareTeamMemberForm({ patientId, params }: Pick<RecordPageProps, 'patientId' | 'params'>) {
  const memberId = params.memberId && params.memberId !== 'add' ? params.memberId : null;
  const member = useCareTeamMember(memberId);
  const roles = useReferenceList('reference-provider-role');
  const error = member.error ?? roles.error;
  const ready = !member.isLoading && roles.data;
  return (
    <SectionPage title={memberId ? 'Edit Care Team Member' : 'Add Care Team Member'}>
      <style>{careTeamCss}</style>
      <LoadState isLoading={!ready && !error} error={error} lines={5}>
        {ready && <MemberFields patientId={patientId} member={member.data} roles={roles.data!} />}
      </LoadState>
      <Toasts />
    </SectionPage>
  );
}
