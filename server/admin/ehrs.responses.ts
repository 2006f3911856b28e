import { LINK_STATUSES } from '../../shared/schemas/ehr-registrations';
import { Bool, Many, Nullable, Obj, One, OneOf, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** A registration as the admin page shows it: whether a client secret is stored, never the secret. */
const Ehr = Resource('ehrs', {
  ehr_uid: Uuid(),
  display_name: Text(),
  issuer: Text(),
  client_id: Text(),
  has_client_secret: Bool(),
  mrn_system: Text(),
  division_uid: Uuid(),
  division_name: Text(),
  is_active: Bool(),
});

/** The registrations, and what a hospital registers for Careweave in its EHR. */
export const EhrList = Many(Ehr, { meta: Obj({ launch_url: Text(), redirect_url: Text(), scopes: Text() }) });
export const EhrDocument = One(Ehr);

/** An EHR user: who the EHR says they are, and what an administrator decided. */
const EhrUserLink = Resource('ehr-user-links', {
  link_uid: Uuid(),
  ehr_uid: Uuid(),
  ehr_name: Text(),
  division_uid: Uuid(),
  division_name: Text(),
  subject: Text(),
  display_name: Nullable(Text()),
  status: OneOf(LINK_STATUSES),
  user_uid: Nullable(Uuid()),
  user_display_name: Nullable(Text()),
  first_seen_at: Timestamp(),
  decided_at: Nullable(Timestamp()),
  decided_by_name: Nullable(Text()),
});

/** The EHR users, and the active users of the organisation they may be linked to. */
export const EhrUserLinkList = Many(EhrUserLink, {
  meta: Obj({ users: Type.Array(Obj({ user_uid: Uuid(), display_name: Text(), user_name: Text(), division_uids: Type.Array(Uuid()) })) }),
});
export const EhrUserLinkDocument = One(EhrUserLink);
