import { sql } from 'kysely';
import type { AuthContext } from '../auth/context';
import type { ViewDefinition } from '../dataviews/types';

/** Rows of the admin's own organisation only. */
const ownOrganization = (auth: AuthContext) => sql`v.org_uid = ${auth.orgUid}`;

/** The admin users page (issue 14 section 2): every user with a division in the organisation, active or not. */
export const adminUserView: ViewDefinition = {
  name: 'admin-user',
  source: 'admin_user_view',
  idColumn: 'user_uid',
  columns: { user_uid: 'uuid', display_name: 'text', user_name: 'text', email_address: 'text', division_names: 'text', is_admin: 'boolean', is_active: 'boolean', created_at: 'timestamp' },
  defaultSort: 'display_name',
  scope: ownOrganization,
  access: { anyFlag: ['navigatorAdmin'] },
};

/** The admin audit log page (issue 14 section 4), newest first. */
export const adminAuditView: ViewDefinition = {
  name: 'admin-audit',
  source: 'admin_audit_view',
  idColumn: 'audit_uid',
  columns: { audit_uid: 'uuid', created_at: 'timestamp', actor_name: 'text', action: 'text', target_type: 'text', target_label: 'text', before_json: 'text', after_json: 'text' },
  defaultSort: '-created_at',
  scope: ownOrganization,
  access: { anyFlag: ['navigatorAdmin'] },
};

export const adminViews: ViewDefinition[] = [adminUserView, adminAuditView];
