import type { MedicationStatement } from '@medplum/fhirtypes';
import { sql } from 'kysely';
import { compartmentResource, patientRef } from './compartment';

interface Row {
  id: string;
  patient_uid: string;
  last_updated: Date;
  medication_label: string;
  dosage: string | null;
  frequency: string | null;
  started_date: string | null;
  finished_date: string | null;
  is_still_taking: boolean;
  route_labels: string[];
}

/** Issue 35 section 1: a medication the patient takes or took, with its dose, frequency and routes as text. Comments stay in Careweave. */
export const medicationStatementResource = compartmentResource<Row>(
  'MedicationStatement',
  sql`select patient_medication_uid as id, patient_uid, updated_at as last_updated, medication_label, dosage, frequency,
             started_date::text as started_date, finished_date::text as finished_date, is_still_taking, medication_route_labels as route_labels
        from patient_medication_view`,
  (r): MedicationStatement => {
    const dose = [r.dosage, r.frequency].filter((t): t is string => !!t?.trim()).join(', ');
    const routes = r.route_labels.filter(Boolean);
    const period = { ...(r.started_date && { start: r.started_date }), ...(r.finished_date && { end: r.finished_date }) };
    return {
      resourceType: 'MedicationStatement',
      id: r.id,
      meta: { lastUpdated: r.last_updated.toISOString() },
      status: r.is_still_taking ? 'active' : 'completed',
      medicationCodeableConcept: { text: r.medication_label },
      subject: patientRef(r.patient_uid),
      ...(Object.keys(period).length && { effectivePeriod: period }),
      ...((dose || routes.length) && { dosage: routes.length ? routes.map((route) => ({ ...(dose && { text: dose }), route: { text: route } })) : [{ text: dose }] }),
    };
  },
);
