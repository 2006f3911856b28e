import { defineWidget } from '../../shared/widget/define-widget';
import { MedicalEventsWidget } from './medical-events-list.component';

/**
 * A patient's medical events of one type (spec 002 "Medical event list"),
 * newest first, titled with the type's plural label, for users with the
 * medicalEvent feature; a row opens the event and 'Add ...' the form, both
 * as record pages. CIT staff see no Add button.
 *
 * @element care-medical-events
 * @attr patient-id - The patient whose events to list; one the caller may not see shows an error. Without it the element shows nothing and asks nothing.
 * @attr event-name - The event type: drug_overdose, survivor_interaction, other_interaction, treatment_referral or cit.
 * @attr show-patient-name - "true" (an empty value is ignored, as by every attribute of these elements): each row names the patient (spec 002 "Medical event list"), and a row then opens its event in a new tab (at route-base + path when route-base is set), since it opens a patient from a table; a foreign row opens nothing.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/medical-events/{name}/{eventId}/details` (`cit-details` for cit; not with show-patient-name, whose rows open a new tab) or `/patients/{id}/medical-events/{name}/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CareMedicalEventsElement = defineWidget('care-medical-events', MedicalEventsWidget, {
  props: { patientId: 'string', eventName: 'string', showPatientName: 'boolean' },
});
