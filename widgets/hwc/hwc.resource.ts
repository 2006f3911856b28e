import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiClient, type Document, type Resource } from '../../shared/api/client';
import { ApiError } from '../../shared/api/errors';
import { HWC_REFERENCE_PAGE_SIZE, NEW_FACILITY, type DistributionEntry, type HwcDetailValues, type HwcSubmit } from '../../shared/schemas/hwc';
import type { PublicFormBrand } from '../kit/public-form-frame';
import { useWidgetApi } from '../../shared/widget/widget-context';
import { idempotencyHeader } from '../kit/public-submit';

export interface Option {
  id: string;
  label: string;
}

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  isLoading: boolean;
}

const rows = <A>(doc: Document<Resource<A>[]>) => doc.data.map((r) => r.attributes);

/**
 * Officer calls carry the district code as the Authorization header and never
 * a session: even when a signed-in user opens /hwc, the code is what counts.
 */
export function usePublicHwcApi() {
  const client = useWidgetApi();
  return useMemo(() => {
    const open = new ApiClient({ apiBase: client.config.apiBase, token: null });
    const auth = (code: string) => ({ authorization: code.trim() });
    const get = <T>(path: string, code: string, query?: Record<string, string | number | boolean>) => open.request<T>('GET', path, { query, headers: auth(code) });
    return {
      /** GET /api/handle_with_care/context: resolves when the code is valid, rejects with ApiError otherwise. */
      verify: (code: string) => get<Document<Resource<{ agencyName: string; brand: PublicFormBrand }>>>('handle_with_care/context', code).then((d) => d.data.attributes),
      genders: (code: string) =>
        get<Document<Resource<{ uid: string; label: string }>[]>>('handle_with_care/config/reference-gender', code, { page: 1, pageSize: HWC_REFERENCE_PAGE_SIZE }).then((d) =>
          rows(d).map((g) => ({ id: g.uid, label: g.label })),
        ),
      schools: (code: string) =>
        get<Document<Resource<{ facilityUid: string; facilityName: string }>[]>>('handle_with_care/public/facility', code, {
          sort: 'facility_name',
          page: 1,
          pageSize: HWC_REFERENCE_PAGE_SIZE,
          'is-in-selections': true,
        }).then((d) => rows(d).map((f) => ({ id: f.facilityUid, label: f.facilityName }))),
      submit: (code: string, payload: HwcSubmit, key: string) =>
        open.request('POST', 'handle_with_care/submit', { body: payload, headers: { ...auth(code), ...idempotencyHeader(key) } }),
    };
  }, [client]);
}

/** One delivery of the notice to a school address, with the outbox's status. */
export interface HwcNotice {
  noticeUid: string;
  recipientName: string;
  emailAddress: string;
  facilityName: string | null;
  createdAt: string;
  status: 'pending' | 'delivered' | 'failed';
  deliveredAt: string | null;
}

/** Spec 002 "Handle with Care detail" record fields, plus the deliveries. */
export interface HwcRecord {
  hwcPatientUid: string;
  didntSendReason: string | null;
  officerName: string;
  createdDate: string;
  name: string;
  genderLabel: string | null;
  age: number;
  facilityUid: string | null;
  facilityName: string;
  isIgnored: boolean;
  orgUid: string;
  notices: HwcNotice[];
}

const recordPath = (id: string) => `data/public/hwc-patient/${encodeURIComponent(id)}`;

export function useHwcRecord(id: string) {
  const client = useWidgetApi();
  const [state, setState] = useState<Loaded<{ record: HwcRecord; schools: Option[] }>>({ data: null, error: null, isLoading: true });
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null, isLoading: true });
    Promise.all([
      client.get<Document<Resource<HwcRecord>>>(recordPath(id)),
      client.get<Document<Resource<{ facilityUid: string; facilityName: string }>[]>>('data/public/facility', {
        facilityType__eq: 'School',
        isInSelections__eq: true,
        sort: 'facility_name',
        allData: 1,
      }),
    ]).then(
      ([record, schools]) => live && setState({ data: { record: record.data.attributes, schools: rows(schools).map((f) => ({ id: f.facilityUid, label: f.facilityName })) }, error: null, isLoading: false }),
      (error) => live && setState({ data: null, error, isLoading: false }),
    );
    return () => {
      live = false;
    };
  }, [client, id]);
  return state;
}

export function useDistributionList() {
  const client = useWidgetApi();
  return useCallback(
    async (facilityUid: string): Promise<DistributionEntry[]> => {
      const doc = await client.get<Document<Resource<{ id: string; name: string; emailAddress: string }>[]>>('data/public/facility-distribution-list', { facilityUid__eq: facilityUid, allData: 1 });
      return rows(doc).map((e) => ({ id: e.id, name: e.name, emailAddress: e.emailAddress }));
    },
    [client],
  );
}

/**
 * Save then resend (spec 002 section 4): a new school is created and linked
 * to the organisation, new addresses are added to its list, the record gets
 * the school, and the notice goes out again. Each finished step reports back
 * (`onProgress`) so a retry after a failure does not repeat it.
 */
export function useSaveAndResend() {
  const client = useWidgetApi();
  return useCallback(
    async (record: HwcRecord, values: HwcDetailValues, onProgress: (values: HwcDetailValues) => void): Promise<HwcRecord> => {
      let current = { ...values, facilityDistributionLists: [...values.facilityDistributionLists] };
      if (current.facilityUid === NEW_FACILITY) {
        const created = await client.post<Document<Resource<{ facilityUid: string; facilityName: string }>>>('data/public/facility', {
          data: { attributes: { facilityName: current.facilityName.trim(), orgUid: record.orgUid, isInSelections: true } },
        });
        await client.post('data/public/organization-facility', { data: { attributes: { facilityUid: created.data.id, orgUid: record.orgUid } } });
        current = { ...current, facilityUid: created.data.id, facilityName: created.data.attributes.facilityName };
        onProgress(current);
      }
      for (const [i, entry] of current.facilityDistributionLists.entries()) {
        if (entry.id) continue;
        const saved = await client.post<Document<Resource<{ id: string }>>>('data/public/facility-distribution-list', {
          data: { attributes: { facilityUid: current.facilityUid, name: entry.name.trim(), emailAddress: entry.emailAddress.trim() } },
        });
        current.facilityDistributionLists[i] = { ...entry, id: saved.data.id };
        onProgress({ ...current, facilityDistributionLists: [...current.facilityDistributionLists] });
      }
      await client.put(recordPath(record.hwcPatientUid), { data: { attributes: { facilityUid: current.facilityUid, facilityName: current.facilityName } } });
      const resent = await client.put<Document<Resource<HwcRecord>>>(`${recordPath(record.hwcPatientUid)}/command/resend`);
      return resent.data.attributes;
    },
    [client],
  );
}

export function useDismiss() {
  const client = useWidgetApi();
  return useCallback((id: string) => client.put(recordPath(id), { data: { attributes: { isIgnored: true } } }), [client]);
}

/** Server field names of the data/public writes, as the form names them. */
export function toDetailErrors(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(
    error.status,
    error.errors.map((e) => (e.field === 'emailAddress' || e.field === 'name' ? { message: e.message } : e)),
  );
}
