import type { ApiClient, Document, Resource } from '../../shared/api/client';

/** Spec 001 section 3 "Audit message". */
export interface AuditMessage {
  messageDate: string;
  formattedMessage: string;
  serviceMethod: string | null;
  targetType: string | null;
  targetUid: string | null;
  action: string;
  userDisplayName: string;
}

export const AUDIT_PAGE_SIZE = 100;

/** One page of the patient's activity, newest first (`GET /api/patients/{id}/audit-messages`). */
export async function fetchAuditMessages(client: ApiClient, patientId: string, page: number): Promise<{ messages: (AuditMessage & { id: string })[]; total: number }> {
  const doc = await client.get<Document<Resource<AuditMessage>[]>>(`patients/${encodeURIComponent(patientId)}/audit-messages`, { page, pageSize: AUDIT_PAGE_SIZE });
  return { messages: doc.data.map((r) => ({ id: r.id, ...r.attributes })), total: doc.meta?.total ?? doc.data.length };
}
