import { startTransition, useEffect, useState } from 'react';
import { ApiClient } from '../../shared/api/client';
import type { PageRequest, PageResult } from '../kit/data-table';
import { openInNewTab } from '../kit/open-link';
import { idempotencyHeader } from '../kit/public-submit';
import { fetchViewPage } from '../kit/view-page';
import type { PublicFormBrand } from '../kit/public-form-frame';
import type { CitPersonMatch, CitSubmission } from '../../shared/schemas/cit';
import type { Document, Resource } from '../../shared/api/client';
import { suggestionsOf, type AddressSuggestion } from '../kit/address-search';

export interface Option { uid: string; name: string; label: string }
export interface Facility { facilityUid: string; facilityName: string }
export interface CitOptions { gender: Option[]; race: Option[]; shift: Option[]; countryDivision: Option[]; referralSource: Option[]; status: Option[] }
interface Doc<A> { data: { id: string; type: string; attributes: A } }

/** Form data load (spec 002 section 4): FETCHING, SUCCESS, ERROR. */
export function useCitContext(api: ApiClient, state: string) {
  const [result, setResult] = useState<{ status: 'FETCHING' | 'SUCCESS' | 'ERROR'; options?: CitOptions }>({ status: 'FETCHING' });
  useEffect(() => {
    let live = true;
    api
      .get<Doc<{ options: CitOptions }>>(`cit/${encodeURIComponent(state)}/context`)
      // The whole sheet draws when its lists arrive: in slices, the phone answering between them (issue 39 section 4).
      .then((doc) => live && startTransition(() => setResult({ status: 'SUCCESS', options: doc.data.attributes.options })))
      .catch(() => live && startTransition(() => setResult({ status: 'ERROR' })));
    return () => {
      live = false;
    };
  }, [api, state]);
  return result;
}

export const identify = (api: ApiClient, state: string, code: string, officerName: string, signal?: AbortSignal) =>
  api.request<Doc<{ valid: boolean; agencyName: string; facilities: Facility[]; brand: PublicFormBrand; localTreatmentSearch?: boolean }>>('POST', `cit/${encodeURIComponent(state)}/identify`, { body: { code, officerName }, signal });

export const personMatch = (api: ApiClient, state: string, body: CitPersonMatch) =>
  api.post<Doc<{ matches: number; personId?: string | null }>>(`cit/${encodeURIComponent(state)}/person-match`, body);

export interface GeoRow { zipCode: string; city: string; county: string; stateIso: string; stateUid: string | null; latitude: string | null; longitude: string | null }
export const geoByZip = (api: ApiClient, zip: string) => api.get<{ data: { attributes: GeoRow }[] }>('reference-data/reference-geo-data', { zip_code: zip });

/** What the server answers a submit: the sheet's id is the officer's reference number; `secureHref` (a PDF of the sheet) only where the server offers one. */
export interface CitSubmitAnswer {
  approvalStatus: string;
  createdAt?: string;
  emailSent: boolean | null;
  facilityName: string | null;
  secureHref?: string | null;
}
export type CitSubmitted = Doc<CitSubmitAnswer>;
export const submitCit = (api: ApiClient, state: string, values: CitSubmission, key: string) =>
  api.post<CitSubmitted>(`cit/${encodeURIComponent(state)}/submit`, values, undefined, idempotencyHeader(key));

export interface CitSubmissionDoc {
  status: 'pending' | 'approved' | 'rejected';
  approvalLocked: boolean;
  canApprove: boolean;
  agencyName: string;
  officerName: string;
  createdAt: string;
  patientUid: string | null;
  medicalEventUid: string | null;
  facilityName: string | null;
  submissionJson: Record<string, unknown>;
}
export const getSubmission = (api: ApiClient, id: string) => api.get<Doc<CitSubmissionDoc>>(`data/public/cit-submission/${encodeURIComponent(id)}`);
export const decideSubmission = (api: ApiClient, id: string, action: 'accept' | 'reject') =>
  api.put<Doc<CitSubmissionDoc> | undefined>(`data/public/cit-submission/${encodeURIComponent(id)}/${action}`);
export const getOptionsForStaff = (api: ApiClient) => api.get<Doc<{ options: CitOptions }>>('cit/oh/context');
/** A signed link (5 minutes) to the PDF of an approved sheet's CIT event; it needs no session, so a new tab can open it. */
export const getCitPdfLink = (api: ApiClient, patientUid: string, medicalEventUid: string) =>
  api.get<{ data: { link: string } }>(`data/public/patient/${encodeURIComponent(patientUid)}/medical-events/${encodeURIComponent(medicalEventUid)}/pdf`);

/** Opens the approved sheet's PDF in a new tab (the signed link asked for within the click); the link's error is rethrown. */
export const openCitPdf = (api: ApiClient, patientUid: string, medicalEventUid: string): Promise<void> =>
  openInNewTab(async () => (await getCitPdfLink(api, patientUid, medicalEventUid)).data.link);

/** A row of `cit-submission-list` in wire form: its column names go back unchanged as sort and filter keys. */
export type CitSubmissionRow = Record<string, unknown> & { submission_uid: string };

export const fetchCitSubmissionPage = (api: ApiClient, request: PageRequest): Promise<PageResult<CitSubmissionRow>> => fetchViewPage(api, 'cit-submission-list', request);

/** The officer's identity as the GET calls carry it: HTTP Basic, officer name and agency identifier (UTF-8). */
export interface OfficerIdentity { code: string; officerName: string }
const basic = ({ code, officerName }: OfficerIdentity) => `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${officerName}:${code}`)))}`;
/** Officer calls never carry a session's bearer token (it would take the Authorization header). */
const officerGet = <T>(api: ApiClient, path: string, identity: OfficerIdentity, query: Record<string, string>, signal?: AbortSignal) =>
  new ApiClient({ apiBase: api.config.apiBase, token: null }).request<T>('GET', path, { query, signal, headers: { authorization: basic(identity) } });

/** A local treatment facility (spec 002 "Public CIT form"). */
export interface TreatmentFacility { facilityUid: string; facilityName: string; city: string | null }
export const searchTreatmentFacilities = (api: ApiClient, state: string, identity: OfficerIdentity, search: string, signal?: AbortSignal) =>
  officerGet<{ data: { attributes: TreatmentFacility }[] }>(api, `cit/${encodeURIComponent(state)}/treatment-facilities`, identity, { search }, signal).then((d) => d.data.map((r) => r.attributes));

/** Spec 002 "Address helpers" on the public sheet: the address search, the officer's identity standing in for a session (`POST /cit/{state}/geoapify/autocomplete`). */
export const citAddressSearch = (api: ApiClient, state: string, identity: OfficerIdentity, text: string, signal?: AbortSignal) =>
  api
    .request<Document<Resource<AddressSuggestion>[]>>('POST', `cit/${encodeURIComponent(state)}/geoapify/autocomplete`, { body: { ...identity, text }, signal })
    .then(suggestionsOf);

/** One of a matched person's previous CIT incidents, as an officer may read it. */
export interface PersonIncident { incidentDate: string; crisis: string[]; disposition: string | null; agencyName: string | null }
export const getPersonIncidents = (api: ApiClient, state: string, identity: OfficerIdentity, personId: string, signal?: AbortSignal) =>
  officerGet<{ data: { attributes: PersonIncident }[]; meta?: { total?: number } }>(api, `data/public/person/${encodeURIComponent(personId)}/incidents`, identity, { state }, signal).then((d) => ({
    rows: d.data.map((r) => r.attributes),
    total: d.meta?.total ?? d.data.length,
  }));

/** A supervisor's correction of a pending sheet (the officer's identity and the status are not sent: the server keeps its own). */
export const editSubmission = (api: ApiClient, id: string, values: Record<string, unknown>) => {
  const { code: _code, officerName: _officer, approvalStatus: _status, ...attributes } = values;
  return api.put<Doc<CitSubmissionDoc>>(`data/public/cit-submission/${encodeURIComponent(id)}`, { data: { attributes } });
};
