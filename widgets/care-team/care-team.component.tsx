import { useState, type ReactNode } from 'react';
import SlBadge from '@shoelace-style/shoelace/dist/react/badge/index.js';
import SlTab from '@shoelace-style/shoelace/dist/react/tab/index.js';
import SlTabGroup from '@shoelace-style/shoelace/dist/react/tab-group/index.js';
import SlTabPanel from '@shoelace-style/shoelace/dist/react/tab-panel/index.js';
import { formatPhone, personName } from '../../shared/format';
import { CARE_FLAGS, hasAnyFlag } from '../../shared/permissions';
import { INTERPRETER_ROLE, OTHER_ROLE } from '../../shared/schemas/care-team';
import { useEmit } from '../../shared/widget/emit';
import { EmailAddress } from '../kit/email-address';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { RowsTable, type RowsColumn } from '../kit/rows-table';
import { SectionPage } from '../kit/section-page';
import { Toasts } from '../kit/toasts';
import { useFlags } from '../kit/use-flags';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useCareGivers, useCareTeamMembers, type CareGiver, type CareTeamMember } from './care-team.resource';
import { careTeamCss } from './care-team.styles';

/** Spec 001 section 8's empty text for a list. */
export const NO_ITEMS = 'No items.';

/** One tab's rows; a row opens its form for the modes that edit. */
function TabRows<T>({ rows, ...table }: { rows: T[]; columns: RowsColumn<T>[]; rowKey: (row: T) => string; open: ((row: T) => void) | null }) {
  if (rows.length === 0) return <LoadState isEmpty emptyText={NO_ITEMS} />;
  return <RowsTable rows={rows} minWidth="40rem" {...table} />;
}

/**
 * Spec 001 sections 2 and 4: Active (current) and Inactive tabs. The chosen
 * tab is kept here too: Shoelace picks a first tab only once the group has
 * been scrolled into view, so a group below the fold would show no panel.
 */
function ActiveInactive<T>({ name, rows, isActive, table }: { name: string; rows: T[]; isActive: (row: T) => boolean; table: (rows: T[]) => ReactNode }) {
  const [shown, setShown] = useState(`${name}-active`);
  const tabs = [
    { panel: `${name}-active`, label: 'Active', rows: rows.filter(isActive) },
    { panel: `${name}-inactive`, label: 'Inactive', rows: rows.filter((r) => !isActive(r)) },
  ];
  return (
    <SlTabGroup noScrollControls onSlTabShow={(e) => setShown(e.detail.name)}>
      {tabs.map((t) => (
        <SlTab key={t.panel} slot="nav" panel={t.panel} active={shown === t.panel}>
          {t.label} ({t.rows.length})
        </SlTab>
      ))}
      {tabs.map((t) => (
        <SlTabPanel key={t.panel} name={t.panel} active={shown === t.panel}>
          {table(t.rows)}
        </SlTabPanel>
      ))}
    </SlTabGroup>
  );
}

const Flag = ({ on, children }: { on: boolean; children: string }) => (on ? <SlBadge variant="primary" pill>{children}</SlBadge> : null);

/** One line: street, city, state and post code. */
export const addressOf = (l: { addr1: string | null; addr2: string | null; city: string | null; provinceIso: string | null; postCode: string | null }) =>
  [l.addr1, l.addr2, l.city, personName(l.provinceIso, l.postCode)].filter(Boolean).join(', ');

const MEMBER_COLUMNS: RowsColumn<CareTeamMember>[] = [
  {
    header: 'Provider',
    cell: (m) => (
      <>
        {m.displayName}
        {m.npiNumber && <span className="secondary">NPI {m.npiNumber}</span>}
        <span className="care-team-flags">
          <Flag on={m.isPcp}>PCP</Flag>
          <Flag on={m.isPrimary}>Primary</Flag>
        </span>
      </>
    ),
  },
  { header: 'Role', cell: (m) => m.providerRoleLabel },
  {
    header: 'Location',
    cell: (m) => (
      <>
        {m.providerLocationLabel}
        <span className="secondary">{addressOf(m)}</span>
      </>
    ),
  },
  { header: 'Phone', cell: (m) => formatPhone(m.workPhone ?? m.mobileNumber) },
  { header: 'Email', cell: (m) => m.emailAddress && <EmailAddress address={m.emailAddress} /> },
];

/** The roles as a person reads them: Other's free text in its place, the interpreter's language beside Interpreter. */
export function rolesText(g: Pick<CareGiver, 'roles' | 'otherRoles' | 'interpreterLanguage'>): string {
  return g.roles
    .map((r) => (r === OTHER_ROLE && g.otherRoles ? g.otherRoles : r === INTERPRETER_ROLE && g.interpreterLanguage ? `Interpreter (${g.interpreterLanguage})` : r))
    .join(', ');
}

const preferredPhone = (g: CareGiver) => (g.preferredPhoneType === 'Home' ? g.homePhone : g.preferredPhoneType === 'Mobile' ? g.mobilePhone : (g.mobilePhone ?? g.homePhone));

const GIVER_COLUMNS: RowsColumn<CareGiver>[] = [
  {
    header: 'Name',
    cell: (g) => (
      <>
        {personName(g.firstName, g.lastName)}
        <span className="care-team-flags">
          <Flag on={g.isPrimary}>Primary</Flag>
        </span>
      </>
    ),
  },
  { header: 'Relationship', cell: (g) => g.relationship },
  { header: 'Roles', cell: rolesText },
  { header: 'Phone', cell: (g) => formatPhone(preferredPhone(g)) },
  { header: 'Email', cell: (g) => g.email && <EmailAddress address={g.email} /> },
];

/**
 * Spec 001 section 2 `care-team`: the patient's care-team members and care
 * givers, each with Active and Inactive tabs; the care modes add and edit,
 * every mode that opens the record reads.
 */
export function PatientCareTeam({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const emit = useEmit();
  const canEdit = hasAnyFlag(useFlags() ?? {}, CARE_FLAGS);
  const members = useCareTeamMembers(patientId);
  const givers = useCareGivers(patientId);
  const base = `/patients/${encodeURIComponent(patientId)}`;
  const go = (path: string) => emit('care-navigate', { path });
  return (
    <SectionPage title="Care Team">
      <style>{careTeamCss}</style>
      <section className="card care-team-section" aria-labelledby="care-team-members">
        <div className="card-header">
          <h3 id="care-team-members">Care Team Members</h3>
          {canEdit && <AddAction path={`${base}/care-team/add`} label="Add Care Team Member" />}
        </div>
        <LoadState isLoading={members.isLoading} error={members.error} lines={3}>
          <ActiveInactive
            name="members"
            rows={members.data ?? []}
            isActive={(m) => m.careTeam}
            table={(rows) => <TabRows rows={rows} columns={MEMBER_COLUMNS} rowKey={(m) => m.providerPatientUid} open={canEdit ? (m) => go(`${base}/care-team/${m.providerPatientUid}`) : null} />}
          />
        </LoadState>
      </section>
      <section className="card care-team-section" aria-labelledby="care-givers">
        <div className="card-header">
          <h3 id="care-givers">Care Givers</h3>
          {canEdit && <AddAction path={`${base}/care-givers/add`} label="Add Care Giver" />}
        </div>
        <LoadState isLoading={givers.isLoading} error={givers.error} lines={3}>
          <ActiveInactive
            name="givers"
            rows={givers.data ?? []}
            isActive={(g) => g.isCurrent}
            table={(rows) => <TabRows rows={rows} columns={GIVER_COLUMNS} rowKey={(g) => g.careGiverUid} open={canEdit ? (g) => go(`${base}/care-givers/${g.careGiverUid}`) : null} />}
          />
        </LoadState>
      </section>
      <Toasts />
    </SectionPage>
  );
}

/** The Care Team page on its own (`<care-patient-care-team>`): its own page view of the patient. */
export function PatientCareTeamWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientCareTeam patientId={patientId} />
    </PatientPageView>
  );
}
