import { formatDate } from '../../shared/format';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useFlags } from '../kit/use-flags';
import type { PanelRow } from './identity.resource';
import { IdentityPage } from './identity-page';
import { emailCell, endDate, IdentityPanel, legalStatusCell } from './identity-panel';

export const SUBSTANTIATED = 'Substantiated';

/**
 * Maltreatment: one row per intake with its allegations; the finding is
 * 'Substantiated' only when every finding of the intake is (spec 001 section
 * 4), otherwise the intake's findings as recorded.
 */
export function groupAllegations(rows: PanelRow[]): PanelRow[] {
  const groups = new Map<string, PanelRow[]>();
  for (const row of rows) {
    const key = String(row.intake_id);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()].map(([intakeId, allegations]) => {
    const findings = allegations.map((a) => String(a.finding));
    const unique = (values: unknown[]) => [...new Set(values.filter(Boolean).map(String))].join(', ');
    return {
      intake_id: intakeId,
      intake_date: allegations[0].intake_date,
      case_id: allegations[0].case_id,
      allegations: unique(allegations.map((a) => a.allegation_type)),
      finding: findings.every((f) => f === SUBSTANTIATED) ? SUBSTANTIATED : unique(findings),
      perpetrator_relationship: unique(allegations.map((a) => a.perpetrator_relationship)),
    };
  });
}

const person = (nameKey: string, emailKey: string) => (row: PanelRow) => (
  <>
    {String(row[nameKey] ?? '')}
    {row[emailKey] ? <span className="id-explanation">{emailCell(emailKey)(row)}</span> : null}
  </>
);

/**
 * Spec 001 Children's Services: Custody, Placement, and (full identity view
 * only) Case and Maltreatment. Empty end dates show 'Current'.
 */
export function ChildrensServices({ patientId, patient }: RecordPageProps) {
  const flags = useFlags();
  const full = !!flags?.hasIdentityViewFull;
  return (
    <IdentityPage title="Children's Services" patient={patient} restricted>
      <div className="id-panels">
        <IdentityPanel
          title="Custody"
          view="custody-history"
          patientId={patientId}
          columns={[
            { key: 'county', label: 'County' },
            { key: 'legal_status', label: 'Legal Status', format: legalStatusCell('legal_status') },
            { key: 'start_date', label: 'Start' },
            { key: 'end_date', label: 'End', format: endDate('end_date') },
          ]}
        />
        <IdentityPanel
          title="Placement"
          view="placement-history"
          patientId={patientId}
          columns={[
            { key: 'provider_name', label: 'Provider' },
            { key: 'provider_id', label: 'Provider ID' },
            { key: 'placement_type', label: 'Type' },
            { key: 'start_date', label: 'Start' },
            { key: 'end_date', label: 'End', format: endDate('end_date') },
          ]}
        />
        {full && (
          <IdentityPanel
            title="Case"
            view="source-case"
            patientId={patientId}
            columns={[
              { key: 'case_id', label: 'Case ID' },
              { key: 'case_category', label: 'Category' },
              { key: 'agency_name', label: 'Agency' },
              { key: 'legal_status', label: 'Legal Status', format: legalStatusCell('legal_status') },
              { key: 'wkr_name', label: 'Case Worker', format: person('wkr_name', 'wkr_email') },
              { key: 'sup_name', label: 'Supervisor', format: person('sup_name', 'sup_email') },
            ]}
          />
        )}
        {full && (
          <IdentityPanel
            title="Maltreatment"
            view="intake-allegation"
            patientId={patientId}
            transform={groupAllegations}
            columns={[
              { key: 'intake_date', label: 'Intake Date', format: (r) => formatDate(r.intake_date as string) },
              { key: 'intake_id', label: 'Intake ID' },
              { key: 'allegations', label: 'Allegations' },
              { key: 'finding', label: 'Finding' },
              { key: 'perpetrator_relationship', label: 'Alleged Perpetrator' },
            ]}
          />
        )}
      </div>
    </IdentityPage>
  );
}
