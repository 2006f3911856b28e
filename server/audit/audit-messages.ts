import type { AuditAction } from '../../shared/schemas/audit';

/** What the server records: the pages' actions, plus the ones only the server writes (never accepted from a browser). */
export type RecordedAction = AuditAction | 'DownloadedCitPdf' | 'ApprovedMatch' | 'RejectedMatch' | 'DisputedMatch' | 'ServiceReferralEmail' | 'DownloadedIdentityPdf'
  | 'BrokeGlass' | 'BreakGlassRead';

const DID: Record<RecordedAction, string> = {
  ViewedPatient: 'viewed the record',
  ReferralAppt: 'opened Referrals & Appointments',
  DownloadedCitPdf: 'downloaded the CIT report PDF',
  ApprovedMatch: 'approved a record match',
  RejectedMatch: 'rejected a record match',
  DisputedMatch: 'disputed the match of this patient',
  ServiceReferralEmail: 'sent a service referral e-mail',
  DownloadedIdentityPdf: 'downloaded a printable PDF of the record',
  BrokeGlass: 'used emergency access to open the record',
  BreakGlassRead: 'read the record under emergency access',
};

/**
 * The sentence the patient's audit page shows, e.g. 'Nora Navigator viewed
 * the record'. Stored with each entry; entries written before migration 014
 * (any action name was accepted then) get it built when they are read.
 */
export function auditMessage(action: string, userDisplayName: string): string {
  return Object.hasOwn(DID, action) ? `${userDisplayName} ${DID[action as RecordedAction]}` : `${userDisplayName} recorded ${action}`;
}
