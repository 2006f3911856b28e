import type { FieldError } from '../../shared/api/errors';
import { NOT_LISTED } from '../../shared/schemas/strings';
import type { Db } from './connect';

/** A reference choice a form sent: it must be one of that list's active entries. */
export interface ReferenceCheck {
  field: string;
  model: string;
  /** The list's `ref_data_type` when the model holds several lists (reasons of inbound referrals). */
  type?: string;
  uid: string | null | undefined;
}

/** Field errors for choices that are not on their list (a forged or stale id), in one query. */
export async function unknownReferences(db: Db, checks: ReferenceCheck[]): Promise<FieldError[]> {
  const given = checks.filter((c): c is ReferenceCheck & { uid: string } => !!c.uid);
  if (!given.length) return [];
  const rows = await db
    .selectFrom('reference_data')
    .select(['uid', 'model', 'ref_data_type'])
    .where('uid', 'in', [...new Set(given.map((c) => c.uid))])
    .where('is_active', '=', true)
    .execute();
  return given
    .filter((c) => !rows.some((r) => r.uid === c.uid && r.model === c.model && (c.type === undefined || r.ref_data_type === c.type)))
    .map((c) => ({ field: c.field, message: NOT_LISTED }));
}
