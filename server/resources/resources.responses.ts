import { Int, Nullable, One, OneOf, Resource, Text, Timestamp, Uuid } from '../api-docs/json-api';

/** A library resource handed to a patient: the columns findPatientResource reads of patient_resource_view. */
export const PatientResourceDocument = One(
  Resource('patient-resources', {
    patient_resource_uid: Uuid(),
    patient_uid: Uuid(),
    resource_uid: Uuid(),
    title: Text(),
    category: Text(),
    sort_order: Int(),
    resource_type: OneOf(['Link', 'File']),
    resource_link: Text(),
    file_name: Nullable(Text()),
    file_size: Nullable(Int()),
    created_date: Timestamp(),
    added_by_first_name: Nullable(Text()),
    added_by_last_name: Nullable(Text()),
  }),
);
