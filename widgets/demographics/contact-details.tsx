import { useId, useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { addressPayload, AddressFieldsSchema, emailAddressPayload, EmailAddressFieldsSchema, type AddressFields, type EmailAddressFields } from '../../shared/schemas/contacts';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { AddAction } from '../kit/add-action';
import { AddressSearch, fillAddress } from '../kit/address-search';
import { EmailAddress } from '../kit/email-address';
import { FormDialog } from '../kit/form-dialog';
import { LoadState } from '../kit/load-state';
import { applyServerErrors, Field, formErrors, useCareForm } from '../kit/forms';
import { useReferenceList, type ReferenceOption } from '../kit/use-reference-list';
import type { PatientAddress, PatientEmail } from './demographics.resource';
import { SAVE_FAILED } from './demographics-form';

const ADDRESS_LABELS: Record<keyof AddressFields, string> = {
  addressTypeUid: 'Address Type',
  addr1: 'Address 1',
  addr2: 'Address 2',
  city: 'City',
  countryDivisionUid: 'State',
  postCode: 'Post Code',
  county: 'County',
  isPrimary: 'Primary',
};

export const addressLines = (a: PatientAddress) => [a.addr1, a.addr2, [a.city, [a.stateLabel, a.postCode].filter(Boolean).join(' ')].filter(Boolean).join(', '), a.county && `${a.county} County`].filter(Boolean) as string[];


const addressValues = (a: PatientAddress | null): AddressFields => ({
  addressTypeUid: a?.addressTypeUid ?? '',
  addr1: a?.addr1 ?? '',
  addr2: a?.addr2 ?? '',
  city: a?.city ?? '',
  countryDivisionUid: a?.countryDivisionUid ?? '',
  postCode: a?.postCode ?? '',
  county: a?.county ?? '',
  isPrimary: a?.isPrimary ?? false,
});

/** Adds or edits one address through the contacts area's `POST /api/addresses` and `PUT /api/addresses/{id}`. */
function AddressDialog({ patientUid, address, onClose, onSaved }: { patientUid: string; address: PatientAddress | null; onClose: () => void; onSaved: () => void }) {
  const client = useWidgetApi();
  const types = useReferenceList('reference-address-type');
  const states = useReferenceList('reference-country-division');
  const form = useCareForm(AddressFieldsSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: addressValues(address) });
  const submit = form.handleSubmit(async (values) => {
    const attributes = { ...values, addressTypeUid: values.addressTypeUid || null, countryDivisionUid: values.countryDivisionUid || null, addr2: values.addr2?.trim() || null, county: values.county?.trim() || null };
    try {
      if (address) await client.put(`addresses/${encodeURIComponent(address.id)}`, addressPayload(patientUid, attributes));
      else await client.post('addresses', addressPayload(patientUid, attributes));
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) form.setError('root.server', { type: 'server', message: SAVE_FAILED });
      return;
    }
    onSaved();
    onClose();
  });
  const select = (name: 'addressTypeUid' | 'countryDivisionUid', list: ReferenceOption[] | null) => (
    <Field form={form} name={name} label={ADDRESS_LABELS[name]}>
      {(control) => (
        <select {...control} {...form.register(name)}>
          <option value="">Choose</option>
          {list?.map((o) => (
            <option key={o.uid} value={o.uid}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <FormDialog label={address ? 'Edit Address' : 'Add Address'} form={form} labels={ADDRESS_LABELS} onClose={onClose} onSubmit={() => void submit()}>
      {select('addressTypeUid', types.data)}
      <AddressSearch onChoose={(found) => fillAddress(form, found, { address1: 'addr1', city: 'city', county: 'county', stateUid: 'countryDivisionUid', postCode: 'postCode' })} />
      <Field form={form} name="addr1" label={ADDRESS_LABELS.addr1} />
      <Field form={form} name="addr2" label={ADDRESS_LABELS.addr2} />
      <Field form={form} name="city" label={ADDRESS_LABELS.city} />
      {select('countryDivisionUid', states.data)}
      <Field form={form} name="postCode" label={ADDRESS_LABELS.postCode} />
      <Field form={form} name="county" label={ADDRESS_LABELS.county} />
      <label className="check">
        <input type="checkbox" {...form.register('isPrimary')} /> Primary address
      </label>
    </FormDialog>
  );
}

/** Adds or edits one e-mail address through `POST /api/email-addresses` and `PUT /api/email-addresses/{id}`. */
function EmailDialog({ patientUid, email, onClose, onSaved }: { patientUid: string; email: PatientEmail | null; onClose: () => void; onSaved: () => void }) {
  const client = useWidgetApi();
  const initial = { emailAddress: email?.emailAddress ?? '', isPrimary: email?.isPrimary ?? false };
  const form = useCareForm(EmailAddressFieldsSchema, { mode: 'onSubmit', reValidateMode: 'onSubmit', defaultValues: initial });
  const submit = form.handleSubmit(async (values: EmailAddressFields) => {
    const attributes = { emailAddress: values.emailAddress.trim(), isPrimary: values.isPrimary };
    try {
      if (email) await client.put(`email-addresses/${encodeURIComponent(email.id)}`, emailAddressPayload(patientUid, attributes));
      else await client.post('email-addresses', emailAddressPayload(patientUid, attributes));
    } catch (error) {
      if (!applyServerErrors(form, formErrors(error))) form.setError('root.server', { type: 'server', message: SAVE_FAILED });
      return;
    }
    onSaved();
    onClose();
  });
  return (
    <FormDialog label={email ? 'Edit Email Address' : 'Add Email Address'} form={form} labels={{ emailAddress: 'Email Address' }} onClose={onClose} onSubmit={() => void submit()}>
      <Field form={form} name="emailAddress" label="Email Address" type="email" />
      <label className="check">
        <input type="checkbox" {...form.register('isPrimary')} /> Primary email address
      </label>
    </FormDialog>
  );
}

type Editing = { kind: 'address'; row: PatientAddress | null } | { kind: 'email'; row: PatientEmail | null } | null;

export interface ContactDetailsProps {
  patientUid: string;
  addresses: PatientAddress[];
  emails: PatientEmail[];
  canEdit: boolean;
  /** After a save: read the page's data again. */
  onSaved: () => void;
}

/** The demographics page's addresses and e-mail addresses (spec 001 "Address", "Email"), each editable in a dialog. */
export function ContactDetails({ patientUid, addresses, emails, canEdit, onSaved }: ContactDetailsProps) {
  const [editing, setEditing] = useState<Editing>(null);
  const addressesId = useId();
  const emailsId = useId();
  const close = () => setEditing(null);
  const editButton = (label: string, onClick: () => void) =>
    canEdit && (
      <SlButton size="small" onClick={onClick}>
        {label}
      </SlButton>
    );
  return (
    <>
      <section className="card" aria-labelledby={addressesId}>
        <div className="card-header">
          <h3 id={addressesId}>Addresses</h3>
          {canEdit && <AddAction onClick={() => setEditing({ kind: 'address', row: null })} label="Add Address" />}
        </div>
        <LoadState isEmpty={addresses.length === 0} emptyText="No addresses">
          <ul className="contact-list">
            {addresses.map((a) => (
              <li key={a.id}>
                <address>
                  {a.addressTypeLabel && <strong>{a.addressTypeLabel}</strong>}
                  {addressLines(a).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
                {a.isPrimary && <span className="primary-pill">Primary</span>}
                {editButton('Edit', () => setEditing({ kind: 'address', row: a }))}
              </li>
            ))}
          </ul>
        </LoadState>
      </section>
      <section className="card" aria-labelledby={emailsId}>
        <div className="card-header">
          <h3 id={emailsId}>Email Addresses</h3>
          {canEdit && <AddAction onClick={() => setEditing({ kind: 'email', row: null })} label="Add Email Address" />}
        </div>
        <LoadState isEmpty={emails.length === 0} emptyText="No email addresses">
          <ul className="contact-list">
            {emails.map((e) => (
              <li key={e.id}>
                <span className="contact-email">
                  <EmailAddress address={e.emailAddress} />
                </span>
                {e.isPrimary && <span className="primary-pill">Primary</span>}
                {editButton('Edit', () => setEditing({ kind: 'email', row: e }))}
              </li>
            ))}
          </ul>
        </LoadState>
      </section>
      {/* Mounted while open: each opening starts from the row's current values. */}
      {editing?.kind === 'address' && <AddressDialog patientUid={patientUid} address={editing.row} onClose={close} onSaved={onSaved} />}
      {editing?.kind === 'email' && <EmailDialog patientUid={patientUid} email={editing.row} onClose={close} onSaved={onSaved} />}
    </>
  );
}
