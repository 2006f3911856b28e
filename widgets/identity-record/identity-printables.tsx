import { useState } from 'react';
import { NO_LEGAL_STATUS } from '../../shared/legal-status';
import type { Flags } from '../../shared/permissions';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { ButtonWithReason } from '../kit/button-with-reason';
import { openInNewTab } from '../kit/open-link';
import { toast } from '../kit/toasts';
import { useFlags } from '../kit/use-flags';
import type { RecordPatient } from '../patient-record/patient-record.resource';
import { identityPdfLink, type IdentityPrintable } from './identity.resource';
import { mayOpenRestrictedPages } from './identity-page';

export const PDF_FAILED = 'Failed to build PDF.';
export const CHILD_HEALTH_FORM = "Child's Health Information Form";
export const HOSPITAL_REGISTRATION_SHEET = 'Hospital Registration Sheet';

type Printable = Pick<RecordPatient, 'restrictedFlag' | 'userCanSeeRestrictedCase' | 'agencyLegalStatus'>;

/**
 * Spec 001 sections 4 and 6: the Child's Health Information Form is for full
 * identity view, when the case is unrestricted and has an agency legal status,
 * or restricted and the user is case-linked or has restricted view.
 */
export const mayPrintChildHealthForm = (flags: Partial<Flags> | null, p: Printable) =>
  !!flags?.hasIdentityViewFull && (p.restrictedFlag === '1' ? mayOpenRestrictedPages(p) : !!p.agencyLegalStatus);
/** The Hospital Registration Sheet is for identity healthcare users; printing needs an agency legal status (section 4). */
export const mayPrintRegistrationSheet = (flags: Partial<Flags> | null, p: Printable) => !!flags?.isIdentityHealthcareUser && !!p.agencyLegalStatus;

/** Asks for the printable's short-lived link and opens it in a new tab; 'Failed to build PDF.' when it cannot be had. */
function usePrint(patientId: string) {
  const api = useWidgetApi();
  const [busy, setBusy] = useState<IdentityPrintable | null>(null);
  const print = (kind: IdentityPrintable) => {
    setBusy(kind);
    openInNewTab(() => identityPdfLink(api, patientId, kind))
      .catch(() => toast(PDF_FAILED, 'danger'))
      .finally(() => setBusy(null));
  };
  return { busy, print };
}

/** The left menu's Child's Health Information Form and Hospital Registration Sheet, each shown exactly when the spec allows it. */
export function PrintableMenuItems({ patient }: { patient: RecordPatient }) {
  const flags = useFlags();
  const { busy, print } = usePrint(patient.patientUid);
  const items: [IdentityPrintable, string][] = [];
  if (mayPrintChildHealthForm(flags, patient)) items.push(['child-health-form', CHILD_HEALTH_FORM]);
  if (mayPrintRegistrationSheet(flags, patient)) items.push(['hospital-registration-sheet', HOSPITAL_REGISTRATION_SHEET]);
  return (
    <>
      {items.map(([kind, label]) => (
        <li key={kind}>
          <button type="button" className="record-menu-action" onClick={() => print(kind)} disabled={busy === kind} aria-busy={busy === kind || undefined}>
            {label}
          </button>
        </li>
      ))}
    </>
  );
}

/** The identity patient page's print (spec 001 sections 4 and 7): a PDF of the record, only with an agency legal status. */
export function PrintRecordButton({ patient }: { patient: Printable & Pick<RecordPatient, 'patientUid'> }) {
  const { busy, print } = usePrint(patient.patientUid);
  const canPrint = !!patient.agencyLegalStatus;
  return (
    <div className="id-toolbar id-print-record">
      <ButtonWithReason
        className="care-button"
        disabledReason={canPrint ? null : NO_LEGAL_STATUS}
        disabled={busy === 'patient'}
        aria-busy={busy === 'patient' || undefined}
        onClick={() => print('patient')}
      >
        Print PDF
      </ButtonWithReason>
    </div>
  );
}
