import { useCallback } from 'react';
import { formatDate, formatDateTime } from '../../shared/format';
import { CARE_FLAGS, hasAnyFlag } from '../../shared/permissions';
import { statusBadge, TARGET_LABELS } from '../../shared/schemas/outbound-referrals';
import { useEmit } from '../../shared/widget/emit';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { DataTable, type Column, type PageRequest } from '../kit/data-table';
import { LoadState } from '../kit/load-state';
import { AddAction } from '../kit/add-action';
import { RowsTable, type RowsColumn } from '../kit/rows-table';
import { SectionPage } from '../kit/section-page';
import { StatusBadge } from '../kit/status-badge';
import { Toasts } from '../kit/toasts';
import { useFlags } from '../kit/use-flags';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { fetchReferralsPage, useReceivedReferrals, type OutboundReferralRow, type ReceivedReferral } from './outbound-referrals.resource';
import { ReferralStyles } from './outbound-referrals.styles';
import { EhrReferrals } from './ehr-referrals.component';

export const REFERRALS_EMPTY = 'No outbound referrals';

/** The status as its badge (spec 001 section 6), with when it last changed: how the sender sees an answer come back. */
export function ReferralStatus({ label, changedAt }: { label: string; changedAt: string | null | undefined }) {
  return (
    <span className="referral-status">
      <StatusBadge variant={statusBadge(label)}>{label}</StatusBadge>
      {changedAt && <small className="status-time">{formatDateTime(changedAt)}</small>}
    </span>
  );
}

const COLUMNS: Column<OutboundReferralRow>[] = [
  { columnName: 'event_date', displayHeader: 'Date', format: (value) => formatDate(value as string) },
  { columnName: 'provider_role_name', displayHeader: 'Specialty', filterable: true },
  {
    columnName: 'to_name',
    displayHeader: 'Referred To',
    filterable: true,
    format: (value, row) => (
      <span className="referral-target">
        {value as string}
        <small>{TARGET_LABELS[row.to_type]}</small>
      </span>
    ),
  },
  { columnName: 'priority_label', displayHeader: 'Priority' },
  { columnName: 'status_label', displayHeader: 'Status', format: (value, row) => <ReferralStatus label={value as string} changedAt={row.status_changed_at} /> },
];

const RECEIVED_COLUMNS: RowsColumn<ReceivedReferral>[] = [
  { header: 'Date', cell: (r) => formatDate(r.eventDate) },
  { header: 'From', cell: (r) => r.fromDivisionName },
  { header: 'Specialty', cell: (r) => r.providerRoleName },
  { header: 'Priority', cell: (r) => r.priorityLabel },
  { header: 'Status', cell: (r) => <ReferralStatus label={r.statusLabel} changedAt={r.statusChangedAt} /> },
];

/** What other divisions referred this patient for; a row opens it to answer. */
function ReceivedReferrals({ patientId, open }: { patientId: string; open: (id: string) => void }) {
  const received = useReceivedReferrals(patientId);
  const rows = received.data ?? [];
  if (!received.isLoading && !received.error && rows.length === 0) return null;
  return (
    <section className="card received-referrals" aria-labelledby="received-referrals">
      <h3 id="received-referrals">Referrals From Other Divisions</h3>
      <LoadState isLoading={received.isLoading} error={received.error} lines={2}>
        <RowsTable rows={rows} columns={RECEIVED_COLUMNS} rowKey={(r) => r.outboundReferralUid} open={(r) => open(r.outboundReferralUid)} minWidth="36rem" />
      </LoadState>
    </section>
  );
}

/**
 * Spec 001 section 2 `outbound-referrals`: the patient's referrals, newest
 * first, each with its status badge and when the status last changed; a row
 * opens it. Referrals other divisions and outside systems (EHRs, by FHIR)
 * sent to this record are listed apart.
 */
export function PatientOutboundReferrals({ patientId }: Pick<RecordPageProps, 'patientId'>) {
  const api = useWidgetApi();
  const emit = useEmit();
  const flags = useFlags();
  const base = `/patients/${encodeURIComponent(patientId)}/outbound-referrals`;
  const open = useCallback((id: string) => emit('care-navigate', { path: `${base}/${id}` }), [emit, base]);
  const fetchPage = useCallback((request: PageRequest) => fetchReferralsPage(api, patientId, request), [api, patientId]);
  return (
    <SectionPage title="Outbound Referrals" action={flags && hasAnyFlag(flags, CARE_FLAGS) ? <AddAction path={`${base}/add`} label="Add Referral" /> : undefined}>
      <ReferralStyles />
      <DataTable
        tableId="patient-outbound-referrals"
        columns={COLUMNS}
        fetchPage={fetchPage}
        defaultSort="-event_date"
        emptyText={REFERRALS_EMPTY}
        minWidth="44rem"
        onRowClick={(row) => open(row.outbound_referral_uid)}
      />
      <ReceivedReferrals patientId={patientId} open={open} />
      <EhrReferrals patientId={patientId} />
      <Toasts />
    </SectionPage>
  );
}

/** The outbound referrals on their own (`<care-patient-outbound-referrals>`): its own page view of the patient. */
export function PatientOutboundReferralsWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <PatientOutboundReferrals patientId={patientId} />
    </PatientPageView>
  );
}
