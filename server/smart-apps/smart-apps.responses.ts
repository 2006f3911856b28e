import { Bool, Obj, One, Text, Type } from '../api-docs/json-api';

/** What an app asks of the signed-in user (AppAuthorizationView, shared/schemas/smart-apps.ts). */
export const AppAuthorizationDocument = One(
  Obj({
    uid: Text(),
    app_name: Text(),
    scopes: Type.Array(Obj({ scope: Text(), text: Text() })),
    refused: Type.Array(Text()),
    needs_patient: Bool(),
    division_name: Text(),
  }),
);

/** Where the browser goes after the user's answer: back to the app, with its code or the refusal (AppRedirect). */
export const AppRedirectDocument = One(Obj({ redirect_to: Text() }));
