import { Bool, Nullable, Obj, One, Resource, Text, Type, Uuid } from '../api-docs/json-api';

/** A user as the admin pages show them: their divisions of this organisation only (findOrgUser). */
export const AdminUserDocument = One(
  Resource('admin-users', {
    user_uid: Uuid(),
    user_name: Text(),
    display_name: Text(),
    email: Nullable(Text()),
    is_active: Bool(),
    password_fallback: Bool(),
    // As stored: user_division.permissions is free text, not only the flags the form assigns.
    divisions: Type.Array(Obj({ division_uid: Uuid(), flags: Type.Array(Text()) })),
    shared_with_other_organization: Bool(),
  }),
);
