import type { ViewDefinition } from '../dataviews/types';
import { patientScope } from '../dataviews/scopes';
import { CARE_FLAGS } from '../security/access';

/**
 * `GET /api/data/public/patient-attachment?patient_uid=<id>` (spec 001
 * section 7): one patient's documents, newest first, with the author's name.
 * The call must name a patient the caller may see.
 */
export const patientAttachmentView: ViewDefinition = {
  name: 'patient-attachment',
  source: 'patient_attachment_view',
  idColumn: 'attachment_uid',
  columns: {
    attachment_uid: 'uuid',
    patient_uid: 'uuid',
    doc_type: 'text',
    attachment_type: 'text',
    attachment_title: 'text',
    attachment_description: 'text',
    attachment_link: 'text',
    file_name: 'text',
    content_type: 'text',
    file_size: 'number',
    created_date: 'timestamp',
    author_first_name: 'text',
    author_last_name: 'text',
  },
  defaultSort: '-created_date,attachment_uid',
  scope: patientScope('v'),
  access: { anyFlag: CARE_FLAGS },
  patientColumn: 'patient_uid',
};

export const documentsViews: ViewDefinition[] = [patientAttachmentView];
