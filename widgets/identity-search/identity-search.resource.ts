import type { ApiClient, Document, Query, Resource } from '../../shared/api/client';
import { IDENTITY_SEARCH_PAGE_SIZE, identitySearchQuery, RECENT_PATIENTS, type IdentityPatientSummary, type IdentitySearchForm, type SourceStatus } from '../../shared/schemas/identity-search';
import type { PatientSummary } from '../../shared/schemas/patient-search';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';
import { useLoaded, type Loaded } from '../kit/use-loaded';

export interface IdentitySearchPage {
  patients: IdentityPatientSummary[];
  total: number;
  page: number;
}

/** `GET data/public/identity_search` for the form's values (trimmed, empty ones left out, arrays repeated). */
export async function searchIdentity(client: ApiClient, form: IdentitySearchForm, page: number): Promise<IdentitySearchPage> {
  const doc = await client.get<Document<Resource<IdentityPatientSummary>[]>>('data/public/identity_search', identitySearchQuery(form, page) as Query);
  return { patients: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length, page };
}

/** The searched criteria and page; null until the first Search (and again after Reset). */
export function useIdentitySearch(search: { form: IdentitySearchForm; page: number } | null): Loaded<IdentitySearchPage | null> {
  const client = useWidgetApi();
  return useLoaded(async () => (search ? searchIdentity(client, search.form, search.page) : null), [client, search]);
}

/** The hospitals to choose from (spec 002: list-view-cs-tbl-identity-source, not the primary source of truth, by name). */
export function useIdentitySources(): Loaded<string[]> {
  const client = useWidgetApi();
  return useLoaded(async () => {
    const doc = await client.get<Document<Resource<{ sourceDescription: string }>[]>>('data/public/list-view-cs-tbl-identity-source', { isPrimarySourceOfTruth: 'false', sort: 'source_description' });
    return doc.data.map((r) => r.attributes.sourceDescription);
  }, [client]);
}

/** The PCSA counties (spec 002: tbl-source-agency, sorted by agencyCounty, all rows). */
export function useSourceAgencies(): Loaded<string[]> {
  const client = useWidgetApi();
  return useLoaded(async () => {
    const doc = await client.get<Document<Resource<{ agencyCounty: string }>[]>>('data/public/tbl-source-agency', { sort: 'agency_county', allData: 1 });
    return doc.data.map((r) => r.attributes.agencyCounty);
  }, [client]);
}


/** Each source's last refresh and status (spec 000 "Data source status"). */
export async function sourceStatuses(client: ApiClient): Promise<SourceStatus[]> {
  const doc = await client.get<Document<Resource<SourceStatus>[]>>('data/public/tbl_identity_source_status');
  return doc.data.map((r) => r.attributes);
}

/** A card's patient as the preview modal reads it (spec 000 "Access alerts"). */
export function previewOf(p: IdentityPatientSummary): PatientSummary {
  return {
    access: 'full',
    patientUid: p.patientUid,
    firstName: p.firstName,
    lastName: p.lastName,
    birthDate: p.birthDate,
    restrictedFlag: p.restrictedFlag,
    adoptionRestricted: false,
    restrictedCaseWarning: p.restrictedCaseWarning,
    middleName: p.middleName,
    genderLabel: p.gender,
    sacwisPersonId: p.sacwisPersonId,
    custody: p.custody,
    agencyLegalStatus: p.csChildLegalStatusLegal,
    divisionUid: p.divisionUid,
    divisionName: p.divisionName,
    sourceCases: [],
  };
}

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / IDENTITY_SEARCH_PAGE_SIZE));
