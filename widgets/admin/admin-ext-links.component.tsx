import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { ExtInstanceSchema, type ExtInstance, type ExtInstanceInput, type ExtInstanceState } from '../../shared/schemas/admin';
import { EXT_ACTION_LABELS, EXT_ACTION_TYPES, EXT_REQUIRABLE_FIELDS, REFERRAL_LABELS } from '../../shared/schemas/ext-referral';
import { useEmit } from '../../shared/widget/emit';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, CheckboxGroup, Field, SelectField, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast } from '../kit/toasts';
import { SAVE_FAILED, SAVED } from './admin-user-form.component';
import { NavLink } from '../kit/nav-link';
import { useAdminDivisions, useExtInstanceActions, useExtInstances, useReferenceRows } from './admin.resource';

/** The path segment of the new-link page under /admin/access-codes. */
export const EXT_LINKS = 'ext-links';
const BACK = '/admin/access-codes';
const LABELS = { label: 'Label', divisionUid: 'Division', actionType: 'Form', requiredFields: 'Also Required' };
const STATES: Record<ExtInstanceState, string> = { active: 'Active', revoked: 'Revoked', replaced: 'Replaced' };
const actionLabel = (type: string) => EXT_ACTION_LABELS[type as keyof typeof EXT_ACTION_LABELS] ?? type;

/** The public address with a button that copies it (people paste it into a website or an e-mail). */
function LinkAddress({ link }: { link: ExtInstance }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      toast('Link copied', 'success');
    } catch {
      toast('Copy the link from the page: the browser did not allow it', 'warning');
    }
  };
  return (
    <div className="ext-link-address">
      <code>{link.url}</code>
      {link.state === 'active' && (
        <SlButton size="small" onClick={() => void copy()}>
          Copy Link<span className="visually-hidden"> {link.label}</span>
        </SlButton>
      )}
    </div>
  );
}

function LinkRow({ link, onChanged }: { link: ExtInstance; onChanged: (fresh: ExtInstance | null) => void }) {
  const { command } = useExtInstanceActions();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const run = async (name: 'rotate' | 'revoke') => {
    setBusy(true);
    try {
      const after = await command(link.instanceId, name);
      onChanged(name === 'rotate' ? after : null);
      if (name === 'revoke') toast(`${link.label} no longer opens`, 'success');
    } catch (err) {
      toast((err as Error).message || SAVE_FAILED, 'danger');
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  const details = [link.divisionName, actionLabel(link.actionType), link.requiredFields.length > 0 && `also requires ${link.requiredFields.map((f) => REFERRAL_LABELS[f as keyof typeof REFERRAL_LABELS] ?? f).join(', ')}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className="code-holder ext-link" data-link={link.instanceId}>
      <div className="ext-link-main">
        <div>
          <strong>{link.label}</strong> <span className="division-note">{details}</span>
          <span className={link.state === 'active' ? 'code-status' : 'code-status revoked'}>{STATES[link.state]}</span>
        </div>
        <LinkAddress link={link} />
      </div>
      {link.state !== 'replaced' && (
        <div className="user-commands">
          <SlButton size="small" disabled={busy} onClick={() => setConfirming('rotate')}>
            {link.state === 'active' ? 'Rotate Link' : 'Issue New Link'}
            <span className="visually-hidden"> {link.label}</span>
          </SlButton>
          {link.state === 'active' && (
            <SlButton size="small" variant="danger" outline disabled={busy} onClick={() => setConfirming('revoke')}>
              Revoke<span className="visually-hidden"> {link.label}</span>
            </SlButton>
          )}
        </div>
      )}
      <ConfirmDialog
        label={confirming === 'revoke' ? 'Revoke Link' : 'Rotate Link'}
        open={confirming !== null}
        busy={busy}
        action={confirming === 'revoke' ? 'Revoke' : 'Make New Link'}
        onConfirm={() => void run(confirming!)}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'revoke'
          ? `${link.label} stops opening at once; visitors see that the link is not valid.`
          : `${link.label} gets a new address; the current one stops opening at once and visitors register again on the new one.`}
      </ConfirmDialog>
    </li>
  );
}

/** Where an administrator chooses the providers the public forms offer (issue 32 §4). */
export const OFFERED_PROVIDERS_PATH = '/admin/reference/providers';

/**
 * The providers every link's form lists under Provider name and Refer to,
 * read from the setting on each provider (Reference → Providers), so the
 * administrator sees here what visitors see and where to change it.
 */
function OfferedProviders() {
  const providers = useReferenceRows('providers');
  if (providers.isLoading || providers.error) return null;
  const names = (providers.data ?? []).filter((p) => p.isActive && p.values.publicFormOffered).map((p) => String(p.values.displayName));
  return (
    <p className="division-note offered-providers">
      {names.length ? `The forms offer these providers: ${names.join('; ')}.` : 'The forms offer no providers: visitors add themselves.'}{' '}
      <NavLink path={OFFERED_PROVIDERS_PATH}>Choose them under Reference → Providers</NavLink> (Offered on Public Forms); staff are offered only when chosen.
    </p>
  );
}

/** The organisation's external-action links (spec 000 "External referral pages"), beside the access codes. */
export function ExtLinkList() {
  const links = useExtInstances();
  const [fresh, setFresh] = useState<ExtInstance | null>(null);
  return (
    <SectionPage title="External Action Links" action={<AddAction path={`${BACK}/${EXT_LINKS}/new`} label="Add Link" />}>
      <p className="division-note">Anyone with a link can open its form and register by phone to send a referral. Rotate a link that went where it should not.</p>
      <OfferedProviders />
      {fresh && (
        <div className="new-code" role="status">
          <p>
            The new link for {fresh.label} is <code className="ext-link-url">{fresh.url}</code>
          </p>
          <p>Put it where the old one was: the old one no longer opens.</p>
        </div>
      )}
      <LoadState isLoading={links.isLoading} error={links.error} isEmpty={links.data?.length === 0} emptyText="No external action links yet">
        <ul className="code-holders">
          {links.data?.map((l) => (
            <LinkRow
              key={l.instanceId}
              link={l}
              onChanged={(made) => {
                setFresh(made);
                links.reload();
              }}
            />
          ))}
        </ul>
      </LoadState>
    </SectionPage>
  );
}

function LinkForm() {
  const emit = useEmit();
  const divisions = useAdminDivisions();
  const { create } = useExtInstanceActions();
  const { submit, busy } = useIdempotentSubmit('admin-ext-instances');
  const [made, setMade] = useState<ExtInstance | null>(null);
  const form = useCareForm(ExtInstanceSchema, { defaultValues: { label: '', divisionUid: '', actionType: EXT_ACTION_TYPES[0], requiredFields: [] } satisfies ExtInstanceInput });
  const back = () => emit('care-navigate', { path: BACK });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await submit((key) => create(values, key));
      if (!saved) return;
      toast(SAVED, 'success');
      setMade(saved);
    } catch (err) {
      if (!applyServerErrors(form, err)) toast(SAVE_FAILED, 'danger');
    }
  });
  if (made) {
    return (
      <>
        <div className="new-code" role="status">
          <p>
            The link for {made.label} is <code className="ext-link-url">{made.url}</code>
          </p>
          <p>Give it to the people who send you referrals, or put it on your website. It stays listed under External Action Links.</p>
        </div>
        <div className="form-buttons">
          <SlButton variant="primary" onClick={back}>
            Done
          </SlButton>
        </div>
      </>
    );
  }
  return (
    <LoadState isLoading={divisions.isLoading} error={divisions.error}>
      <form noValidate onSubmit={onSubmit} className="ext-link-form">
        <ErrorSummary form={form} labels={LABELS} />
        <Field form={form} name="label" label={LABELS.label} hint="How this page names the link, e.g. Website or Clinic partners. Visitors do not see it." />
        <SelectField form={form} name="divisionUid" label={LABELS.divisionUid} options={(divisions.data ?? []).map((d) => ({ value: d.divisionUid, label: d.divisionName }))} />
        <SelectField form={form} name="actionType" label={LABELS.actionType} options={EXT_ACTION_TYPES.map((t) => ({ value: t, label: actionLabel(t) }))} />
        <CheckboxGroup form={form} name="requiredFields" label={LABELS.requiredFields} choices={EXT_REQUIRABLE_FIELDS.map((f) => ({ value: f, label: REFERRAL_LABELS[f] }))} />
        <FormButtons busy={busy} onCancel={back} />
      </form>
    </LoadState>
  );
}

/** `/admin/access-codes/ext-links/new`: a new link; its address is made when it is saved. */
export function ExtLinkPage() {
  return (
    <SectionPage title="Add External Action Link">
      <LinkForm />
    </SectionPage>
  );
}
