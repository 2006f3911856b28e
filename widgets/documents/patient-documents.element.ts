import { defineWidget } from '../../shared/widget/define-widget';
import { PatientDocumentsWidget } from './documents-list.component';

/**
 * A patient's documents (spec 001 section 2 `docs`): links and stored files,
 * newest first; a row opens the document (download, open, delete) and 'Add
 * Document' the upload form, both as record pages.
 *
 * @element care-patient-documents
 * @attr patient-id - The patient whose documents to list; one the caller may not see shows an error.
 * @attr api-base - The server's API root; with `token`, overrides any surrounding `<care-session>`.
 * @attr token - Bearer token for api-base.
 * @attr lang - Language, default `en-US`.
 * @attr primary-color - Overrides the session theme's primary colour.
 * @attr route-base - When set and no listener cancels `care-navigate`, the browser opens route-base + path.
 * @fires care-navigate - `detail.path`: `/patients/{id}/docs/{docId}` or `/patients/{id}/docs/add`. Cancelable.
 * @cssprop --care-color-primary - Links and buttons.
 * @csspart root - The widget's outer box.
 */
export const CarePatientDocumentsElement = defineWidget('care-patient-documents', PatientDocumentsWidget, {
  props: { patientId: 'string' },
});
