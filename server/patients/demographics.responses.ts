import type { TSchema } from '@sinclair/typebox';
import { Many, One, Resource, Text, Uuid } from '../api-docs/json-api';

/** The patient's races, in the reference list's order. */
export const RaceList = Many(Resource('reference-race', { uid: Uuid(), name: Text(), label: Text() }));

/** The episode after a status change. */
export const EpisodeDocument = One(Resource('patient-episodes', { patient_episode_uid: Uuid(), patient_uid: Uuid(), status_uid: Uuid(), status_label: Text() }));

/** The profile picture as stored: one of the kinds avatar-store.ts accepts (Content names one type only). */
export const Picture = {
  description: 'The profile picture',
  content: Object.fromEntries(['image/jpeg', 'image/png', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
} as unknown as TSchema;
