import { Day, Nullable, One, OneOf, Resource, Text } from '../api-docs/json-api';

/**
 * Add Patient's fields from the EHR's Patient of a launch (addPatientPrefill, launch-patient.ts), and the
 * EHR's name, in the order jsonb keeps the fields (shorter keys first): the order the answer has always had.
 */
export const LaunchPatientDocument = One(
  Resource('launch-patients', {
    mrn: Nullable(Text()),
    city: Nullable(Text()),
    state: Nullable(Text()),
    gender: Nullable(OneOf(['male', 'female'])),
    address1: Nullable(Text()),
    address2: Nullable(Text()),
    last_name: Nullable(Text()),
    post_code: Nullable(Text()),
    birth_date: Nullable(Day()),
    first_name: Nullable(Text()),
    home_phone: Nullable(Text()),
    work_phone: Nullable(Text()),
    middle_name: Nullable(Text()),
    mobile_phone: Nullable(Text()),
    ehr_name: Nullable(Text()),
  }),
);
