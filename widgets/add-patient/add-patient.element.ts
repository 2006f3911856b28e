import { defineWidget } from '../../shared/widget/define-widget';
import { AddPatient } from './add-patient.component';

/**
 * The Add Patient form (spec 001 section 5 and section 7 "Add patient"): the
 * patient, phones, the inbound referral, any number of addresses and e-mail
 * addresses; a "Possible Duplicates" warning before creating; one patient per
 * submission however often it is clicked.
 *
 * @element care-add-patient
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr from-ehr - After a SMART launch that matched no patient: the form is filled from the EHR's Patient and the new record gets its MRN.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-saved - `detail.type` `'patients'` and `detail.patientUid` once the patient is created.
 * @fires care-navigate - `detail.path` `/patients/{patientUid}` after creating, `/patients/{id}` from a possible duplicate, `/patients` on Cancel. Cancelable.
 * @cssprop --care-color-primary - Links, focus ring and the Add Patient button.
 * @csspart root - The widget's outer box.
 */
export const CareAddPatientElement = defineWidget('care-add-patient', AddPatient, { props: { fromEhr: 'boolean' } });
