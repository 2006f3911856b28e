import type { ApiClient, Document } from '../../shared/api/client';
import type { AppAuthorizationView, AppDecisionInput, AppRedirect } from '../../shared/schemas/smart-apps';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded } from '../kit/use-loaded';

const path = (uid: string) => `smart-apps/authorizations/${encodeURIComponent(uid)}`;

/** What the app asks of the signed-in user (issue 35): 404 once the request ended. */
export function useAppAuthorization(uid: string) {
  const api = useWidgetApi();
  return useLoaded(async () => (await api.get<Document<AppAuthorizationView>>(path(uid))).data, [api, uid]);
}

/** The user's answer: where the browser goes next (back through Careweave's authorization server to the app). */
export const decideApp = async (api: ApiClient, uid: string, input: AppDecisionInput): Promise<string> =>
  (await api.request<Document<AppRedirect>>('POST', path(uid), { body: { decision: input.decision, patientUid: input.patientUid || undefined } })).data.redirectTo;
