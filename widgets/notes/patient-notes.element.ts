import { defineWidget } from '../../shared/widget/define-widget';
import { PatientNotesWidget } from './notes-list.component';

/**
 * A patient's active notes (spec 001 section 2 `notes`), newest first; a row
 * opens the note and 'Add Note' the form, both as record pages.
 *
 * @element care-patient-notes
 * @attr patient-id - The patient whose notes to list; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/notes/{noteId}/details` or `/patients/{id}/notes/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientNotesElement = defineWidget('care-patient-notes', PatientNotesWidget, {
  props: { patientId: 'string' },
});
