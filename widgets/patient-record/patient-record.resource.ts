import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** `GET /api/patients/{id}` (spec 001 section 3 "Patient") as the record's frame reads it. */
export interface RecordPatient {
  patientUid: string;
  divisionUid: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  birthDate: string | null;
  genderUid: string | null;
  genderLabel: string | null;
  genderIdentityUid: string | null;
  genderIdentityLabel: string | null;
  preferredPhone: 'mobile' | 'home' | 'work' | null;
  mobilePhone: string | null;
  homePhone: string | null;
  workPhone: string | null;
  phone: string | null;
  restrictedFlag: string;
  note: string | null;
  userCanSeeRestrictedCase: boolean;
  summaryPatient: { patientEpisodeUid: string | null; episodeStatusUid: string | null; episodeStatusLabel: string | null };
  sacwisPersonId?: string | null;
  agencyLegalStatus?: string | null;
  inCustody?: boolean;
}

/** A left-menu item (spec 000 section 3 "Nav item"). */
export interface NavItem {
  navItemUid: string;
  navItemLabel: string;
  route: string;
  defaultSortOrder: number;
  parentNavItemUid: string | null;
  /** The link's query string (`tab=inactive`), or null. */
  queryParams?: string | null;
}

export const fetchPatient = (client: ApiClient, patientId: string) =>
  client.get<Document<Resource<RecordPatient>>>(`patients/${encodeURIComponent(patientId)}`).then((doc) => doc.data.attributes);

export const fetchNavItems = (client: ApiClient) =>
  client
    .get<Document<Resource<NavItem>[]>>('data/reference/reference-nav-item', { refDataType: 'patient', allData: 1 })
    .then((doc) => doc.data.map((r) => r.attributes));

/** The patient of the record; `reload` after a change the header shows (episode, note, picture). */
export function usePatient(patientId: string): Loaded<RecordPatient> {
  const client = useWidgetApi();
  return useLoaded(() => fetchPatient(client, patientId), [client, patientId]);
}

export function useNavItems(): Loaded<NavItem[]> {
  const client = useWidgetApi();
  return useLoaded(() => fetchNavItems(client), [client]);
}
