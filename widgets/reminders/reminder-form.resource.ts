import { useCallback } from 'react';
import type { ApiClient } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { reminderPayload } from '../../shared/schemas/reminder-payload';
import type { ReminderFormValues } from '../../shared/schemas/reminders';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded } from '../kit/use-loaded';
import { fetchMe, useNavigators, type Load, type Navigator } from './reminders.resource';

// The form's calls live apart from the card's: the home's first load carries the card, not the form.

export async function createReminder(client: ApiClient, values: ReminderFormValues, assigneeName: string | null): Promise<void> {
  await client.post('reminders', reminderPayload(values, assigneeName));
}

export function useCreateReminder() {
  const client = useWidgetApi();
  return useCallback((values: ReminderFormValues, assigneeName: string | null) => createReminder(client, values, assigneeName), [client]);
}

/**
 * Server field names come back as `data.attributes.<name>`; the form's fields
 * are the attribute names, and the patient link is the patient field.
 */
export function toFormErrors(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const field = (name?: string) => {
    if (!name) return undefined;
    if (name.startsWith('data.relationships') || name === 'data.attributes.subjectUid') return 'patientUid';
    return name.replace(/^data\.attributes\./, '');
  };
  return new ApiError(error.status, error.errors.map((e) => ({ ...e, field: field(e.field) })));
}

/** The caller's navigator id and the navigators they may assign to (one organisation), together. */
export function useAssignees(): Load<{ me: string | null; navigators: Navigator[] }> {
  const client = useWidgetApi();
  const me = useLoaded(() => fetchMe(client), [client]);
  const navigators = useNavigators(me.data?.orgUid);
  const error = me.error ?? navigators.error;
  const data = me.data && navigators.data ? { me: me.data.providerUid, navigators: navigators.data } : null;
  return { data: error ? null : data, error, isLoading: !error && data === null };
}
