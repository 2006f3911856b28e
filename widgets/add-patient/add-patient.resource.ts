import { useCallback, useEffect, useState } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { addPatientPayload, formFieldOf, POST_CODE_LOOKUP_MIN, type AddPatientValues } from '../../shared/schemas/add-patient';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { findPossibleDuplicates } from '../kit/possible-duplicates';
import { idempotencyHeader } from '../kit/public-submit';

export type { PossibleDuplicate } from '../kit/possible-duplicates';

/** The only file of the area that talks to the server (spec 001 section 7 "Add patient"). */

export interface Option {
  value: string;
  label: string;
}

/** The reference lists the form offers (spec 001 section 7 "Reference lookups"). */
export interface AddPatientOptions {
  genders: Option[];
  genderIdentities: Option[];
  reasons: Option[];
  referralSources: Option[];
  addressTypes: Option[];
  states: Option[];
}

/** `GET reference-data/reference-geo-data?zip_code`, after key conversion. */
export interface GeoRow {
  city: string;
  county: string;
  stateUid: string | null;
}

export interface Load<T> {
  data: T | null;
  error: unknown;
  isLoading: boolean;
}

interface ReferenceRow {
  uid: string;
  label: string;
}

async function referenceList(client: ApiClient, model: string, refDataType?: string): Promise<Option[]> {
  const doc = await client.get<Document<Resource<ReferenceRow>[]>>(`data/reference/${model}`, { refDataType, isActive: true, allData: 1 });
  return doc.data.map((r) => ({ value: r.attributes.uid, label: r.attributes.label }));
}

/** Every list the form needs, loaded together: the form opens once it can offer all its choices. */
export function useAddPatientOptions(): Load<AddPatientOptions> {
  const client = useWidgetApi();
  const [state, setState] = useState<Load<AddPatientOptions>>({ data: null, error: null, isLoading: true });
  useEffect(() => {
    let live = true;
    Promise.all([
      referenceList(client, 'reference-gender'),
      referenceList(client, 'reference-gender-identity'),
      referenceList(client, 'reference-reason', 'inbound referral'),
      referenceList(client, 'reference-referral-source'),
      referenceList(client, 'reference-address-type'),
      referenceList(client, 'reference-country-division'),
    ]).then(
      ([genders, genderIdentities, reasons, referralSources, addressTypes, states]) =>
        live && setState({ data: { genders, genderIdentities, reasons, referralSources, addressTypes, states }, error: null, isLoading: false }),
      (error: unknown) => live && setState({ data: null, error, isLoading: false }),
    );
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}

/** Spec 001 section 5: a post code of 5 or more characters looks up city, county and state (by its 5-digit ZIP). */
export async function lookUpPostCode(client: ApiClient, postCode: string): Promise<GeoRow | null> {
  const zip = postCode.trim().slice(0, POST_CODE_LOOKUP_MIN);
  if (!/^\d{5}$/.test(zip)) return null;
  const doc = await client.get<Document<Resource<GeoRow>[]>>('reference-data/reference-geo-data', { zipCode: zip });
  return doc.data[0]?.attributes ?? null;
}

/** `POST referrals/inbound`: the patient and everything the form holds, once per key. Returns the new patient's id. */
export async function createPatient(client: ApiClient, values: AddPatientValues, idempotencyKey: string): Promise<string> {
  const doc = await client.post<{ data: { relationships: { patient: { data: { id: string } } } } }>('referrals/inbound', addPatientPayload(values), undefined, idempotencyHeader(idempotencyKey));
  return doc.data.relationships.patient.data.id;
}

export function useAddPatientCalls() {
  const client = useWidgetApi();
  return {
    lookUpPostCode: useCallback((postCode: string) => lookUpPostCode(client, postCode), [client]),
    // Issue 8 section 4: the same names and birth date, whatever the gender.
    findPossibleDuplicates: useCallback(({ firstName, lastName, birthDate }: AddPatientValues) => findPossibleDuplicates(client, { firstName, lastName, birthDate }), [client]),
    createPatient: useCallback((values: AddPatientValues, key: string) => createPatient(client, values, key), [client]),
  };
}

/** The server names fields by their place in the document; the form by its own names. */
export function toFormErrors(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((e) => ({ ...e, field: e.field ? formFieldOf(e.field) : undefined })),
  );
}
