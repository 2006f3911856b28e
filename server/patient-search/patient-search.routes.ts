import type { FastifyPluginAsync } from 'fastify';
import { PatientSearchQuerySchema } from '../../shared/schemas/patient-search';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/context';
import { toSummary } from './patient-summary';
import { searchPatients } from './patient-search.repository';
import { QuickSearchPage, SummaryPatientPage } from './patient-search.responses';
import { parseQuickQuery, parseSummaryQuery, type PatientSearch } from './search-query';
import { allow } from '../security/access';
import { QUICK_SEARCH_FLAGS } from '../../shared/permissions';

/**
 * Finding patients. Any signed-in user may search: the division rule limits
 * what is found and the restricted-case rules what is shown of it.
 * `/data/public/identity-quick-search` is spelled like a data view (spec 000
 * section 7) but answered here: a static route wins over `/data/public/:view`,
 * and a search needs q, word matching and per-row stubs the generic views lack.
 */
export const patientSearchRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  const answer = async (type: string, auth: ReturnType<typeof requireAuth>, search: PatientSearch) => {
    const { rows, total } = await searchPatients(db, auth, search);
    return {
      data: rows.map((row) => ({ type, id: row.patient_uid, attributes: toSummary(row, auth) })),
      meta: { total, page: search.page, page_size: search.pageSize },
    };
  };

  app.get<{ Querystring: Record<string, unknown> }>('/summary-patients', withSchemas(allow('hasAppNavigator', 'hasAppIdentity'), { 200: SummaryPatientPage }, { query: PatientSearchQuerySchema }), async (request) => {
    const auth = requireAuth(request);
    return answer('summary-patients', auth, parseSummaryQuery(request.query));
  });

  app.get<{ Querystring: Record<string, unknown> }>('/data/public/identity-quick-search', withSchemas(allow(...QUICK_SEARCH_FLAGS), { 200: QuickSearchPage }, { query: PatientSearchQuerySchema }), async (request) => {
    const auth = requireAuth(request);
    return answer('identity-quick-search', auth, parseQuickQuery(request.query));
  });
};
