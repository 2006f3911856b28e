import { useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { formatDateTime } from '../../shared/format';
import { EhrRegistrationSchema, EhrUserLinkDecisionSchema, type EhrRegistrationInput, type EhrRegistrationView, type EhrUserLinkDecision, type EhrUserLinkView, type LinkableUser } from '../../shared/schemas/ehr-registrations';
import { CheckboxField } from '../kit/checkbox-field';
import { applyServerErrors, Field, SelectField, useCareForm } from '../kit/forms';
import { LoadState } from '../kit/load-state';
import { SectionPage } from '../kit/section-page';
import { toast } from '../kit/toasts';
import { SAVE_FAILED } from './admin-user-form.component';
import { ClientSecretField } from './client-secret-field';
import { useEhrActions, useEhrs, useEhrUserLinks, type EhrsPage } from './admin.resource';
import { divisionChoices, RegistrationDialog, RegistrationRow, RegistrationsCard, RegistrationValues, type RegistrationDialogProps } from './registrations';

/**
 * Issue 34 section 1, the administrator's side, on Admin → Organization: the
 * EHRs that may open Careweave by a SMART launch (added and edited in a
 * dialog; a stored client secret is never shown, only that there is one),
 * what the hospital registers for Careweave in its EHR, and the EHR users an
 * administrator links to Careweave users (or refuses).
 */

const LABELS: Record<string, string> = {
  displayName: 'Name',
  issuer: 'Issuer (FHIR Base URL)',
  clientId: 'Client ID',
  clientSecret: 'Client Secret',
  removeClientSecret: 'Remove the stored secret: Careweave is a public client of this EHR',
  mrnSystem: 'MRN Identifier System',
  divisionUid: 'Division',
  isActive: 'Active: the EHR may launch Careweave',
};

/** The form's values: the secret always empty (a stored one is kept unless one is typed or it is removed). */
const formValues = (e: EhrRegistrationView | null): EhrRegistrationInput =>
  e
    ? { displayName: e.displayName, issuer: e.issuer, clientId: e.clientId, clientSecret: '', removeClientSecret: false, mrnSystem: e.mrnSystem, divisionUid: e.divisionUid, isActive: e.isActive }
    : { displayName: '', issuer: '', clientId: '', clientSecret: '', removeClientSecret: false, mrnSystem: '', divisionUid: '', isActive: true };

function EhrDialog({ row: ehr, divisions, onClose, onSaved }: RegistrationDialogProps<EhrRegistrationView>) {
  const { save } = useEhrActions();
  const form = useCareForm(EhrRegistrationSchema, { defaultValues: formValues(ehr) });
  return (
    <RegistrationDialog
      label={ehr ? `Edit ${ehr.displayName}` : 'Add EHR'}
      form={form}
      labels={LABELS}
      formId="admin-ehr"
      save={(values, key) => save(ehr?.ehrUid ?? null, values, key)}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Field form={form} name="displayName" label={LABELS.displayName} hint="The hospital or EHR, as administrators and the audit log name it." />
      <Field form={form} name="issuer" label={LABELS.issuer} type="url" hint="The EHR's FHIR base URL (https://), as it sends it in a launch's iss. A launch from any other address is refused." />
      <Field form={form} name="clientId" label={LABELS.clientId} hint="Given by the EHR when Careweave is registered there as a SMART app." />
      <ClientSecretField form={form} name="clientSecret" label={LABELS.clientSecret} stored={!!ehr?.hasClientSecret} hint="For a confidential client only: given by the EHR with the client ID. Leave empty for a public client." />
      {ehr?.hasClientSecret && <CheckboxField form={form} name="removeClientSecret" label={LABELS.removeClientSecret} />}
      <Field
        form={form}
        name="mrnSystem"
        label={LABELS.mrnSystem}
        hint="The identifier system of the EHR's Patient identifiers that holds the MRN (a URI, such as urn:oid:… ): Careweave matches the EHR's patient to its own by this MRN."
      />
      <SelectField form={form} name="divisionUid" label={LABELS.divisionUid} options={divisionChoices(divisions)} />
    </RegistrationDialog>
  );
}

function EhrRow({ ehr, onEdit }: { ehr: EhrRegistrationView; onEdit: () => void }) {
  return (
    <RegistrationRow className="ehr" data={['data-ehr', ehr.ehrUid]} name={ehr.displayName} isActive={ehr.isActive} onEdit={onEdit}>
      <code className="ext-link-url">{ehr.issuer}</code>
      <span className="division-note">
        Client ID {ehr.clientId} · {ehr.hasClientSecret ? 'Secret stored' : 'Public client (no secret)'} · Patients in {ehr.divisionName}
      </span>
      <span className="division-note">
        MRNs by <code>{ehr.mrnSystem}</code>
      </span>
    </RegistrationRow>
  );
}

/** What a hospital registers for Careweave in its EHR. */
const registerInEhr = (page: EhrsPage) => (
  <RegistrationValues
    className="ehr-register"
    intro="Register Careweave in the EHR as a SMART on FHIR app (EHR launch) with:"
    values={[
      { label: 'Launch URL', value: page.launchUrl },
      { label: 'Redirect URL', value: page.redirectUrl },
      { label: 'Scopes', value: page.scopes },
    ]}
  />
);

/** The "EHRs" card of the organisation page. */
export function EhrsSection() {
  const page = useEhrs();
  return (
    <RegistrationsCard
      title="EHRs"
      addLabel="Add EHR"
      intro={
        <p className="division-note">
          Hospital EHRs that open Careweave for their patient with a SMART on FHIR launch, with no Careweave password. An EHR user is signed in as the Careweave user an administrator linked them to
          (EHR User Links below).
        </p>
      }
      page={page}
      rowsOf={(page) => page.ehrs}
      keyOf={(e) => e.ehrUid}
      emptyText="No EHRs yet"
      values={registerInEhr}
      row={(e, onEdit) => <EhrRow ehr={e} onEdit={onEdit} />}
      dialog={(props) => <EhrDialog {...props} />}
    />
  );
}

const linkName = (l: EhrUserLinkView) => l.displayName ?? l.subject;

/**
 * The decision on one EHR user: a Careweave user with access to the EHR's
 * division (the only ones offered; the server checks again), then Approve,
 * or Refuse. The server's refusal shows under the picker.
 */
function LinkDecision({ link, users, onDecided }: { link: EhrUserLinkView; users: LinkableUser[]; onDecided: () => void }) {
  const { decide } = useEhrActions();
  const [busy, setBusy] = useState(false);
  const form = useCareForm(EhrUserLinkDecisionSchema, { defaultValues: { status: 'approved', userUid: link.userUid ?? '' } });
  const choices = users.filter((u) => u.divisionUids.includes(link.divisionUid)).map((u) => ({ value: u.userUid, label: `${u.displayName} (${u.userName})` }));
  const run = async (decision: EhrUserLinkDecision) => {
    setBusy(true);
    try {
      const after = await decide(link.linkUid, decision);
      toast(after.status === 'approved' ? `${linkName(link)} signs in as ${after.userDisplayName}` : `${linkName(link)} is refused`, 'success');
      onDecided();
    } catch (err) {
      if (!applyServerErrors(form, err)) toast(SAVE_FAILED, 'danger');
    } finally {
      setBusy(false);
    }
  };
  const approve = form.handleSubmit((values) => run({ status: 'approved', userUid: values.userUid }));
  return (
    <form
      className="ehr-link-decision"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void approve();
      }}
    >
      <SelectField form={form} name="userUid" label={`Careweave User for ${linkName(link)}`} options={choices} empty={choices.length ? 'Choose a user' : 'No user has access to this division'} />
      {choices.length === 0 && <span className="division-note">Give a user access to {link.divisionName} on their user page to link them.</span>}
      <div className="user-commands">
        <SlButton size="small" variant="primary" disabled={busy} onClick={() => void approve()}>
          Approve<span className="visually-hidden"> {linkName(link)}</span>
        </SlButton>
        <SlButton size="small" variant="danger" outline disabled={busy || link.status === 'refused'} onClick={() => void run({ status: 'refused' })}>
          Refuse<span className="visually-hidden"> {linkName(link)}</span>
        </SlButton>
      </div>
    </form>
  );
}

const STATUS: Record<EhrUserLinkView['status'], string> = { pending: 'Waiting', approved: 'Approved', refused: 'Refused' };

function LinkRow({ link, users, onDecided }: { link: EhrUserLinkView; users: LinkableUser[]; onDecided: () => void }) {
  const [changing, setChanging] = useState(false);
  const decided = link.status !== 'pending';
  return (
    <li className="code-holder ehr-user-link" data-link={link.linkUid} data-status={link.status}>
      <div className="ext-link-main">
        <div>
          <strong>{linkName(link)}</strong>
          <span className={link.status === 'refused' ? 'code-status revoked' : 'code-status'}>{STATUS[link.status]}</span>
        </div>
        <span className="division-note">
          <code>{link.subject}</code> at {link.ehrName} · first launch {formatDateTime(link.firstSeenAt)}
        </span>
        {decided && (
          <span className="division-note link-decided">
            {link.status === 'approved' ? `Signs in as ${link.userDisplayName ?? 'a user no longer listed'}` : 'Refused'}
            {link.decidedAt && ` · ${formatDateTime(link.decidedAt)}`}
            {link.decidedByName && ` by ${link.decidedByName}`}
          </span>
        )}
      </div>
      {decided && !changing ? (
        <div className="user-commands">
          <SlButton size="small" onClick={() => setChanging(true)}>
            Change<span className="visually-hidden"> {linkName(link)}</span>
          </SlButton>
        </div>
      ) : (
        <LinkDecision link={link} users={users} onDecided={onDecided} />
      )}
    </li>
  );
}

/** The "EHR User Links" card of the organisation page: EHR users waiting for a decision, then the decided ones. */
export function EhrUserLinksSection() {
  const page = useEhrUserLinks();
  const links = page.data?.links ?? [];
  const waiting = links.filter((l) => l.status === 'pending');
  const decided = links.filter((l) => l.status !== 'pending');
  const rows = (list: EhrUserLinkView[]) => (
    <ul className="code-holders">
      {list.map((l) => (
        <LinkRow key={`${l.linkUid}-${l.status}-${l.userUid ?? ''}`} link={l} users={page.data!.users} onDecided={page.reload} />
      ))}
    </ul>
  );
  return (
    <SectionPage title="EHR User Links">
      <p className="division-note">
        The first time someone opens Careweave from an EHR, they are asked to contact their administrator and wait here. Approve them as the Careweave user they are (with access to the EHR&apos;s
        division) and their next launch signs them in with that user&apos;s permissions; nobody is given access otherwise.
      </p>
      <LoadState isLoading={page.isLoading} error={page.error}>
        {page.data && (
          <div className="ehr-links">
            <h3>Waiting for a Decision</h3>
            {waiting.length === 0 ? <p className="load-state load-state-empty">No EHR users are waiting</p> : rows(waiting)}
            <h3>Decided</h3>
            {decided.length === 0 ? <p className="load-state load-state-empty">No decisions yet</p> : rows(decided)}
          </div>
        )}
      </LoadState>
    </SectionPage>
  );
}
