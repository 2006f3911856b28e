import { Bool, Many, Obj, One, Resource, Text, Type } from '../api-docs/json-api';

/** A user-facing SMART app; its client id is text (smart_app.client_id). */
const SmartApp = Resource('smart-apps', { client_id: Text(), name: Text(), redirect_uris: Type.Array(Text()), scopes: Type.Array(Text()), is_active: Bool() });

/** The apps, and the addresses an app's developer configures. */
export const SmartAppList = Many(SmartApp, { meta: Obj({ fhir_base: Text(), authorize_url: Text(), token_url: Text() }) });
export const SmartAppDocument = One(SmartApp);
