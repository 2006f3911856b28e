import type { ViewDefinition } from '../dataviews/types';

/** List views of this area, served by the data-view engine at /api/data/public/<name>. */
export const patientSearchViews: ViewDefinition[] = [];
