import { defineWidget } from '../../shared/widget/define-widget';
import { CitForm } from './cit-form.component';

/**
 * The public CIT contact sheet (spec 002 "Public CIT form"). Works without a
 * session: give it `api-base` only. The officer first enters the agency
 * identifier and officer name; the sheet appears once they are valid.
 *
 * @element care-cit-form
 * @attr state - Two-letter state of the agency (default `oh`).
 * @attr api-base - The Careweave server's API root, e.g. `https://care.example.org/api`.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Colour of the Save button and focus ring.
 * @fires care-saved - `detail.type` `'cit-submission'`, `detail.id` after a sheet was stored.
 * @cssprop --care-color-primary - Save button and focus ring.
 * @csspart root - The widget's outer box.
 */
export const CareCitFormElement = defineWidget('care-cit-form', CitForm, { props: { state: 'string' } });
