import { useMemo, useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ApiError } from '../../shared/api/errors';
import { badgeSelectionSchema, type BadgeSelection } from '../../shared/schemas/badges';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { ErrorSummary } from '../kit/error-summary';
import { useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { NavLink } from '../kit/nav-link';
import { toast } from '../kit/toasts';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { badgeChanges, savePatientBadges, useBadgePage, type BadgeGroup, type PatientBadge } from './badges.resource';
import { BadgesStyles } from './badges.styles';

export const SAVED_TEXT = 'Successfully Saved!';
export const SAVE_FAILED_TEXT = 'Oops, something went wrong!';

function Pill({ label, color }: { label: string; color: string | null }) {
  return (
    <span className="badge-pill" style={color ? { background: color } : undefined}>
      {label}
    </span>
  );
}

/** One group: radios (with None) when exclusive, checkboxes otherwise (spec 001 section 4). */
function GroupChoices({ group, chosen, onChange }: { group: BadgeGroup; chosen: string[]; onChange: (next: string[]) => void }) {
  const inGroup = new Set(group.badges.map((b) => b.badgeUid));
  const others = chosen.filter((uid) => !inGroup.has(uid));
  const name = `badge-group-${group.badgeGroupUid}`;
  return (
    <fieldset className="badge-group">
      <legend>
        <span className="badge-swatch" style={group.badgeGroupColor ? { background: group.badgeGroupColor } : undefined} aria-hidden="true" />
        {group.badgeGroupLabel}
      </legend>
      <p className="badge-hint">{group.isExclusive ? 'Choose one' : 'Choose any'}</p>
      {group.badges.length === 0 && <LoadState isEmpty emptyText="No badges in this group." />}
      {group.isExclusive && group.badges.length > 0 && (
        <label className="badge-option">
          <input type="radio" name={name} checked={!chosen.some((uid) => inGroup.has(uid))} onChange={() => onChange(others)} />
          None
        </label>
      )}
      {group.badges.map((b) => (
        <label key={b.badgeUid} className="badge-option">
          <input
            type={group.isExclusive ? 'radio' : 'checkbox'}
            name={name}
            value={b.badgeUid}
            checked={chosen.includes(b.badgeUid)}
            onChange={(e) => onChange(group.isExclusive ? [...others, b.badgeUid] : e.target.checked ? [...chosen, b.badgeUid] : chosen.filter((uid) => uid !== b.badgeUid))}
          />
          <Pill label={b.badgeLabel} color={b.color ?? group.badgeGroupColor} />
        </label>
      ))}
    </fieldset>
  );
}

function BadgeForm({ patientId, groups, initial, onSaved }: { patientId: string; groups: BadgeGroup[]; initial: PatientBadge[]; onSaved: (badges: PatientBadge[]) => void }) {
  const client = useWidgetApi();
  const [current, setCurrent] = useState(initial);
  const schema = useMemo(() => {
    const groupOf = new Map(groups.flatMap((g) => g.badges.map((b) => [b.badgeUid, g.badgeGroupUid] as const)));
    return badgeSelectionSchema(groups, (uid) => groupOf.get(uid));
  }, [groups]);
  const form = useCareForm<BadgeSelection>(schema, { defaultValues: { badges: initial.map((b) => b.badgeUid) } });
  const chosen = form.watch('badges');
  const { isSubmitting, isDirty } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await savePatientBadges(client, patientId, badgeChanges(groups, current, values.badges));
      setCurrent(saved);
      form.reset({ badges: saved.map((b) => b.badgeUid) });
      toast(SAVED_TEXT, 'success');
      onSaved(saved);
    } catch (error) {
      // The server's messages name badges and groups, not fields of this form: all go to the summary.
      if (error instanceof ApiError) form.setError('root.server', { type: 'server', message: error.errors.map((e) => e.message).join(' ') });
      else toast(SAVE_FAILED_TEXT, 'danger');
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <ErrorSummary form={form} labels={{ badges: 'Badges' }} />
      <div className="badge-groups">
        {groups.map((g) => (
          <GroupChoices key={g.badgeGroupUid} group={g} chosen={chosen} onChange={(next) => form.setValue('badges', next, { shouldDirty: true, shouldValidate: form.formState.submitCount > 0 })} />
        ))}
      </div>
      <div className="form-buttons">
        <SlButton type="submit" variant="primary" loading={isSubmitting} disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Working ...' : 'Save'}
        </SlButton>
      </div>
    </form>
  );
}

/**
 * Spec 001 "Badges" (/patients/{id}/badge): every badge group with its
 * badges, exclusive groups single choice and the others multiple; 1 column
 * under 576 px, 2 under 768 px, else 3. Saving updates the header's pills.
 */
export function PatientBadges({ patientId, reloadPatient }: Pick<RecordPageProps, 'patientId'> & Partial<Pick<RecordPageProps, 'reloadPatient'>>) {
  const page = useBadgePage(patientId);
  return (
    <div className="badges-page">
      <BadgesStyles />
      <NavLink path={`/patients/${encodeURIComponent(patientId)}/details`}>Back to Details</NavLink>
      <h2>Badges</h2>
      <LoadState isLoading={page.isLoading} error={page.error} isEmpty={page.data?.groups.length === 0} emptyText="No badge groups." lines={4}>
        {page.data && <BadgeForm patientId={patientId} groups={page.data.groups} initial={page.data.badges} onSaved={() => reloadPatient?.()} />}
      </LoadState>
    </div>
  );
}

/** The badge page on its own (`<care-badges>`): its own page view of the patient. */
export function PatientBadgesWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientBadges patientId={patientId} />
    </PatientPageView>
  );
}
