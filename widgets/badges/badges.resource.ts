import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { badgeChangesForm, type PatientBadgeChanges } from '../../shared/schemas/badges';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** Spec 001 section 3 "reference badge". */
export interface ReferenceBadge {
  badgeUid: string;
  badgeGroupUid: string;
  badgeName: string;
  badgeLabel: string;
  color: string | null;
  defaultSortOrder: number;
}

/** Spec 001 section 3 "Badge group", with its badges from the document's `included`. */
export interface BadgeGroup {
  badgeGroupUid: string;
  badgeGroupName: string;
  badgeGroupLabel: string;
  badgeGroupColor: string | null;
  isExclusive: boolean;
  defaultSortOrder: number;
  badges: ReferenceBadge[];
}

export interface PatientBadge {
  patientBadgeUid: string;
  badgeUid: string;
  badgeGroupUid: string;
  badgeLabel: string;
  color: string | null;
}

type GroupResource = Resource<Omit<BadgeGroup, 'badges'>> & { relationships: { referenceBadges: { data: { id: string }[] } } };

export async function fetchBadgeGroups(client: ApiClient): Promise<BadgeGroup[]> {
  const doc = await client.get<Document<GroupResource[]>>('reference-data/reference-badge-groups');
  const badges = new Map((doc.included ?? []).map((r) => [r.id, r.attributes as unknown as ReferenceBadge]));
  return doc.data.map((g) => ({ ...g.attributes, badges: g.relationships.referenceBadges.data.map((r) => badges.get(r.id)).filter((b): b is ReferenceBadge => !!b) }));
}

const patientBadgesPath = (patientId: string) => `patients/${encodeURIComponent(patientId)}/patient-badges`;

export async function fetchPatientBadges(client: ApiClient, patientId: string): Promise<PatientBadge[]> {
  return (await client.get<Document<Resource<PatientBadge>[]>>(patientBadgesPath(patientId))).data.map((r) => r.attributes);
}

/** The spec's form-encoded save; answers the patient's badges after it. */
export async function savePatientBadges(client: ApiClient, patientId: string, changes: PatientBadgeChanges): Promise<PatientBadge[]> {
  const doc = await client.request<Document<Resource<PatientBadge>[]>>('PUT', patientBadgesPath(patientId), { body: badgeChangesForm(changes) });
  return doc.data.map((r) => r.attributes);
}

/** The groups and the patient's badges, read together: the page needs both to show anything. */
export function useBadgePage(patientId: string): Loaded<{ groups: BadgeGroup[]; badges: PatientBadge[] }> {
  const client = useWidgetApi();
  return useLoaded(async () => {
    const [groups, badges] = await Promise.all([fetchBadgeGroups(client), fetchPatientBadges(client, patientId)]);
    return { groups, badges };
  }, [client, patientId]);
}

/** What to send to go from the patient's badges to the ones chosen. */
export function badgeChanges(groups: BadgeGroup[], current: PatientBadge[], chosen: string[]): PatientBadgeChanges {
  const groupOf = new Map(groups.flatMap((g) => g.badges.map((b) => [b.badgeUid, g.badgeGroupUid] as const)));
  const had = new Set(current.map((b) => b.badgeUid));
  return {
    create: chosen.filter((uid) => !had.has(uid) && groupOf.has(uid)).map((badgeUid) => ({ badgeUid, badgeGroupUid: groupOf.get(badgeUid)! })),
    delete: current.filter((b) => !chosen.includes(b.badgeUid)).map((b) => ({ patientBadgeUid: b.patientBadgeUid })),
  };
}
