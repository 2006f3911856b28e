import { useId, useState } from 'react';
import SlDialog from '@shoelace-style/shoelace/dist/react/dialog/index.js';
import type { Query } from '../../shared/api/client';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { useDebounced } from '../kit/use-debounced';
import { useFlags } from '../kit/use-flags';
import { useIdentityMatches } from './identity.resource';
import { IdentityPage } from './identity-page';
import { endDate, formatPhoneCell, IdentityPanel, SOURCE_COLUMN } from './identity-panel';
import type { PanelRow } from './identity.resource';
import { TABLE_DEBOUNCE_MS } from '../../shared/constants';
import { formatValue } from '../../shared/format';
import { PHARMACY_TYPE } from '../../shared/schemas/identity-record-sources';
import { whenClosed } from '../kit/dialog-closed';

/** A medication's end: its end or discontinue date, or 'Current' with neither. */
const medicationEnd = (r: PanelRow) => (r.discontinue_date ? `Discontinued ${formatValue(r.discontinue_date)}` : r.end_date ? formatValue(r.end_date) : 'Current');

/**
 * Spec 001 Health Information: primary care provider, medications and
 * pharmacies, allergies, immunizations, medical problem list, surgeries,
 * screenings (and the lab results of spec 001 section 9's categories).
 */
export function HealthInformation({ patientId, patient }: RecordPageProps) {
  const flags = useFlags();
  return (
    <IdentityPage title="Health Information" patient={patient}>
      {flags?.isIdentityHealthcareUser && <UnderReview patientId={patientId} />}
      <div className="id-panels">
        <IdentityPanel
          title="Primary Care Provider"
          view="primary-provider"
          patientId={patientId}
          emptyText="No PCP on record"
          columns={[
            { key: 'provider_name', label: 'Provider' },
            { key: 'practice_name', label: 'Practice' },
            { key: 'phone', label: 'Phone', format: formatPhoneCell('phone') },
            { key: 'start_date', label: 'Start' },
            { key: 'end_date', label: 'End', format: endDate('end_date') },
          ]}
        />
        <IdentityPanel
          title="Medications"
          view="medication"
          patientId={patientId}
          dateColumn="start_date"
          columns={[
            { key: 'medication_name', label: 'Medication' },
            { key: 'dose', label: 'Dose' },
            { key: 'frequency', label: 'Frequency' },
            { key: 'start_date', label: 'Start' },
            { key: 'end_date', label: 'End', format: medicationEnd },
            SOURCE_COLUMN,
          ]}
        />
        <IdentityPanel
          title="Pharmacies"
          view="pharmacy"
          patientId={patientId}
          query={{ pharmacyType: PHARMACY_TYPE }}
          columns={[
            { key: 'pharmacy_name', label: 'Pharmacy' },
            { key: 'phone', label: 'Phone', format: formatPhoneCell('phone') },
            { key: 'address', label: 'Address' },
            { key: 'last_fill_date', label: 'Last Fill' },
          ]}
        />
        <IdentityPanel
          title="Allergies"
          view="allergy"
          patientId={patientId}
          columns={[{ key: 'allergen', label: 'Allergen' }, { key: 'reaction', label: 'Reaction' }, { key: 'severity', label: 'Severity' }, { key: 'noted_date', label: 'Noted' }, SOURCE_COLUMN]}
        />
        <IdentityPanel
          title="Immunizations"
          view="immunization"
          patientId={patientId}
          dateColumn="given_date"
          columns={[{ key: 'vaccine', label: 'Vaccine' }, { key: 'given_date', label: 'Given' }, SOURCE_COLUMN]}
        />
        <IdentityPanel
          title="Medical Problem List"
          view="problem-list"
          patientId={patientId}
          columns={[
            { key: 'diagnosis', label: 'Problem' },
            { key: 'diagnosis_code', label: 'Code' },
            { key: 'noted_date', label: 'Noted' },
            { key: 'resolved_date', label: 'Resolved' },
            SOURCE_COLUMN,
          ]}
        />
        <IdentityPanel
          title="Surgeries"
          view="surgery"
          patientId={patientId}
          columns={[{ key: 'surgery_date', label: 'Date' }, { key: 'procedure_name', label: 'Procedure' }, { key: 'surgeon', label: 'Surgeon' }, SOURCE_COLUMN]}
        />
        <IdentityPanel
          title="Screenings"
          view="screening"
          patientId={patientId}
          dateColumn="screening_date"
          columns={[{ key: 'screening_type', label: 'Screening' }, { key: 'screening_date', label: 'Date' }, { key: 'result', label: 'Result' }, SOURCE_COLUMN]}
        />
        <Labs patientId={patientId} />
      </div>
    </IdentityPage>
  );
}

/** Spec 001 section 9's lab category of hepatitis C, and what the source systems send as its negative result: nothing. */
const HCV = 'Hcv';
export const HCV_NEGATIVE = 'Negative';
export const HCV_FILTER_LABEL = 'Hepatitis C Result';

/**
 * Spec 001 section 5, the hepatitis C filter as the Labs panel sends it: the
 * typed text trimmed, nothing when it is empty, and 'null' for 'negative' (in
 * any case), since a negative result is stored without a value; otherwise the
 * Hcv rows with that result, whatever its case.
 */
export function hcvFilter(typed: string): Query {
  const value = typed.trim();
  if (!value) return {};
  return { labCategory: HCV, resultValue__ieq: value.toLowerCase() === HCV_NEGATIVE.toLowerCase() ? 'null' : value };
}

/** A lab's result with its units; a hepatitis C result without a value is negative. */
export const labResult = (r: PanelRow) => (r.lab_category === HCV && (r.result_value === null || r.result_value === undefined) ? HCV_NEGATIVE : [r.result_value, r.units].filter(Boolean).join(' '));

/** The Labs panel (spec 001 section 9's categories Lead, Hgb, Hcv) with its hepatitis C result filter. */
function Labs({ patientId }: { patientId: string }) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const query = hcvFilter(useDebounced(typed, TABLE_DEBOUNCE_MS));
  return (
    <IdentityPanel
      title="Labs"
      view="lab"
      patientId={patientId}
      dateColumn="result_date"
      query={query}
      controls={
        <span className="id-date-filter">
          <label htmlFor={inputId}>{HCV_FILTER_LABEL}</label>
          <input id={inputId} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="e.g. Negative" autoComplete="off" />
        </span>
      }
      emptyText={query.labCategory ? 'No hepatitis C results match.' : undefined}
      columns={[
        { key: 'lab_category', label: 'Test' },
        { key: 'result_date', label: 'Date' },
        { key: 'result_value', label: 'Result', format: labResult },
        SOURCE_COLUMN,
      ]}
    />
  );
}

export const UNDER_REVIEW = 'Health Information is under review';

/** Spec 001 section 8: identity healthcare users are told when a source of this patient's match is disputed. */
function UnderReview({ patientId }: { patientId: string }) {
  const matches = useIdentityMatches(patientId);
  const [closed, setClosed] = useState(false);
  const disputed = !!matches.data?.matches.some((m) => m.isDisputed);
  return (
    <SlDialog label={UNDER_REVIEW} open={disputed && !closed} onSlAfterHide={whenClosed(() => setClosed(true))}>
      <p>A source of this patient&apos;s health information is disputed: its medical data is not shown until the dispute is resolved.</p>
      <button slot="footer" type="button" className="care-button" onClick={() => setClosed(true)}>
        Close
      </button>
    </SlDialog>
  );
}
