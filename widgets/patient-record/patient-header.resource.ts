import { joinUrl, type ApiClient, type Document, type Resource } from '../../shared/api/client';
import type { AvatarUpload } from '../../shared/schemas/demographics';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { useLoaded, type Loaded } from '../kit/use-loaded';
import { useEffect, useState } from 'react';
import type { RecordPatient } from './patient-record.resource';

/** A reference status of type Episode (spec 001 section 4 "Episode status"). */
export interface EpisodeStatus {
  uid: string;
  label: string;
}

/** The Episode statuses, by default sort order then label (the reference view's order). */
export function useEpisodeStatuses(): Loaded<EpisodeStatus[]> {
  const client = useWidgetApi();
  return useLoaded(
    () => client.get<Document<Resource<EpisodeStatus>[]>>('data/reference/reference-status', { refDataType: 'Episode', allData: 1 }).then((doc) => doc.data.map((r) => r.attributes)),
    [client],
  );
}

/** `PUT /api/patient-episodes/{patientEpisodeUid}` with the spec's `new-status` attribute, sent as named. */
export function changeEpisodeStatus(client: ApiClient, patientEpisodeUid: string, statusUid: string) {
  return client.request('PUT', `patient-episodes/${encodeURIComponent(patientEpisodeUid)}`, {
    raw: true,
    body: { data: { type: 'patient-episodes', id: patientEpisodeUid, attributes: { 'new-status': statusUid } } },
  });
}

/** `PUT /api/patients/{id}` with the note alone (spec 001 section 7 "Header"); '' removes it. */
export function savePriorityNote(client: ApiClient, patientUid: string, note: string) {
  return client.put<Document<Resource<RecordPatient>>>(`patients/${encodeURIComponent(patientUid)}`, { data: { type: 'patients', id: patientUid, attributes: { note } } });
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** `POST /api/patients/{id}/avatar` with fileName, fileType and base64Data. */
export async function uploadAvatar(client: ApiClient, patientUid: string, file: File) {
  const body: AvatarUpload = { fileName: file.name, fileType: file.type, base64Data: await readBase64(file) };
  return client.post(`patients/${encodeURIComponent(patientUid)}/avatar`, body);
}

export { useAvatarSrc } from '../kit/avatar';

