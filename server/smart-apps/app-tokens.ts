import { CARE_FLAGS, flagsFrom, hasAnyFlag } from '../../shared/permissions';
import { withoutCaseAccess, type Viewer } from '../dataviews/scopes';
import type { Db } from '../db/connect';
import type { FhirClient } from '../fhir/fhir-clients.repository';
import { parseScope } from '../fhir/scopes';
import { postgresAdapter, providerSeconds } from './oidc-adapter';
import { launchAccess } from './smart-apps.repository';

/** What a FHIR call made with a SMART app's token reads as. */
export interface AppTokenCaller {
  /** The app, named with its user in the audit entries ("Dana Reyes (Growth Chart)"); the user's division. */
  client: FhirClient;
  scopes: string[];
  /** The user's access in the division they authorized the app in, as it stands now. */
  viewer: Viewer;
  /** The patient the user chose: the only one `patient/` scopes read. */
  patientUid: string | null;
}

/**
 * A live access token that Careweave's authorization server issued to a
 * SMART app, read with its user's access at this moment: none once the token
 * expired or was revoked, the app was turned off, or the user was
 * deactivated, lost the division or every care-mode flag (identity mode is
 * never FHIR's).
 */
export async function appTokenCaller(db: Db, token: string): Promise<AppTokenCaller | undefined> {
  const AccessTokens = postgresAdapter(db);
  const payload = await new AccessTokens('AccessToken').find(token);
  if (!payload?.grantId || typeof payload.exp !== 'number' || payload.exp <= providerSeconds()) return undefined;
  const access = await launchAccess(db, payload.grantId);
  if (!access) return undefined;
  const flags = flagsFrom(access.permissions ?? []);
  if (!hasAnyFlag(flags, CARE_FLAGS)) return undefined;
  const scopes = String(payload.scope ?? '').split(' ').filter((s) => parseScope(s));
  return {
    client: {
      clientId: access.client_id,
      orgUid: access.org_uid,
      userUid: access.user_uid,
      displayName: `${access.display_name} (${access.app_name})`,
      jwks: null,
      jwksUrl: null,
      scopes,
      divisionUids: [access.division_uid],
    },
    scopes,
    viewer: withoutCaseAccess({ divisionUid: access.division_uid, userName: access.user_name, email: access.email_address, flags }),
    patientUid: access.patient_uid,
  };
}
