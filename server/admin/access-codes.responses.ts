import type { CodeHolderKind } from '../../shared/schemas/admin';
import { Bool, Many, Obj, One, Resource, Text, Type, Uuid } from '../api-docs/json-api';

/** Where each kind of holder sends to (access-codes.repository.ts): a vendor has no division, only a CIT agency a state and officers. */
const PLACE = {
  'cit-agencies': { division_uid: Uuid(), division_name: Text(), state_iso: Text(), officers: Type.Array(Text()) },
  'hwc-agencies': { division_uid: Uuid(), division_name: Text(), state_iso: Type.Null(), officers: Type.Null() },
  'b2w-vendors': { division_uid: Type.Null(), division_name: Type.Null(), state_iso: Type.Null(), officers: Type.Null() },
};

const NewCode = Obj({ code: Text('The access code, shown this once: only its hash is stored') });

/** What the routes of one kind of code holder answer: never a stored code, only a new one in `meta`. */
export function codeHolderAnswers(kind: CodeHolderKind) {
  const holder = Resource(kind, { holder_uid: Uuid(), name: Text(), ...PLACE[kind], is_active: Bool() });
  return {
    /** The organisation's holders, active ones first. */
    list: Many(holder),
    /** A new holder and its code; a replay of the request answers without the code. */
    created: One(holder, { meta: Type.Optional(NewCode) }),
    one: One(holder),
    /** The holder with its new code. */
    rotated: One(holder, { meta: NewCode }),
  };
}
