import type { FastifyPluginAsync } from 'fastify';
import { check } from '../../shared/schemas/validate';
import { agencyNotFound } from '../../shared/constants';
import { IdentitySearchQuerySchema, RECENT_PATIENTS } from '../../shared/schemas/identity-search';
import { withSchemas } from '../api-docs/route-schemas';
import type { AppContext } from '../app-context';
import { requireAuth, type AuthContext } from '../auth/context';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { custodyOfRow, toSummary } from '../patient-search/patient-summary';
import { allow } from '../security/access';
import { identitySources, recentPatients, searchIdentity, sourceAgencies, sourceAgency, sourceStatuses, type IdentitySearchRow } from './identity-search.repository';
import { IdentitySearchPage, IdentitySourceList, RecentPatientList, SourceAgencyDocument, SourceAgencyList, SourceStatusList } from './identity-search.responses';

const SEARCH_PARAMS = new Set(Object.keys(IdentitySearchQuerySchema.schema));
/** Longest agency id echoed back in agencyNotFound (a county name is far shorter). */
const AGENCY_ID_MAX = 100;
const LIST_PARAMS = ['sort', 'page', 'page-size', 'all-data'];

/** Unknown parameters are refused by name (a misspelt criterion would otherwise widen the search silently). */
function onlyParams(query: Record<string, unknown>, allowed: Set<string> | string[]): void {
  const known = allowed instanceof Set ? allowed : new Set(allowed);
  for (const key of Object.keys(query)) if (!known.has(key)) throw badRequest(`Unknown parameter '${key.slice(0, 40)}'`, key.slice(0, 40));
}

/**
 * A result card's facts (spec 002 "Patient summary (search and card)"). Case
 * ids and the placement provider id only with the full identity view; an
 * MRN only of an approved match (a match under review shows its source, a
 * rejected one nothing, spec 002 "Match status").
 */
function toCard(row: IdentitySearchRow, auth: AuthContext) {
  const full = auth.flags.hasIdentityViewFull;
  const { card } = row;
  return {
    patient_uid: row.patient_uid,
    first_name: row.first_name,
    last_name: row.last_name,
    middle_name: row.middle_name,
    preferred_names: card.preferred_names.map((preferredname) => ({ preferredname })),
    birth_date: row.birth_date,
    gender: row.gender,
    patient_flags: card.patient_flags,
    agency_county: card.agency_county,
    cs_child_legal_status_legal: row.agency_legal_status,
    placement_type: card.placement?.placement_type ?? null,
    provider_name: card.placement?.provider_name ?? null,
    sacwis_person_id: row.sacwis_person_id,
    person_image: row.avatar_file ? `patients/${row.patient_uid}/avatar?v=${row.avatar_file.slice(0, 16)}` : null,
    ...(full ? { provider_id: card.placement?.provider_id ?? null, source_cases: row.case_ids.map((case_id) => ({ case_id })) } : {}),
    match_results: {
      matches: card.matches
        .filter((m) => m.match_status_id !== 3)
        .map((m) => ({ source_description: m.source_description, match_status_id: m.match_status_id, lookuppersonid: m.match_status_id === 1 ? m.mrn : null })),
      has_any_disputes: card.matches.some((m) => m.match_status_id === 4),
    },
    restricted_flag: row.restricted_flag,
    in_custody: row.in_custody,
    custody: custodyOfRow(row),
    division_uid: row.division_uid,
    division_name: row.division_name,
    restricted_case_warning: row.restricted_flag === '1' && !auth.flags.identityViewRestricted,
  };
}

/**
 * Finding a child in identity mode (issue 11 section 2): the identity search,
 * the form's two lists, the caller's recent patients and the sources' last
 * refresh. Spelled like data views (spec 000 section 7) but answered here: a
 * static route wins over `/data/public/:view`, and the search reads
 * identity_search with the access rule in its conditions, so a patient the
 * caller may not see is never found.
 */
export const identitySearchRoutes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.get<{ Querystring: Record<string, unknown> }>('/data/public/identity_search', withSchemas(allow('hasAppIdentity'), { 200: IdentitySearchPage }, { query: IdentitySearchQuerySchema }), async (request) => {
    const auth = requireAuth(request);
    onlyParams(request.query, SEARCH_PARAMS);
    const result = check(IdentitySearchQuerySchema, { ...request.query });
    if (result.errors) throw new HttpError(400, result.errors);
    const { rows, total } = await searchIdentity(db, auth, result.value);
    return {
      data: rows.map((row) => ({ type: 'identity_search', id: row.patient_uid, attributes: toCard(row, auth) })),
      meta: { total, page: result.value.page, page_size: result.value['page-size'] },
    };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/data/public/list-view-cs-tbl-identity-source', withSchemas(allow('hasAppIdentity'), { 200: IdentitySourceList }), async (request) => {
    const auth = requireAuth(request);
    onlyParams(request.query, [...LIST_PARAMS, 'is_primary_source_of_truth']);
    // The hospitals are never the primary source of truth (SACWIS is, and is not offered).
    if (request.query.is_primary_source_of_truth === 'true') return { data: [], meta: { total: 0 } };
    const sources = await identitySources(db, auth.divisionUid);
    return { data: sources.map((name) => ({ type: 'list-view-cs-tbl-identity-source', id: name, attributes: { source_description: name } })), meta: { total: sources.length } };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/data/public/tbl-source-agency', withSchemas(allow('hasAppIdentity'), { 200: SourceAgencyList }), async (request) => {
    const auth = requireAuth(request);
    onlyParams(request.query, LIST_PARAMS);
    const agencies = await sourceAgencies(db, auth.divisionUid);
    return { data: agencies.map((a) => ({ type: 'tbl-source-agency', id: a.agency_county, attributes: a })), meta: { total: agencies.length } };
  });

  // The agency lookup (spec 001 section 8): one PCSA by its id, the county tbl-source-agency names it by.
  app.get<{ Params: { id: string } }>('/data/public/tbl-source-agency/:id', withSchemas(allow('hasAppIdentity'), { 200: SourceAgencyDocument }), async (request) => {
    const auth = requireAuth(request);
    const id = request.params.id;
    if (id.length > AGENCY_ID_MAX) throw badRequest(`Must be at most ${AGENCY_ID_MAX} characters`, 'id');
    const agency = await sourceAgency(db, auth.divisionUid, id);
    if (!agency) throw notFound(agencyNotFound(id));
    return { data: { type: 'tbl-source-agency', id: agency.agency_county, attributes: agency } };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/data/public/tbl_identity_source_status', withSchemas(allow('hasAppIdentity'), { 200: SourceStatusList }), async (request) => {
    const auth = requireAuth(request);
    onlyParams(request.query, LIST_PARAMS);
    const rows = await sourceStatuses(db, auth.divisionUid);
    return {
      data: rows.map((r) => ({
        type: 'tbl_identity_source_status',
        id: r.source_name,
        attributes: { source_name: r.source_name, last_refresh_date: r.last_refresh_date, status: r.status, details: r.details },
      })),
      meta: { total: rows.length },
    };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/data/public/list_view_cs_recent_patients', withSchemas(allow('hasAppIdentity', 'hasAppCit'), { 200: RecentPatientList }), async (request) => {
    const auth = requireAuth(request);
    onlyParams(request.query, ['user_uid', 'sort', 'page', 'page-size']);
    const { user_uid: userUid, sort = '-updated-date', page = '1' } = request.query as Record<string, string>;
    if (userUid !== undefined && userUid !== auth.userUid) throw forbidden('Only your own recent patients can be listed');
    if (sort !== '-updated-date') throw badRequest('Sort must be -updated-date', 'sort');
    if (page !== '1') throw badRequest('Only the first page of recent patients is kept', 'page');
    const size = Number(request.query['page-size'] ?? RECENT_PATIENTS);
    if (!Number.isInteger(size) || size < 1 || size > RECENT_PATIENTS) throw badRequest(`Must be a whole number from 1 to ${RECENT_PATIENTS}`, 'page-size');
    const rows = await recentPatients(db, auth, size);
    return { data: rows.map((row) => ({ type: 'list_view_cs_recent_patients', id: row.patient_uid, attributes: toSummary(row, auth) })), meta: { total: rows.length } };
  });
};
