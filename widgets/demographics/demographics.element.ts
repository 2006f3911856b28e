import { defineWidget } from '../../shared/widget/define-widget';
import { DemographicsWidget } from './demographics.component';

/**
 * A patient's demographics (spec 001 sections 5 and 7 "Demographics"): names,
 * birth date, sex, gender identity, races, phones, addresses, e-mail
 * addresses and insurance; the modes that edit a record can change them.
 *
 * @element care-demographics
 * @attr patient-id - The patient to show.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CareDemographicsElement = defineWidget('care-demographics', DemographicsWidget, {
  props: { patientId: 'string' },
});
