import type { RecordPatient } from './patient-record.resource';

/** What every record page is given by the frame. */
export interface RecordPageProps {
  patientId: string;
  /** The page path's parameters (`:eventId` in `appointments/:eventId/details`). */
  params: Record<string, string>;
  patient: RecordPatient;
  /** Reads the patient again after a change the header shows. */
  reloadPatient: () => void;
}
