import { formatDateTime } from '../../shared/format';
import type { CodeHolderKind } from '../../shared/schemas/admin';
import { useEmit } from '../../shared/widget/emit';
import { DataTable, type Column } from '../kit/data-table';
import { AddAction } from '../kit/add-action';
import { EmailAddress } from '../kit/email-address';
import { NavLink } from '../kit/nav-link';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { AccessCodesPage, CODE_KINDS, CodeHolderPage } from './admin-access-codes.component';
import { EXT_LINKS, ExtLinkPage } from './admin-ext-links.component';
import { DivisionPage, OrganizationPage } from './admin-organization.component';
import { ReferenceSection } from './admin-reference.component';
import { QueuePage } from './admin-queue-form.component';
import { AdminUserPage } from './admin-user-form.component';
import { useAdminPages, type AdminAuditRow, type AdminUserRow } from './admin.resource';
import { AdminStyles } from './admin.styles';

const USER_COLUMNS: Column<AdminUserRow>[] = [
  { columnName: 'display_name', displayHeader: 'Name', filterable: true },
  { columnName: 'user_name', displayHeader: 'User Name', filterable: true },
  { columnName: 'email_address', displayHeader: 'Email', filterable: true, format: (v) => (v ? <EmailAddress address={String(v)} /> : '') },
  { columnName: 'division_names', displayHeader: 'Divisions', filterable: true },
  { columnName: 'is_admin', displayHeader: 'Administrator', format: (v) => (v ? 'Yes' : 'No') },
  { columnName: 'is_active', displayHeader: 'Status', format: (v) => (v ? 'Active' : 'Inactive') },
];

/** A before or after snapshot, one line per field (`flags` lists read as one line each). */
function snapshot(text: unknown) {
  if (!text) return '';
  const value = JSON.parse(String(text)) as Record<string, unknown>;
  return (
    <dl className="audit-json">
      {Object.entries(value).map(([key, v]) => (
        <div key={key}>
          <dt>{key}</dt> <dd>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

const AUDIT_COLUMNS: Column<AdminAuditRow>[] = [
  { columnName: 'created_at', displayHeader: 'When', format: (v) => formatDateTime(v as string) },
  { columnName: 'actor_name', displayHeader: 'Who', filterable: true },
  { columnName: 'action', displayHeader: 'What', filterable: true },
  { columnName: 'target_label', displayHeader: 'Changed', filterable: true },
  { columnName: 'before_json', displayHeader: 'Before', sortable: false, format: snapshot },
  { columnName: 'after_json', displayHeader: 'After', sortable: false, format: snapshot },
];

function UsersList() {
  const emit = useEmit();
  const { users } = useAdminPages();
  return (
    <SectionPage title="Users" action={<AddAction path="/admin/users/new" label="Add User" />}>
      <DataTable tableId="admin-users" columns={USER_COLUMNS} fetchPage={users} defaultSort="display_name" emptyText="No users found" minWidth="48rem" onRowClick={(row) => emit('care-navigate', { path: `/admin/users/${row.user_uid}` })} />
    </SectionPage>
  );
}

function AuditLog() {
  const { audit } = useAdminPages();
  return (
    <SectionPage title="Admin Audit Log">
      <DataTable tableId="admin-audit" columns={AUDIT_COLUMNS} fetchPage={audit} defaultSort="-created_at" emptyText="No changes yet" minWidth="56rem" />
    </SectionPage>
  );
}

const SECTIONS = [
  { name: 'users', path: '/admin/users', label: 'Users' },
  { name: 'organization', path: '/admin/organization', label: 'Organization' },
  { name: 'access-codes', path: '/admin/access-codes', label: 'Access Codes' },
  { name: 'reference', path: '/admin/reference', label: 'Reference Lists' },
  { name: 'audit', path: '/admin/audit', label: 'Audit Log' },
];

/** The organisation section's pages: its divisions and their work queues. */
function OrganizationSection({ parts }: { parts: string[] }) {
  const [kind, id, sub, subId] = parts;
  if (kind === 'divisions' && id && sub === 'queues' && subId === 'new') return <QueuePage key={`new-${id}`} divisionId={id} />;
  if (kind === 'divisions' && id) return <DivisionPage key={id} divisionId={id === 'new' ? null : id} />;
  if (kind === 'queues' && id) return <QueuePage key={id} queueId={id} />;
  return <OrganizationPage />;
}

/**
 * The administration area (issue 14): `page` is the path under /admin:
 * '' or 'users' (the organisation's users), 'users/new', 'users/{id}',
 * 'organization' (its name and divisions), 'organization/divisions/new',
 * 'organization/divisions/{id}' (a division and its work queues),
 * 'organization/divisions/{id}/queues/new', 'organization/queues/{id}',
 * 'access-codes' (public-form code holders), 'access-codes/{kind}/new',
 * 'access-codes/{kind}/{id}', 'access-codes/ext-links/new' (an external-action link), 'reference' (the reference lists),
 * 'reference/{list}', 'reference/{list}/new', 'reference/{list}/{id}', 'audit'.
 */
export function AdminPage({ page = '' }: { page?: string }) {
  const [section, id, ...rest] = page.split('/');
  const current = SECTIONS.find((s) => s.name === section)?.name ?? 'users';
  return (
    <div className="admin-page">
      <AdminStyles />
      <nav className="admin-nav" aria-label="Admin">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s.path}>
              <NavLink path={s.path} aria-current={s.name === current ? 'page' : undefined}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'audit' ? (
        <AuditLog />
      ) : current === 'organization' ? (
        <OrganizationSection parts={[id, ...rest].filter(Boolean)} />
      ) : current === 'reference' ? (
        <ReferenceSection parts={[id, ...rest].filter(Boolean)} />
      ) : current === 'access-codes' ? (
        id === EXT_LINKS && rest[0] === 'new' ? (
          <ExtLinkPage />
        ) : CODE_KINDS.includes(id as CodeHolderKind) && rest[0] ? (
          <CodeHolderPage key={`${id}/${rest[0]}`} kind={id as CodeHolderKind} holderId={rest[0] === 'new' ? null : rest[0]} />
        ) : (
          <AccessCodesPage />
        )
      ) : id ? (
        <AdminUserPage key={id} userId={id === 'new' ? null : id} />
      ) : (
        <UsersList />
      )}
      <Toasts />
    </div>
  );
}
