import { BREAK_GLASS_SETTINGS } from '../../shared/schemas/break-glass';
import { useState } from 'react';
import { DivisionSchema, MAX_LOGO_LENGTH, OrganizationSchema, LOGO_RULE } from '../../shared/schemas/admin';
import { useEmit } from '../../shared/widget/emit';
import { CheckboxField } from '../kit/checkbox-field';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, digitsOnly, Field, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { NavLink } from '../kit/nav-link';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast } from '../kit/toasts';
import { SAVE_FAILED, SAVED } from './admin-user-form.component';
import { QueueList } from './admin-queue-form.component';
import { IdentityProvidersSection } from './admin-identity-providers.component';
import { EhrsSection, EhrUserLinksSection } from './admin-ehrs.component';
import { FhirClientsSection } from './admin-fhir-clients.component';
import { FhirDestinationsSection } from './admin-fhir-destinations.component';
import { SmartAppsSection } from './admin-smart-apps.component';
import { useAdminDivision, useAdminDivisions, useAdminOrganization, useOrganizationActions, type AdminDivisionDetail, type AdminOrganization } from './admin.resource';

const DEFAULT_COLOR = '#0d6efd';
const DIVISION_LABELS = { divisionName: 'Name', themeColor: 'Theme Color', logoUrl: 'Logo', requiresSupervisoryApproval: 'CIT submissions need supervisory approval', edNotesHiddenSource: 'Hide ED Visit Notes From',
  breakGlassMinutes: 'Emergency access lasts (minutes)', breakGlassDailyLimit: 'Emergency accesses per user in 24 hours', breakGlassWrites: 'Allow changes during emergency access' };
const GLASS = BREAK_GLASS_SETTINGS;

const ORGANIZATION_LABELS = { orgName: 'Organization Name', marketName: 'Market', supportPhone: 'Support Phone' };
/** The form's values: empty text for none; the phone as its digits (the form sends digits only, as every phone field). */
const organizationValues = (o: AdminOrganization) => ({ orgName: o.orgName, marketName: o.marketName ?? '', supportPhone: o.supportPhone ?? '' });

function OrganizationForm({ organization }: { organization: AdminOrganization }) {
  const { saveOrganization } = useOrganizationActions();
  const [busy, setBusy] = useState(false);
  const form = useCareForm(OrganizationSchema, { defaultValues: organizationValues(organization) });
  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = await saveOrganization(values);
      form.reset(organizationValues(saved));
      toast(SAVED, 'success');
    } catch (err) {
      if (!applyServerErrors(form, err)) toast(SAVE_FAILED, 'danger');
    } finally {
      setBusy(false);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="organization-form">
      <Field form={form} name="orgName" label={ORGANIZATION_LABELS.orgName} hint="Shown under a division's name on its public forms." />
      <Field form={form} name="marketName" label={ORGANIZATION_LABELS.marketName} hint="The market the organization belongs to; organizations of one market share it. Leave empty for none." />
      <Field form={form} name="supportPhone" label={ORGANIZATION_LABELS.supportPhone} hint="The number the Customer Support page gives for urgent issues. Leave empty to show none.">
        {(control) => <input {...control} type="tel" inputMode="numeric" autoComplete="off" {...form.register('supportPhone', { setValueAs: digitsOnly })} />}
      </Field>
      <FormButtons busy={busy} onCancel={() => form.reset()} />
    </form>
  );
}

/** The division's logo swatch: the uploaded image, or its initials on its theme colour (what the public forms show). */
function DivisionMark({ division }: { division: Pick<AdminDivisionDetail, 'divisionName' | 'themeColor' | 'logoUrl'> }) {
  if (division.logoUrl) return <img className="division-mark" src={division.logoUrl} alt="" />;
  const initials = division.divisionName.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0].toUpperCase()).join('');
  return (
    <span className="division-mark" style={{ background: division.themeColor ?? DEFAULT_COLOR }} aria-hidden="true">
      {initials}
    </span>
  );
}

function DivisionList() {
  const divisions = useAdminDivisions();
  const list = divisions.data;
  return (
    <SectionPage title="Divisions" action={<AddAction path="/admin/organization/divisions/new" label="Add Division" />}>
      <LoadState isLoading={divisions.isLoading} error={divisions.error} isEmpty={list?.length === 0} emptyText="No divisions yet">
        <ul className="division-list">
          {list?.map((d) => (
            <li key={d.divisionUid}>
              <DivisionMark division={d} />
              <NavLink path={`/admin/organization/divisions/${d.divisionUid}`}>{d.divisionName}</NavLink>
              {d.requiresSupervisoryApproval && <span className="division-note">CIT approval required</span>}
            </li>
          ))}
        </ul>
      </LoadState>
    </SectionPage>
  );
}

/** `/admin/organization`: the organisation's name, market and support phone, its divisions, and its identity providers and password sign-in, its EHRs and EHR user links (issue 34), and its FHIR clients, FHIR destinations and SMART apps (issue 35). */
export function OrganizationPage() {
  const organization = useAdminOrganization();
  return (
    <>
      <SectionPage title="Organization">
        <LoadState isLoading={organization.isLoading} error={organization.error}>
          {organization.data && <OrganizationForm organization={organization.data} />}
        </LoadState>
      </SectionPage>
      <DivisionList />
      <IdentityProvidersSection />
      <EhrsSection />
      <EhrUserLinksSection />
      <FhirClientsSection />
      <FhirDestinationsSection />
      <SmartAppsSection />
    </>
  );
}

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

function DivisionForm({ division }: { division: AdminDivisionDetail | null }) {
  const emit = useEmit();
  const { saveDivision } = useOrganizationActions();
  const { submit, busy } = useIdempotentSubmit('admin-division');
  const form = useCareForm(DivisionSchema, {
    defaultValues: division
      ? {
          divisionName: division.divisionName,
          themeColor: division.themeColor ?? DEFAULT_COLOR,
          logoUrl: division.logoUrl,
          requiresSupervisoryApproval: division.requiresSupervisoryApproval,
          edNotesHiddenSource: division.edNotesHiddenSource ?? '',
          breakGlassMinutes: division.breakGlassMinutes,
          breakGlassDailyLimit: division.breakGlassDailyLimit,
          breakGlassWrites: division.breakGlassWrites,
        }
      : {
          divisionName: '', themeColor: DEFAULT_COLOR, logoUrl: null, requiresSupervisoryApproval: false, edNotesHiddenSource: '',
          breakGlassMinutes: GLASS.minutes.default, breakGlassDailyLimit: GLASS.dailyLimit.default, breakGlassWrites: GLASS.writes.default,
        },
  });
  const back = () => emit('care-navigate', { path: '/admin/organization' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await submit((key) => saveDivision(division?.divisionUid ?? null, values, key));
      if (!saved) return;
      toast(SAVED, 'success');
      emit('care-navigate', { path: division ? '/admin/organization' : `/admin/organization/divisions/${saved.divisionUid}` });
    } catch (err) {
      if (!applyServerErrors(form, err)) toast(SAVE_FAILED, 'danger');
    }
  });
  const [name, themeColor, logoUrl] = form.watch(['divisionName', 'themeColor', 'logoUrl']);
  const pickLogo = async (file: File | undefined) => {
    if (!file) return;
    const url = await readDataUrl(file);
    if (url.length > MAX_LOGO_LENGTH || !/^data:image\/(png|jpeg|svg\+xml);/.test(url)) form.setError('logoUrl', { message: LOGO_RULE });
    else form.setValue('logoUrl', url, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="division-form">
      <ErrorSummary form={form} labels={DIVISION_LABELS} />
      <Field form={form} name="divisionName" label={DIVISION_LABELS.divisionName} />
      <Field form={form} name="themeColor" label={DIVISION_LABELS.themeColor} hint="The color of the division's initials on its public forms when it has no logo.">
        {(control) => <input type="color" {...control} {...form.register('themeColor')} />}
      </Field>
      <Field form={form} name="logoUrl" label={DIVISION_LABELS.logoUrl} hint="PNG, JPEG or SVG, at most 100 KB; shown on the division's public forms.">
        {(control) => (
          <div className="logo-field">
            <DivisionMark division={{ divisionName: name || '?', themeColor, logoUrl: logoUrl ?? null }} />
            <input type="file" accept="image/png,image/jpeg,image/svg+xml" {...control} onChange={(e) => void pickLogo(e.target.files?.[0])} />
            {logoUrl && (
              <button type="button" className="link-button" onClick={() => form.setValue('logoUrl', null, { shouldDirty: true })}>
                Remove Logo
              </button>
            )}
          </div>
        )}
      </Field>
      <CheckboxField form={form} name="requiresSupervisoryApproval" label={DIVISION_LABELS.requiresSupervisoryApproval} />
      <Field
        form={form}
        name="edNotesHiddenSource"
        label={DIVISION_LABELS.edNotesHiddenSource}
        hint="A hospital's name as the nightly extract spells it: the notes of its emergency-department visits are not shown. Leave empty to show every note."
      />
      <fieldset className="division-glass">
        <legend>Emergency Access</legend>
        <p className="field-hint">Users with the Emergency access permission may open a restricted record for an emergency, read-only unless changes are allowed; each use is e-mailed and reviewed.</p>
        <Field form={form} name="breakGlassMinutes" label={DIVISION_LABELS.breakGlassMinutes} hint={`${GLASS.minutes.min} to ${GLASS.minutes.max}`}>
          {(control) => <input type="number" inputMode="numeric" min={GLASS.minutes.min} max={GLASS.minutes.max} {...control} {...form.register('breakGlassMinutes', { valueAsNumber: true })} />}
        </Field>
        <Field form={form} name="breakGlassDailyLimit" label={DIVISION_LABELS.breakGlassDailyLimit} hint={`${GLASS.dailyLimit.min} to ${GLASS.dailyLimit.max}`}>
          {(control) => <input type="number" inputMode="numeric" min={GLASS.dailyLimit.min} max={GLASS.dailyLimit.max} {...control} {...form.register('breakGlassDailyLimit', { valueAsNumber: true })} />}
        </Field>
        <CheckboxField form={form} name="breakGlassWrites" label={DIVISION_LABELS.breakGlassWrites} />
      </fieldset>
      <FormButtons busy={busy} onCancel={back} />
    </form>
  );
}

/** `/admin/organization/divisions/new` and `/admin/organization/divisions/{id}` (the division and its work queues). */
export function DivisionPage({ divisionId }: { divisionId: string | null }) {
  const division = useAdminDivision(divisionId);
  return (
    <>
      <SectionPage title={division.data ? `Edit ${division.data.divisionName}` : 'Add Division'}>
        <LoadState isLoading={division.isLoading} error={division.error}>
          {!division.isLoading && <DivisionForm key={division.data?.divisionUid ?? 'new'} division={division.data} />}
        </LoadState>
      </SectionPage>
      {division.data && <QueueList division={division.data} />}
    </>
  );
}
