import type { TBoolean } from '@sinclair/typebox';
import { FLAGS, type Flag } from '../../shared/permissions';
import { Bool, Int, Nullable, Obj, One, Resource, Text, Timestamp, Type, Uuid } from '../api-docs/json-api';

/** The session user's attributes (session-document.ts), in the order it writes them. */
const session = {
  csrf_token: Text(),
  user_name: Text(),
  user_uid: Uuid(),
  display_name: Text(),
  user_email_address: Nullable(Text()),
  current_division_uid: Uuid(),
  org_uid: Uuid(),
  accessible_divisions: Type.Array(Obj({ division_uid: Uuid(), division_name: Text(), org_uid: Uuid() })),
  authentication_service: Text(),
  theme: Obj({ setting_value: Text('The user theme, as JSON text') }),
  flags: Obj(Object.fromEntries(FLAGS.map((flag) => [flag, Bool()])) as Record<Flag, TBoolean>),
  expires_at: Timestamp(),
  idle_timeout_seconds: Int(),
};

/** The session as the browser reads it again (GET /session/current). */
export const SessionDocument = One(Resource('session', session));

/** A session just opened (sign-in, a sign-in link, a division switch), with its token, shown only here. */
export const NewSessionDocument = One(Resource('session', { token: Text(), ...session }));

/** After a single sign-on: where the user may end the provider's own session too. */
export const SignedOutDocument = One(Obj({ type: Type.Literal('signed-out'), attributes: Obj({ end_session_url: Text(), provider_name: Text() }) }));

/** A colleague as others see them (findColleague). */
export const AppUserDocument = One(
  Resource('app-users', {
    user_uid: Uuid(),
    display_name: Text(),
    first_name: Nullable(Text()),
    last_name: Nullable(Text()),
    email_address: Nullable(Text()),
    is_active: Bool(),
  }),
);
