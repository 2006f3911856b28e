import { useCallback } from 'react';
import type { Document, Resource } from '../../shared/api/client';
import type { AdminUser } from '../../shared/schemas/admin';
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

export function useAdminDivisions(): Loaded<AdminDivision[]> {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<Document<Resource<AdminDivision>[]>>('admin/divisions')).data.map((d) => d.attributes), [api]);
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
