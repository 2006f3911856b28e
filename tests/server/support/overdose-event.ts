import { DEFAULT_TIME_ZONE, todayIn } from '../../../shared/schemas/medical-events';

/** The body of `POST /api/medical-events` for today's drug overdose of a patient, with the given status. */
export const overdoseEvent = (patientUid: string, statusUid: string) => ({
  data: {
    type: 'medical-events',
    attributes: {
      patient_uid: patientUid, medical_event_name: 'drug_overdose', event_date: todayIn(DEFAULT_TIME_ZONE), event_time_zone: DEFAULT_TIME_ZONE, status_uid: statusUid,
      detail_object: { naloxone_administered: 'no', was_overdose_fatal: 'no', accepted_treatment: 'accepted' },
    },
  },
});
