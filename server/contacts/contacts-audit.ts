import { recordChange, type AuditSource } from '../audit/audit.repository';
import type { Db } from '../db/connect';

/** Activity-log entries for a patient's contact details (issue 8: every write shows in the log). */
export const recordAddressAdded = (db: Db, source: AuditSource, patientUid: string, addressUid: string) =>
  recordChange(db, source, { patientUid, action: 'AddedAddress', did: 'added an address', targetType: 'addresses', targetUid: addressUid });

export const recordAddressChanged = (db: Db, source: AuditSource, patientUid: string, addressUid: string) =>
  recordChange(db, source, { patientUid, action: 'ChangedAddress', did: 'changed an address', targetType: 'addresses', targetUid: addressUid });

export const recordEmailAddressAdded = (db: Db, source: AuditSource, patientUid: string, emailAddressUid: string) =>
  recordChange(db, source, { patientUid, action: 'AddedEmailAddress', did: 'added an e-mail address', targetType: 'email-addresses', targetUid: emailAddressUid });

export const recordEmailAddressChanged = (db: Db, source: AuditSource, patientUid: string, emailAddressUid: string) =>
  recordChange(db, source, { patientUid, action: 'ChangedEmailAddress', did: 'changed an e-mail address', targetType: 'email-addresses', targetUid: emailAddressUid });
