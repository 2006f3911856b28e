import { useCallback } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import { snakeKeys } from '../../shared/casing';
import { REFERENCE_LISTS, type ReferenceListDefinition, type ReferenceListName, type ReferenceRow } from '../../shared/schemas/admin-reference';
import type { EhrRegistrationHelp, EhrRegistrationInput, EhrRegistrationView, EhrUserLinkDecision, EhrUserLinkView, LinkableUser } from '../../shared/schemas/ehr-registrations';
import type { FhirClientFormInput, FhirClientHelp, FhirClientView } from '../../shared/schemas/fhir-clients';
import type { FhirDestinationHelp, FhirDestinationInput, FhirDestinationView } from '../../shared/schemas/fhir-destinations';
import type { IdentityProviderInput, IdentityProviderView, PasswordLoginState } from '../../shared/schemas/identity-providers';
import type { SmartAppFormInput, SmartAppHelp, SmartAppView } from '../../shared/schemas/smart-apps';
import type { AdminUser, CodeHolder, CodeHolderInput, CodeHolderKind, DivisionInput, ExtInstance, ExtInstanceInput, OrganizationInput, QueueInput } from '../../shared/schemas/admin';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest } from '../kit/data-table';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { fetchViewPage } from '../kit/view-page';

/** A row of the `admin-user` view, in wire form so its columns go back as sort and filter keys. */
export type AdminUserRow = Record<string, unknown> & {
  user_uid: string;
  display_name: string;
  user_name: string;
  email_address: string | null;
  division_names: string;
  is_admin: boolean;
  is_active: boolean;
};

/** A row of the `admin-audit` view. */
export type AdminAuditRow = Record<string, unknown> & {
  audit_uid: string;
  created_at: string;
  actor_name: string;
  action: string;
  target_label: string;
  before_json: string;
  after_json: string;
};

/** A user as `GET /api/admin/users/{id}` answers: their divisions of the admin's organisation and flags there. */
export interface OrgUser extends Omit<AdminUser, 'email'> {
  userUid: string;
  email: string | null;
  isActive: boolean;
  /** Keeps password sign-in when the organisation turns it off (issue 34). */
  passwordFallback: boolean;
  /** Also works for another organisation: deactivating takes them out of this one's divisions only. */
  sharedWithOtherOrganization: boolean;
}

export interface AdminDivision {
  divisionUid: string;
  divisionName: string;
}

export function useAdminPages() {
  const api = useWidgetApi();
  const users = useCallback((request: PageRequest) => fetchViewPage<AdminUserRow>(api, 'admin-user', request), [api]);
  const audit = useCallback((request: PageRequest) => fetchViewPage<AdminAuditRow>(api, 'admin-audit', request), [api]);
  return { users, audit };
}

export function useAdminDivisions(): Loaded<AdminDivisionDetail[]> {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<Document<Resource<AdminDivisionDetail>[]>>('admin/divisions')).data.map((d) => d.attributes), [api]);
}

export function useAdminUser(userId: string | null): Loaded<OrgUser | null> {
  const api = useWidgetApi();
  return useLoaded(async () => (userId ? (await api.get<Document<Resource<OrgUser>>>(`admin/users/${encodeURIComponent(userId)}`)).data.attributes : null), [api, userId]);
}

type UserDoc = Document<Resource<OrgUser>>;

/** Create (`POST`, one Idempotency-Key per submission) or edit (`PUT`) a user, and the user's commands. */
export function useAdminUserActions(userId: string | null) {
  const api = useWidgetApi();
  const path = `admin/users/${encodeURIComponent(userId ?? '')}`;
  const save = useCallback(
    async (values: AdminUser, key: string) =>
      (userId ? await api.put<UserDoc>(path, values) : await api.post<UserDoc>('admin/users', values, undefined, idempotencyHeader(key))).data.attributes,
    [api, path, userId],
  );
  const command = useCallback(async (name: 'deactivate' | 'reactivate' | 'password-reset') => (await api.post<UserDoc>(`${path}/${name}`)).data.attributes, [api, path]);
  return { save, command };
}

/** `GET /api/admin/organization`: the admin's organisation, its market and the support page's urgent line (digits). */
export interface AdminOrganization {
  orgUid: string;
  orgName: string;
  marketName: string | null;
  supportPhone: string | null;
}

/** A division as the organisation pages show and edit it. */
export interface AdminDivisionDetail extends AdminDivision, DivisionInput {
  themeColor: string;
  logoUrl: string | null;
}

/** A work queue of a division: its rule as typed (list-call filters) and its columns in order. */
export interface AdminQueue extends QueueInput {
  queueUid: string;
  divisionUid: string;
  parentQueueUid: string | null;
}

type One<T> = Document<Resource<T>>;

/** An organisation's registration (`admin/<collection>`): edited (`PUT .../{id}`) or added (`POST`, one Idempotency-Key per submission). */
async function saveRegistration<T>(api: ApiClient, collection: string, id: string | null, values: unknown, key: string): Promise<T> {
  return (id ? await api.put<One<T>>(`${collection}/${encodeURIComponent(id)}`, values) : await api.post<One<T>>(collection, values, undefined, idempotencyHeader(key))).data.attributes;
}

/** An organisation's registrations (`GET admin/<collection>`): the rows under `key`, beside the answer's `meta` (what the other system is given). */
function useRegistrations<V, M, K extends string>(collection: string, key: K): Loaded<M & Record<K, V[]>> {
  const api = useWidgetApi();
  return useLoaded(async () => {
    const doc = await api.get<Document<Resource<V>[]> & { meta: M }>(collection);
    return { ...doc.meta, [key]: doc.data.map((r) => r.attributes) } as M & Record<K, V[]>;
  }, [api, collection, key]);
}

export function useAdminOrganization(): Loaded<AdminOrganization> {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<One<AdminOrganization>>('admin/organization')).data.attributes, [api]);
}

export function useAdminDivision(divisionId: string | null): Loaded<AdminDivisionDetail | null> {
  const api = useWidgetApi();
  return useLoaded(async () => (divisionId ? (await api.get<One<AdminDivisionDetail>>(`admin/divisions/${encodeURIComponent(divisionId)}`)).data.attributes : null), [api, divisionId]);
}

/** A division's queues and the queue view's columns (what a rule may filter on and a queue may show). */
export function useAdminQueues(divisionId: string): Loaded<{ queues: AdminQueue[]; viewColumns: string[] }> {
  const api = useWidgetApi();
  return useLoaded(async () => {
    const doc = await api.get<Document<Resource<AdminQueue>[]> & { meta: { viewColumns: string[] } }>(`admin/divisions/${encodeURIComponent(divisionId)}/queues`);
    return { queues: doc.data.map((q) => q.attributes), viewColumns: doc.meta.viewColumns };
  }, [api, divisionId]);
}

/** Saves of the organisation pages: create (`POST`, one Idempotency-Key per submission) or edit (`PUT`). */
export function useOrganizationActions() {
  const api = useWidgetApi();
  const saveOrganization = useCallback(async (values: OrganizationInput) => (await api.put<One<AdminOrganization>>('admin/organization', values)).data.attributes, [api]);
  const saveDivision = useCallback(
    async (divisionId: string | null, values: DivisionInput, key: string) =>
      (divisionId
        ? await api.put<One<AdminDivisionDetail>>(`admin/divisions/${encodeURIComponent(divisionId)}`, values)
        : await api.post<One<AdminDivisionDetail>>('admin/divisions', values, undefined, idempotencyHeader(key))
      ).data.attributes,
    [api],
  );
  const saveQueue = useCallback(
    async (divisionId: string, queueId: string | null, values: QueueInput, key: string) =>
      (queueId
        ? await api.put<One<AdminQueue>>(`admin/queues/${encodeURIComponent(queueId)}`, values)
        : await api.post<One<AdminQueue>>(`admin/divisions/${encodeURIComponent(divisionId)}/queues`, values, undefined, idempotencyHeader(key))
      ).data.attributes,
    [api],
  );
  /** The count of patients the rule matches in the division, as the list engine runs it. */
  const preview = useCallback(async (divisionId: string, rule: string) => (await api.post<One<{ count: number }>>('admin/queues/preview', { divisionUid: divisionId, rule })).data.attributes.count, [api]);
  return { saveOrganization, saveDivision, saveQueue, preview };
}

export function useAdminQueue(queueId: string | null): Loaded<AdminQueue | null> {
  const api = useWidgetApi();
  return useLoaded(async () => (queueId ? (await api.get<One<AdminQueue>>(`admin/queues/${encodeURIComponent(queueId)}`)).data.attributes : null), [api, queueId]);
}

type HolderDoc = Document<Resource<CodeHolder>> & { meta?: { code?: string } };

export function useCodeHolders(kind: CodeHolderKind): Loaded<CodeHolder[]> {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<Document<Resource<CodeHolder>[]>>(`admin/${kind}`)).data.map((h) => h.attributes), [api, kind]);
}

/**
 * Create (`POST`, one Idempotency-Key per submission) or edit (`PUT`) a holder,
 * rotate its code or revoke it; `code` is the new code when one was made.
 */
export function useCodeHolderActions(kind: CodeHolderKind) {
  const api = useWidgetApi();
  const answer = (doc: HolderDoc) => ({ holder: doc.data.attributes, code: doc.meta?.code ?? null });
  const save = useCallback(
    async (holderId: string | null, values: CodeHolderInput, key: string) =>
      answer(holderId ? await api.put<HolderDoc>(`admin/${kind}/${encodeURIComponent(holderId)}`, values) : await api.post<HolderDoc>(`admin/${kind}`, values, undefined, idempotencyHeader(key))),
    [api, kind],
  );
  const command = useCallback(async (holderId: string, name: 'rotate' | 'revoke') => answer(await api.post<HolderDoc>(`admin/${kind}/${encodeURIComponent(holderId)}/${name}`)), [api, kind]);
  return { save, command };
}

export function useExtInstances(): Loaded<ExtInstance[]> {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<Document<Resource<ExtInstance>[]>>('admin/ext-instances')).data.map((i) => i.attributes), [api]);
}

/** Create an external-action link (`POST`, one Idempotency-Key per submission), rotate it (the new link comes back) or revoke it. */
export function useExtInstanceActions() {
  const api = useWidgetApi();
  const create = useCallback(async (values: ExtInstanceInput, key: string) => (await api.post<One<ExtInstance>>('admin/ext-instances', values, undefined, idempotencyHeader(key))).data.attributes, [api]);
  const command = useCallback(async (id: string, name: 'rotate' | 'revoke') => (await api.post<One<ExtInstance>>(`admin/ext-instances/${encodeURIComponent(id)}/${name}`)).data.attributes, [api]);
  return { create, command };
}

/** `GET /api/admin/reference/<list>`: every row the organisation edits, inactive ones too, in their order. */
export function useReferenceRows(list: ReferenceListName): Loaded<ReferenceRow[]> {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<Document<Resource<ReferenceRow>[]>>(`admin/reference/${list}`)).data.map((r) => r.attributes), [api, list]);
}

export function useReferenceRow(list: ReferenceListName, id: string | null): Loaded<ReferenceRow | null> {
  const api = useWidgetApi();
  return useLoaded(async () => (id ? (await api.get<One<ReferenceRow>>(`admin/reference/${list}/${encodeURIComponent(id)}`)).data.attributes : null), [api, list, id]);
}

/** Add (`POST`, one Idempotency-Key per submission) or edit (`PUT`) a row; deactivate or reactivate it; put rows in a new order. */
export function useReferenceActions(list: ReferenceListName) {
  const api = useWidgetApi();
  /** With a file (a list with a file field), the body is multipart: the values as JSON in `values`, then the file. */
  const save = useCallback(
    async (id: string | null, values: Record<string, unknown>, key: string, file: File | null = null) => {
      const path = id ? `admin/reference/${list}/${encodeURIComponent(id)}` : `admin/reference/${list}`;
      if (file) {
        const body = new FormData();
        body.append('values', JSON.stringify(snakeKeys(values)));
        body.append('file', file, file.name);
        return (await api.request<One<ReferenceRow>>(id ? 'PUT' : 'POST', path, { body, headers: idempotencyHeader(key) })).data.attributes;
      }
      return (id ? await api.put<One<ReferenceRow>>(path, values) : await api.post<One<ReferenceRow>>(path, values, undefined, idempotencyHeader(key))).data.attributes;
    },
    [api, list],
  );
  const command = useCallback(async (id: string, name: 'deactivate' | 'reactivate') => (await api.post<One<ReferenceRow>>(`admin/reference/${list}/${encodeURIComponent(id)}/${name}`)).data.attributes, [api, list]);
  const reorder = useCallback(async (ids: string[]) => (await api.put<Document<Resource<ReferenceRow>[]>>(`admin/reference/${list}/order`, { ids })).data.map((r) => r.attributes), [api, list]);
  return { save, command, reorder };
}

/**
 * The choices of the fields that point to other rows (a badge's group, a
 * provider's role), by field name; inactive ones too, marked, since rows may
 * still point to them.
 */
export function useReferenceLookups(def: ReferenceListDefinition): Loaded<Record<string, { value: string; label: string }[]>> {
  const api = useWidgetApi();
  return useLoaded(async () => {
    const out: Record<string, { value: string; label: string }[]> = {};
    for (const field of def.fields) {
      if (field.kind === 'row') {
        const target = REFERENCE_LISTS[field.list!];
        const rows = (await api.get<Document<Resource<ReferenceRow>[]>>(`admin/reference/${field.list}`)).data.map((r) => r.attributes);
        out[field.name] = rows.map((r) => ({ value: r.id, label: `${String(r.values[target.labelField] ?? '')}${r.isActive ? '' : ' (inactive)'}` }));
      }
      if (field.kind === 'model') {
        const rows = (await api.get<Document<Resource<{ uid: string; label: string; isActive: boolean }>[]>>(`data/reference/${field.model}`, { allData: 1 })).data.map((r) => r.attributes);
        out[field.name] = rows.map((r) => ({ value: r.uid, label: `${r.label}${r.isActive ? '' : ' (inactive)'}` }));
      }
    }
    return out;
  }, [api, def]);
}

/**
 * `GET /api/admin/identity-providers` (issue 34): the organisation's providers
 * (a secret shows only as `hasClientSecret`), its password sign-in switch, and
 * the redirect address to register at a provider.
 */
export interface IdentityProvidersPage extends PasswordLoginState {
  providers: IdentityProviderView[];
  redirectUri: string;
}

export const useIdentityProviders = (): Loaded<IdentityProvidersPage> =>
  useRegistrations<IdentityProviderView, PasswordLoginState & { redirectUri: string }, 'providers'>('admin/identity-providers', 'providers');

/** Add (`POST`, one Idempotency-Key per submission) or edit (`PUT`) a provider; turn the organisation's password sign-in on or off. */
export function useIdentityProviderActions() {
  const api = useWidgetApi();
  const save = useCallback(
    (id: string | null, values: IdentityProviderInput, key: string) => saveRegistration<IdentityProviderView>(api, 'admin/identity-providers', id, values, key),
    [api],
  );
  const setPasswordLogin = useCallback(async (on: boolean) => (await api.put<One<PasswordLoginState>>('admin/organization/password-login', { passwordLogin: on })).data.attributes, [api]);
  return { save, setPasswordLogin };
}

/**
 * `GET /api/admin/ehrs` (issue 34): the organisation's EHR registrations (a
 * secret shows only as `hasClientSecret`) and what a hospital registers for
 * Careweave in its EHR: the launch URL, the redirect URL and the scopes.
 */
export interface EhrsPage extends EhrRegistrationHelp {
  ehrs: EhrRegistrationView[];
}

export const useEhrs = (): Loaded<EhrsPage> => useRegistrations<EhrRegistrationView, EhrRegistrationHelp, 'ehrs'>('admin/ehrs', 'ehrs');

/** `GET /api/admin/ehr-user-links`: the EHR users (waiting ones first) and the organisation's active users they may be linked to. */
export interface EhrUserLinksPage {
  links: EhrUserLinkView[];
  users: LinkableUser[];
}

export function useEhrUserLinks(): Loaded<EhrUserLinksPage> {
  const api = useWidgetApi();
  return useLoaded(async () => {
    const doc = await api.get<Document<Resource<EhrUserLinkView>[]> & { meta: { users: LinkableUser[] } }>('admin/ehr-user-links');
    return { links: doc.data.map((l) => l.attributes), users: doc.meta.users };
  }, [api]);
}

/** Register (`POST`, one Idempotency-Key per submission) or edit (`PUT`) an EHR; approve or refuse an EHR user. */
export function useEhrActions() {
  const api = useWidgetApi();
  const save = useCallback(
    (id: string | null, values: EhrRegistrationInput, key: string) => saveRegistration<EhrRegistrationView>(api, 'admin/ehrs', id, values, key),
    [api],
  );
  const decide = useCallback(
    async (id: string, decision: EhrUserLinkDecision) => (await api.put<One<EhrUserLinkView>>(`admin/ehr-user-links/${encodeURIComponent(id)}`, decision)).data.attributes,
    [api],
  );
  return { save, decide };
}

/**
 * `GET /api/admin/fhir-clients` (issue 35): the organisation's SMART Backend
 * Services clients and the addresses they call: the token URL and the FHIR
 * base URL.
 */
export interface FhirClientsPage extends FhirClientHelp {
  clients: FhirClientView[];
}

export const useFhirClients = (): Loaded<FhirClientsPage> => useRegistrations<FhirClientView, FhirClientHelp, 'clients'>('admin/fhir-clients', 'clients');

/** Register (`POST`, one Idempotency-Key per submission) or edit (`PUT`) a FHIR client. */
export function useFhirClientActions() {
  const api = useWidgetApi();
  const save = useCallback((id: string | null, values: FhirClientFormInput, key: string) => saveRegistration<FhirClientView>(api, 'admin/fhir-clients', id, values, key), [api]);
  return { save };
}

/**
 * `GET /api/admin/fhir-destinations` (issue 35): the facilities whose FHIR
 * server takes the organisation's referrals, and what that server registers
 * for Careweave: its JWKS URL and the scopes to grant.
 */
export interface FhirDestinationsPage extends FhirDestinationHelp {
  destinations: FhirDestinationView[];
}

export const useFhirDestinations = (): Loaded<FhirDestinationsPage> =>
  useRegistrations<FhirDestinationView, FhirDestinationHelp, 'destinations'>('admin/fhir-destinations', 'destinations');

/** Register (`POST`, one Idempotency-Key per submission) or edit (`PUT`) a FHIR destination. */
export function useFhirDestinationActions() {
  const api = useWidgetApi();
  const save = useCallback(
    (id: string | null, values: FhirDestinationInput, key: string) => saveRegistration<FhirDestinationView>(api, 'admin/fhir-destinations', id, values, key),
    [api],
  );
  return { save };
}

/**
 * `GET /api/admin/smart-apps` (issue 35): the organisation's user-facing
 * SMART apps and what their developers configure: the FHIR base URL (the
 * `iss`), the authorize URL and the token URL.
 */
export interface SmartAppsPage extends SmartAppHelp {
  apps: SmartAppView[];
}

export const useSmartApps = (): Loaded<SmartAppsPage> => useRegistrations<SmartAppView, SmartAppHelp, 'apps'>('admin/smart-apps', 'apps');

/** Register (`POST`, one Idempotency-Key per submission) or edit (`PUT`) a SMART app. */
export function useSmartAppActions() {
  const api = useWidgetApi();
  const save = useCallback((id: string | null, values: SmartAppFormInput, key: string) => saveRegistration<SmartAppView>(api, 'admin/smart-apps', id, values, key), [api]);
  return { save };
}
