import { SUPPORT_ISSUE_TYPES } from '../../shared/schemas/support';
import { Nullable, One, OneOf, Resource, Text, Timestamp } from '../api-docs/json-api';

/** The urgent line /support shows: digits, or null for none (findSupportPhone). */
export const SupportContactDocument = One(Resource('support-contact', { support_phone: Nullable(Text()) }));

/** The request as stored and e-mailed. */
export const SupportRequestDocument = One(
  Resource('support-request', { user_email: Text(), issue_type: OneOf(SUPPORT_ISSUE_TYPES), comment: Text(), created_at: Timestamp() }),
);
