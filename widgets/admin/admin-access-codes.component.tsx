import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import type { Struct } from 'superstruct';
import { B2wVendorSchema, CitAgencySchema, HwcAgencySchema, type CodeHolder, type CodeHolderInput, type CodeHolderKind } from '../../shared/schemas/admin';
import { useEmit } from '../../shared/widget/emit';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { ErrorSummary } from '../kit/error-summary';
import { FormButtons } from '../kit/form-buttons';
import { applyServerErrors, Field, SelectField, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { NavLink } from '../kit/nav-link';
import { useIdempotentSubmit } from '../kit/public-submit';
import { SectionPage } from '../kit/section-page';
import { toast } from '../kit/toasts';
import { ExtLinkList } from './admin-ext-links.component';
import { SAVE_FAILED, SAVED } from './admin-user-form.component';
import { useAdminDivisions, useCodeHolderActions, useCodeHolders } from './admin.resource';

/** Each kind's titles, form and where its code is used. */
const KINDS: Record<CodeHolderKind, { title: string; one: string; empty: string; schema: Struct<CodeHolderInput, unknown>; division: boolean; officers: boolean; usedOn: string }> = {
  'cit-agencies': { title: 'CIT Agencies', one: 'CIT Agency', empty: 'No CIT agencies yet', schema: CitAgencySchema as Struct<CodeHolderInput, unknown>, division: true, officers: true, usedOn: 'Officers type it with their name on the public CIT form.' },
  'hwc-agencies': { title: 'Handle with Care Districts', one: 'District', empty: 'No Handle with Care districts yet', schema: HwcAgencySchema as Struct<CodeHolderInput, unknown>, division: true, officers: false, usedOn: 'The district types it on the Handle with Care form.' },
  'b2w-vendors': { title: 'Back to Work Vendors', one: 'Vendor', empty: 'No Back to Work vendors yet', schema: B2wVendorSchema as Struct<CodeHolderInput, unknown>, division: false, officers: false, usedOn: "It goes in the link the vendor gives its employees (/b2w?vendorCode=...)." },
};
export const CODE_KINDS = Object.keys(KINDS) as CodeHolderKind[];
const LABELS = { name: 'Name', divisionUid: 'Division', stateIso: 'State', officers: 'Officers' };

/** A new code, shown once: the server keeps only its hash. */
function NewCode({ name, code }: { name: string; code: string }) {
  return (
    <div className="new-code" role="status">
      <p>
        The code for {name} is <code>{code}</code>
      </p>
      <p>Copy it now and give it to them: it is not shown again. Rotate the code if it is lost.</p>
    </div>
  );
}

function HolderRow({ kind, holder, onChanged }: { kind: CodeHolderKind; holder: CodeHolder; onChanged: (code: { name: string; code: string } | null) => void }) {
  const { command } = useCodeHolderActions(kind);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const run = async (name: 'rotate' | 'revoke') => {
    setBusy(true);
    try {
      const { holder: after, code } = await command(holder.holderUid, name);
      onChanged(code ? { name: after.name, code } : null);
      if (!code) toast(`The code of ${after.name} no longer works`, 'success');
    } catch (err) {
      toast((err as Error).message || SAVE_FAILED, 'danger');
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };
  const details = [holder.divisionName, holder.stateIso?.toUpperCase(), holder.officers && `${holder.officers.length} ${holder.officers.length === 1 ? 'officer' : 'officers'}`].filter(Boolean).join(' · ');
  return (
    <li className="code-holder" data-holder={holder.name}>
      <div>
        <NavLink path={`/admin/access-codes/${kind}/${holder.holderUid}`}>{holder.name}</NavLink> <span className="division-note">{details}</span>
        <span className={holder.isActive ? 'code-status' : 'code-status revoked'}>{holder.isActive ? 'Active' : 'Revoked'}</span>
      </div>
      <div className="user-commands">
        <SlButton size="small" disabled={busy} onClick={() => setConfirming('rotate')}>
          {holder.isActive ? 'Rotate Code' : 'Issue New Code'}
        </SlButton>
        {holder.isActive && (
          <SlButton size="small" variant="danger" outline disabled={busy} onClick={() => setConfirming('revoke')}>
            Revoke
          </SlButton>
        )}
      </div>
      <ConfirmDialog
        label={confirming === 'revoke' ? 'Revoke Code' : 'Rotate Code'}
        open={confirming !== null}
        busy={busy}
        action={confirming === 'revoke' ? 'Revoke' : 'Make New Code'}
        onConfirm={() => void run(confirming!)}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'revoke' ? `${holder.name}'s code stops working at once.` : `${holder.name} gets a new code; the current one stops working at once.`}
      </ConfirmDialog>
    </li>
  );
}

function HolderList({ kind }: { kind: CodeHolderKind }) {
  const holders = useCodeHolders(kind);
  const [shown, setShown] = useState<{ name: string; code: string } | null>(null);
  const k = KINDS[kind];
  return (
    <SectionPage title={k.title} action={<AddAction path={`/admin/access-codes/${kind}/new`} label={`Add ${k.one}`} />}>
      {shown && <NewCode {...shown} />}
      <LoadState isLoading={holders.isLoading} error={holders.error} isEmpty={holders.data?.length === 0} emptyText={k.empty}>
        <ul className="code-holders">
          {holders.data?.map((h) => (
            <HolderRow
              key={h.holderUid}
              kind={kind}
              holder={h}
              onChanged={(code) => {
                setShown(code);
                holders.reload();
              }}
            />
          ))}
        </ul>
      </LoadState>
    </SectionPage>
  );
}

/** `/admin/access-codes`: every kind of public-form code holder of the organisation, and its external-action links. */
export function AccessCodesPage() {
  return (
    <>
      {CODE_KINDS.map((kind) => (
        <HolderList key={kind} kind={kind} />
      ))}
      <ExtLinkList />
    </>
  );
}

function HolderForm({ kind, holder }: { kind: CodeHolderKind; holder: CodeHolder | null }) {
  const emit = useEmit();
  const k = KINDS[kind];
  const divisions = useAdminDivisions();
  const { save } = useCodeHolderActions(kind);
  const { submit, busy } = useIdempotentSubmit(`admin-${kind}`);
  const [made, setMade] = useState<{ name: string; code: string } | null>(null);
  const [officerText, setOfficerText] = useState((holder?.officers ?? []).join('\n'));
  const form = useCareForm(k.schema, {
    defaultValues: {
      name: holder?.name ?? '',
      ...(k.division ? { divisionUid: holder?.divisionUid ?? '' } : {}),
      ...(k.officers ? { stateIso: holder?.stateIso?.toUpperCase() ?? 'OH', officers: holder?.officers ?? [] } : {}),
    },
  });
  const back = () => emit('care-navigate', { path: '/admin/access-codes' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await submit((key) => save(holder?.holderUid ?? null, values, key));
      if (!saved) return;
      toast(SAVED, 'success');
      if (saved.code) setMade({ name: saved.holder.name, code: saved.code });
      else back();
    } catch (err) {
      if (!applyServerErrors(form, err)) toast(SAVE_FAILED, 'danger');
    }
  });
  if (made) {
    return (
      <>
        <NewCode {...made} />
        <p>{k.usedOn}</p>
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
      <form noValidate onSubmit={onSubmit} className="code-holder-form">
        <ErrorSummary form={form} labels={LABELS} />
        <Field form={form} name="name" label={LABELS.name} hint={holder ? undefined : `A code is made when you save. ${k.usedOn}`} />
        {k.division && <SelectField form={form} name="divisionUid" label={LABELS.divisionUid} options={(divisions.data ?? []).map((d) => ({ value: d.divisionUid, label: d.divisionName }))} />}
        {k.officers && (
          <>
            <Field form={form} name="stateIso" label={LABELS.stateIso} hint="Two letters: the form's address is /cit/{state}." />
            <Field form={form} name="officers" label={LABELS.officers} hint="One name per line, as officers type it.">
              {(control) => (
                <textarea
                  {...control}
                  rows={5}
                  value={officerText}
                  onChange={(e) => {
                    setOfficerText(e.target.value);
                    const names = e.target.value.split('\n').map((n) => n.trim()).filter(Boolean);
                    form.setValue('officers', names, { shouldDirty: true, shouldValidate: form.formState.submitCount > 0 });
                  }}
                />
              )}
            </Field>
          </>
        )}
        <FormButtons busy={busy} onCancel={back} />
      </form>
    </LoadState>
  );
}

/** `/admin/access-codes/{kind}/new` and `/admin/access-codes/{kind}/{id}`. */
export function CodeHolderPage({ kind, holderId }: { kind: CodeHolderKind; holderId: string | null }) {
  const holders = useCodeHolders(kind);
  const holder = holderId ? (holders.data?.find((h) => h.holderUid === holderId) ?? null) : null;
  const missing = holderId && holders.data && !holder;
  return (
    <SectionPage title={holder ? `Edit ${holder.name}` : `Add ${KINDS[kind].one}`}>
      <LoadState isLoading={holders.isLoading} error={holders.error ?? (missing ? new Error('Not found') : null)} errorText={missing ? 'Not Found' : undefined}>
        {holders.data && <HolderForm key={holder?.holderUid ?? 'new'} kind={kind} holder={holder} />}
      </LoadState>
    </SectionPage>
  );
}
