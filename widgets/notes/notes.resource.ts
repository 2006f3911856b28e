import { useCallback } from 'react';
import type { ApiClient, Document, Resource } from '../../shared/api/client';
import type { NoteFormValues } from '../../shared/schemas/notes';
import { useWidgetApi } from '../../shared/widget/widget-context';
import type { PageRequest, PageResult } from '../kit/data-table';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { pageQuery } from '../kit/view-page';

/** A row of the `patient_note` view, in wire form (snake_case) so its column names go back as sort keys. */
export type NoteRow = Record<string, unknown> & {
  note_uid: string;
  note: string;
  activity_date: string;
  created_date: string;
  session_duration_minutes: number | null;
  author_first_name: string | null;
  author_last_name: string | null;
};

export interface Note {
  noteUid: string;
  patientUid: string;
  noteType: string;
  note: string;
  activityDate: string;
  createdDate: string;
  sessionDurationMinutes: number | null;
  authorFirstName: string | null;
  authorLastName: string | null;
}

/** One page of the patient's active notes (spec 001 section 7: `patient_uid`, `is_archived` false). */
export async function fetchNotesPage(api: ApiClient, patientId: string, request: PageRequest): Promise<PageResult<NoteRow>> {
  const query = { ...pageQuery(request), patientUid: patientId, isArchived: false };
  const doc = await api.request<{ data: { attributes: NoteRow }[]; meta?: { total?: number } }>('GET', 'data/public/patient_note', { query, raw: true });
  return { rows: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length };
}

export function useNote(noteId: string): Loaded<Note> {
  const client = useWidgetApi();
  return useLoaded(async () => (await client.get<Document<Resource<Note>>>(`notes/${encodeURIComponent(noteId)}`)).data.attributes, [client, noteId]);
}

/** `POST /api/notes`; one Idempotency-Key per submission, so a retried save stores one note. */
export function useCreateNote(patientId: string) {
  const client = useWidgetApi();
  return useCallback(
    (values: NoteFormValues, key: string) =>
      client.post<Document<Resource<Note>>>(
        'notes',
        {
          data: {
            type: 'notes',
            attributes: { note: values.note, activityDate: values.activityDate, sessionDurationMinutes: values.sessionDurationMinutes === '' ? null : Number(values.sessionDurationMinutes) },
            relationships: { patient: { data: { type: 'patients', id: patientId } } },
          },
        },
        undefined,
        idempotencyHeader(key),
      ),
    [client, patientId],
  );
}

export function useDeactivateNote() {
  const client = useWidgetApi();
  return useCallback((noteId: string) => client.request<void>('DELETE', `notes/${encodeURIComponent(noteId)}`), [client]);
}
