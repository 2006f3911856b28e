import { useId, useState } from 'react';
import SlButton from '@shoelace-style/shoelace/dist/react/button/index.js';
import { formatDate, formatPhone } from '../../shared/format';
import { useTranslate } from '../../shared/i18n';
import { homeMode } from '../../shared/modes';
import { hasAnyFlag, CARE_FLAGS } from '../../shared/permissions';
import { LoadState } from '../kit/load-state';
import { toast, Toasts } from '../kit/toasts';
import { useFlags } from '../kit/use-flags';
import { PatientPageView } from '../patient-record/patient-page-view';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { ContactDetails } from './contact-details';
import { DemographicsForm } from './demographics-form';
import { useReferenceList } from '../kit/use-reference-list';
import { useDemographics, type DemographicsData, type PatientInsurance } from './demographics.resource';
import { DemographicsStyles } from './demographics.styles';

const PREFERRED: Record<string, string> = { mobile: 'Mobile', home: 'Home', work: 'Work' };

function Facts({ data }: { data: DemographicsData }) {
  const p = data.patient;
  const rows: [string, string | null][] = [
    ['First Name', p.firstName],
    ['Middle Name', p.middleName],
    ['Last Name', p.lastName],
    ['Date of Birth', p.birthDate ? formatDate(p.birthDate) : null],
    ['Sex', p.genderLabel],
    ['Gender Identity', p.genderIdentityLabel],
    ['Race', data.races.map((r) => r.label).join(', ')],
    ['Preferred Phone', p.preferredPhone ? PREFERRED[p.preferredPhone] : null],
    ['Mobile Phone', p.mobilePhone ? formatPhone(p.mobilePhone) : null],
    ['Home Phone', p.homePhone ? formatPhone(p.homePhone) : null],
    ['Work Phone', p.workPhone ? formatPhone(p.workPhone) : null],
  ];
  return (
    <dl className="facts">
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function InsuranceCard({ insurance }: { insurance: PatientInsurance[] }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h3 id={id}>Insurance</h3>
      <LoadState isEmpty={insurance.length === 0} emptyText="No insurance on record">
        <ul className="contact-list">
          {insurance.map((i) => (
            <li key={i.id}>
              <span className="contact-email">
                {i.carrierLabel ?? 'Unknown carrier'}
                {i.policyNumber && ` · Policy ${i.policyNumber}`}
                {i.groupNumber && ` · Group ${i.groupNumber}`}
                {i.effectiveDate && ` · Since ${formatDate(i.effectiveDate)}`}
              </span>
              {i.isPrimary && <span className="primary-pill">Primary</span>}
            </li>
          ))}
        </ul>
      </LoadState>
    </section>
  );
}

/**
 * `/patients/{id}/demographics` (spec 001 sections 5 and 7 "Demographics"):
 * the patient's details, races, phones, addresses, e-mail addresses and
 * insurance; the modes that edit a record change them here.
 */
export function Demographics({ patientId, reloadPatient }: Pick<RecordPageProps, 'patientId' | 'reloadPatient'>) {
  const flags = useFlags();
  const tr = useTranslate();
  const data = useDemographics(patientId);
  const genders = useReferenceList('reference-gender');
  const genderIdentities = useReferenceList('reference-gender-identity');
  const races = useReferenceList('reference-race');
  const [editing, setEditing] = useState(false);
  const detailsId = useId();
  const canEdit = hasAnyFlag(flags ?? {}, CARE_FLAGS);
  const lists = [genders, genderIdentities, races];
  const saved = () => {
    setEditing(false);
    toast('Successfully Saved!', 'success');
    data.reload();
    reloadPatient();
  };

  return (
    <div className="demographics">
      <DemographicsStyles />
      <h2>Demographics</h2>
      <LoadState isLoading={data.isLoading || !flags} error={data.error} lines={6}>
        {data.data && (
          <div className="demographics-grid">
            <section className="card wide" aria-labelledby={detailsId}>
              <div className="card-header">
                <h3 id={detailsId}>{tr('Patient Details')}</h3>
                {canEdit && !editing && <SlButton size="small" onClick={() => setEditing(true)}>Edit</SlButton>}
              </div>
              {editing ? (
                <LoadState isLoading={lists.some((l) => l.isLoading)} error={lists.find((l) => l.error)?.error ?? null} lines={4}>
                  <DemographicsForm
                    patient={data.data.patient}
                    races={data.data.races}
                    options={{ genders: genders.data ?? [], genderIdentities: genderIdentities.data ?? [], races: races.data ?? [] }}
                    communityMode={homeMode(flags ?? {}) === 'community'}
                    onSaved={saved}
                    onCancel={() => setEditing(false)}
                  />
                </LoadState>
              ) : (
                <Facts data={data.data} />
              )}
            </section>
            <ContactDetails patientUid={patientId} addresses={data.data.addresses} emails={data.data.emails} canEdit={canEdit} onSaved={data.reload} />
            <InsuranceCard insurance={data.data.insurance} />
          </div>
        )}
      </LoadState>
      <Toasts />
    </div>
  );
}

/** The page on its own (`<care-demographics>`): its own page view of the patient; there is no header to refresh. */
export function DemographicsWidget({ patientId }: { patientId: string }) {
  return (
    <PatientPageView key={patientId} patientId={patientId}>
      <Demographics patientId={patientId} reloadPatient={() => undefined} />
    </PatientPageView>
  );
}
