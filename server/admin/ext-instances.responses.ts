import type { ExtInstanceState } from '../../shared/schemas/admin';
import { Many, Nullable, One, OneOf, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

const STATES = ['active', 'revoked', 'replaced'] as const satisfies readonly ExtInstanceState[];

/** An external-action link: its slug is the public address, so it is listed, not shown once. */
const ExtInstance = Resource('ext-instances', {
  instance_id: Text(),
  label: Text(),
  division_uid: Uuid(),
  division_name: Text(),
  action_type: Text(),
  required_fields: Type.Array(Text()),
  state: OneOf(STATES),
  replaced_by: Nullable(Text()),
  url: Text(),
  created_at: Timestamp(),
});

/** The organisation's links, current ones first. */
export const ExtInstanceList = Many(ExtInstance);
export const ExtInstanceDocument = One(ExtInstance);
