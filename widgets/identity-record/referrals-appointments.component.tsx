import { useEffect, useRef, useState } from 'react';
import { NO_LEGAL_STATUS } from '../../shared/legal-status';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { Accordion } from '../kit/accordion';
import { ButtonWithReason } from '../kit/button-with-reason';
import type { RecordPageProps } from '../patient-record/record-page-props';
import { IdentityPage } from './identity-page';
import { IdentityPanel, SOURCE_COLUMN, type IdentityPanelProps, type PanelColumn } from './identity-panel';
import { recordReferralAppt } from './identity.resource';

const APPOINTMENT: PanelColumn[] = [
  { key: 'appointment_time', label: 'Date and Time' },
  { key: 'department', label: 'Department' },
  { key: 'provider_name', label: 'Provider' },
  { key: 'reason', label: 'Reason' },
  SOURCE_COLUMN,
];
const REFERRAL: PanelColumn[] = [
  { key: 'referral_date', label: 'Referred' },
  { key: 'specialty', label: 'Specialty' },
  { key: 'referred_to', label: 'Referred To' },
  { key: 'reason', label: 'Reason' },
  SOURCE_COLUMN,
];

type Panel = Omit<IdentityPanelProps, 'patientId'>;

/** Why Print All stays off (spec 001 keeps it disabled): each panel prints on its own. */
export const PRINT_ALL_OFF = 'Printing every panel at once is not available: print each panel with its own Print button.';

/** Spec 001: Upcoming Appointments, Open Referrals, Missed Appointments, Scheduling (upcoming lists leave out Missed, section 9). */
const PANELS: Panel[] = [
  { title: 'Upcoming Appointments', view: 'appointment', query: { isMissed: false }, dateColumn: 'appointment_time', direction: 'future', columns: APPOINTMENT },
  { title: 'Open Referrals', view: 'referral', query: { referralStatus: 'Open' }, dateColumn: 'referral_date', columns: REFERRAL },
  { title: 'Missed Appointments', view: 'appointment', query: { isMissed: true }, sort: '-appointment_time', dateColumn: 'appointment_time', columns: APPOINTMENT },
  { title: 'Scheduling', view: 'referral', query: { referralStatus: 'Scheduling' }, dateColumn: 'referral_date', columns: REFERRAL },
];

/**
 * Spec 001 Referrals & Appointments: four accordion panels, the first open;
 * each panel prints on its own only when the patient has an agency legal
 * status (printing and PDF need one, section 4); the full print is disabled.
 * Opening the page records the audit entry ReferralAppt.
 */
export function ReferralsAppointments({ patientId, patient }: RecordPageProps) {
  const api = useWidgetApi();
  const [open, setOpen] = useState<boolean[]>(PANELS.map((_, i) => i === 0));
  const [printing, setPrinting] = useState<number | null>(null);
  const audited = useRef<string | null>(null);
  const canPrint = !!patient.agencyLegalStatus;

  useEffect(() => {
    if (audited.current === patientId) return;
    audited.current = patientId;
    recordReferralAppt(api, patientId).catch(() => undefined);
  }, [api, patientId]);

  useEffect(() => {
    if (printing === null) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const print = (index: number) => {
    setOpen((o) => o.map((v, i) => (i === index ? true : v)));
    setPrinting(index);
  };

  return (
    <IdentityPage title="Referrals & Appointments" patient={patient} restricted>
      <div className="id-toolbar">
        <ButtonWithReason className="care-button" disabledReason={PRINT_ALL_OFF}>
          Print All
        </ButtonWithReason>
      </div>
      <div className="id-accordion" data-printing={printing !== null ? '' : undefined}>
        {PANELS.map((panel, i) => (
          <div key={panel.title} className="id-acc-item" data-print-item={printing === i ? '' : undefined}>
            <Accordion summary={panel.title} open={open[i]} onToggle={(value) => setOpen((o) => o.map((v, j) => (j === i ? value : v)))}>
              <div className="id-toolbar">
                <ButtonWithReason className="care-button" disabledReason={canPrint ? null : NO_LEGAL_STATUS} onClick={() => print(i)}>
                  Print {panel.title}
                </ButtonWithReason>
              </div>
              {open[i] && <IdentityPanel {...panel} patientId={patientId} hideTitle />}
            </Accordion>
          </div>
        ))}
      </div>
    </IdentityPage>
  );
}
