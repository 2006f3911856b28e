import type { RecordPageProps } from '../patient-record/record-page-props';
import { LoadState } from '../kit/load-state';
import { IdentityPage } from './identity-page';
import { emailCell, endDate, formatPhoneCell, IdentityPanel, legalStatusCell, PanelGroup, SOURCE_COLUMN } from './identity-panel';
import { useCustodialAgency } from './identity.resource';

/**
 * The agency of the child's current custody, found by the agency lookup
 * (its id is its county); the lookup's own text when the division's extract
 * has no such agency (spec 001 section 8: 'No data found for agency_id: {id}').
 */
export function CustodialAgency({ patientId }: { patientId: string }) {
  const found = useCustodialAgency(patientId);
  if (!found.isLoading && !found.error && !found.data) return null;
  return (
    <LoadState isLoading={found.isLoading} error={found.error} errorText="The agency could not be looked up." lines={1}>
      {found.data?.agency ? (
        <p className="id-agency">
          {found.data.agency.agencyName} ({found.data.agency.agencyCounty} County)
        </p>
      ) : (
        <p className="id-agency-missing" role="status">
          {found.data?.missing}
        </p>
      )}
    </LoadState>
  );
}

/**
 * Spec 001 "Identity pages and their panels", Primary Contacts: Public
 * Children's Services Agency (case worker, supervisor, section chief),
 * Placement and Court, Healthcare / Medicaid, Healthcare Organization Contacts.
 */
export function PrimaryContacts({ patientId, patient }: RecordPageProps) {
  return (
    <IdentityPage title="Primary Contacts" patient={patient}>
      <div className="id-panels">
        <IdentityPanel
          title="Public Children's Services Agency"
          view="agency-contact"
          patientId={patientId}
          intro={<CustodialAgency patientId={patientId} />}
          columns={[
            { key: 'contact_role', label: 'Role' },
            { key: 'contact_name', label: 'Name' },
            { key: 'phone', label: 'Phone', format: formatPhoneCell('phone') },
            { key: 'email', label: 'Email', format: emailCell('email') },
          ]}
        />
        <PanelGroup title="Placement and Court">
          <IdentityPanel
            title="Current Placement"
            level={4}
            view="placement-history"
            patientId={patientId}
            query={{ endDate: null }}
            columns={[
              { key: 'provider_name', label: 'Provider' },
              { key: 'provider_id', label: 'Provider ID' },
              { key: 'placement_type', label: 'Type' },
              { key: 'start_date', label: 'Since' },
            ]}
            emptyText="No current placement"
          />
          <IdentityPanel
            title="Custody and Court"
            level={4}
            view="custody-history"
            patientId={patientId}
            query={{ endDate: null }}
            columns={[
              { key: 'county', label: 'Custodial County' },
              { key: 'legal_status', label: 'Legal Status', format: legalStatusCell('legal_status') },
              { key: 'start_date', label: 'Since' },
            ]}
            emptyText="Not in custody"
          />
        </PanelGroup>
        <PanelGroup title="Healthcare / Medicaid">
          <IdentityPanel
            title="Primary Care Provider"
            level={4}
            view="primary-provider"
            patientId={patientId}
            query={{ endDate: null }}
            columns={[
              { key: 'provider_name', label: 'Provider' },
              { key: 'practice_name', label: 'Practice' },
              { key: 'phone', label: 'Phone', format: formatPhoneCell('phone') },
            ]}
            emptyText="No PCP on record"
          />
          <IdentityPanel
            title="Medicaid Managed Care"
            level={4}
            view="mcp"
            patientId={patientId}
            columns={[
              { key: 'mcp_name', label: 'Plan' },
              { key: 'medicaid_id', label: 'Medicaid ID' },
              { key: 'mcp_enrollment_date', label: 'Enrolled' },
              { key: 'mcp_end_date', label: 'Ends', format: endDate('mcp_end_date') },
            ]}
          />
        </PanelGroup>
        <IdentityPanel
          title="Healthcare Organization Contacts"
          view="healthcare-contact"
          patientId={patientId}
          columns={[SOURCE_COLUMN, { key: 'mrn', label: 'MRN' }]}
        />
      </div>
    </IdentityPage>
  );
}
