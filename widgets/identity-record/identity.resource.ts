import dayjs from 'dayjs';
import type { ApiClient, Document, Query, Resource } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { nowMs } from '../../shared/clock';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';
import { useLoaded, type Loaded } from '../kit/use-loaded';

/** A panel's row as the list view sends it (snake_case columns). */
export type PanelRow = Record<string, unknown>;

export interface PanelPage {
  rows: PanelRow[];
  total: number;
}

/** One page of an identity panel's view (`GET data/public/list-view-cs-tbl-<view>`, spec 001 section 7 "Identity views"). */
export async function fetchPanel(api: ApiClient, view: string, patientId: string, query: Query): Promise<PanelPage> {
  const doc = await api.request<{ data: { attributes: PanelRow }[]; meta?: { total?: number } }>('GET', `data/public/list-view-cs-tbl-${view}`, {
    query: { patient_uid: patientId, ...query },
    raw: true,
  });
  return { rows: doc.data.map((r) => r.attributes), total: doc.meta?.total ?? doc.data.length };
}

/** Spec 001 section 9: date filter presets in days; null is all. */
export const DATE_PRESETS = [30, 60, 90, 120, null] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/**
 * The date filter as the list call sends it (spec 001 section 7: "Date filters
 * use the suffixes << and >>"): the last N days up to today, or for upcoming
 * rows today up to N days ahead.
 */
export function dateFilter(column: string, days: DatePreset, direction: 'past' | 'future', now = dayjs(nowMs())): Query {
  const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  if (direction === 'future') {
    return days === null ? { [`${column}__>>=`]: day(now) } : { [`${column}__>>=`]: day(now), [`${column}__<<`]: day(now.add(days + 1, 'day')) };
  }
  return days === null ? {} : { [`${column}__>>=`]: day(now.subtract(days, 'day')), [`${column}__<<`]: day(now.add(1, 'day')) };
}

/** A PCSA of the division's extract (spec 002 tbl-source-agency); its id is its county. */
export interface SourceAgency {
  agencyCounty: string;
  agencyName: string;
}

/**
 * The agency of the child's current custody, by the agency lookup (spec 001
 * section 8): `agency`, or `missing`, the server's 404 text ('No data found
 * for agency_id: {id}') when the division's extract has no such agency; null
 * when the child is in no one's custody now.
 */
export type CustodialAgency = { agency: SourceAgency; missing: null } | { agency: null; missing: string } | null;

export async function fetchCustodialAgency(api: ApiClient, patientId: string): Promise<CustodialAgency> {
  const current = await fetchPanel(api, 'custody-history', patientId, { endDate: null, pageSize: 1 });
  const county = current.rows[0]?.county;
  if (typeof county !== 'string' || !county) return null;
  try {
    const doc = await api.get<Document<Resource<SourceAgency>>>(`data/public/tbl-source-agency/${encodeURIComponent(county)}`);
    return { agency: doc.data.attributes, missing: null };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return { agency: null, missing: err.errors[0]?.message ?? err.message };
    throw err;
  }
}

export function useCustodialAgency(patientId: string): Loaded<CustodialAgency> {
  const api = useWidgetApi();
  return useLoaded(() => fetchCustodialAgency(api, patientId), [api, patientId]);
}

export interface IdentitySummary {
  approvedPlacements: number;
  upcomingAppointments: number;
  currentMedications: number;
  pcp: { providerName: string; practiceName: string | null; phone: string | null; address: string | null; startDate: string | null; sourceName: string } | null;
  contact: { contactRole: string; contactName: string; phone: string | null; email: string | null; agencyName: string | null; county: string | null } | null;
}

export function useIdentitySummary(patientId: string): Loaded<IdentitySummary> {
  const api = useWidgetApi();
  return useLoaded(
    () => api.get<Document<Resource<IdentitySummary>>>(`patients/${encodeURIComponent(patientId)}/identity-summary`).then((d) => d.data.attributes),
    [api, patientId],
  );
}

/** Spec 001 "Alert badges bar", in the spec's order. */
export type AlertKind = 'restricted' | 'allergies' | 'hospitalized' | 'awol' | 'on-leave' | 'residential' | 'ohiorise';
export interface IdentityAlert {
  kind: AlertKind;
  details: Record<string, string | null>[];
}

export function useIdentityAlerts(patientId: string): Loaded<IdentityAlert[]> {
  const api = useWidgetApi();
  return useLoaded(
    () =>
      api
        .request<{ data: { attributes: IdentityAlert }[] }>('GET', `patients/${encodeURIComponent(patientId)}/identity-alerts`, { raw: true })
        .then((d) => d.data.map((r) => r.attributes)),
    [api, patientId],
  );
}

/** Spec 001: opening Referrals & Appointments records an audit entry named ReferralAppt. */
export const recordReferralAppt = (api: ApiClient, patientId: string) =>
  api.request('POST', 'audit', { body: { patient_uid: patientId, action: 'ReferralAppt' } });

/** A patient's match to the extract (spec 000 section 3 "Match result"). */
export interface IdentityMatch {
  sacwisPersonId: string;
  sourceName: string;
  mrn: string;
  matchStatusId: number;
  matchType: number;
  score: number | null;
  isDisputed: boolean;
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
}

export interface IdentityMatches {
  matches: IdentityMatch[];
  /** Sources whose match may still be disputed (spec 001 section 6). */
  disputableSources: string[];
}

export const fetchIdentityMatches = (api: ApiClient, patientId: string) =>
  api
    .get<{ data: Resource<IdentityMatch>[]; meta: { disputableSources: string[] } }>(`patients/${encodeURIComponent(patientId)}/identity-matches`)
    .then((d) => ({ matches: d.data.map((r) => r.attributes), disputableSources: d.meta.disputableSources }));

export function useIdentityMatches(patientId: string, round = 0): Loaded<IdentityMatches> {
  const api = useWidgetApi();
  return useLoaded(() => fetchIdentityMatches(api, patientId), [api, patientId, round]);
}

export const decideMatch = (api: ApiClient, patientId: string, sacwisPersonId: string, decision: 'approve' | 'reject') =>
  api.request('POST', `patients/${encodeURIComponent(patientId)}/identity-matches/${encodeURIComponent(sacwisPersonId)}/${decision}`, { body: {} });

export const disputeMatch = (api: ApiClient, patientId: string, disputeComment: string, sitenames: string[]) =>
  api.request('POST', `data/public/identity/patient/${encodeURIComponent(patientId)}/dispute`, { body: { dispute_comment: disputeComment, sitenames } });

/** Spec 001 sections 3 and 8: the service referral e-mail; answers the addresses it was sent to. */
export const sendServiceReferralEmail = (api: ApiClient, patientId: string, subject: string, additionalMessage: string | null, idempotencyKey: string) =>
  api
    .request<{ data: { attributes: { recipients: string[] } } }>('POST', `patients/${encodeURIComponent(patientId)}/service-referral-email`, {
      body: { subject, additional_message: additionalMessage },
      headers: idempotencyHeader(idempotencyKey),
    })
    .then((d) => d.data.attributes.recipients);

/** The identity printables (spec 001 section 7): each answers `data.link`, a short-lived signed link to the PDF. */
export type IdentityPrintable = 'patient' | 'child-health-form' | 'hospital-registration-sheet';
export async function identityPdfLink(api: ApiClient, patientId: string, kind: IdentityPrintable): Promise<string> {
  const base = `data/public/identity/patient/${encodeURIComponent(patientId)}`;
  const doc = kind === 'patient' ? await api.request<{ data: { link: string } }>('POST', `${base}/pdf`, { body: {} }) : await api.get<{ data: { link: string } }>(`${base}/${kind}`);
  return doc.data.link;
}
