import type { ViewDefinition } from '../dataviews/types';
import { currentDivisionScope } from '../dataviews/scopes';

/** `/api/data/public/cit-submission-list`: the current division's CIT sheets, for CIT staff. */
export const citViews: ViewDefinition[] = [
  {
    name: 'cit-submission-list',
    source: 'cit_submission_list_view',
    idColumn: 'submission_uid',
    columns: {
      submission_uid: 'uuid',
      last_name: 'text',
      first_name: 'text',
      incident_date_time: 'timestamp',
      officer_name: 'text',
      approval_status: 'text',
      created_at: 'timestamp',
    },
    defaultSort: '-created_at',
    access: { anyFlag: ['hasAppCit'] },
    scope: currentDivisionScope('v'),
  },
];
