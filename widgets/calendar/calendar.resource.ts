import { useCallback, useEffect, useState } from 'react';
import type { ApiClient, Document, Query, Resource } from '../../shared/api/client';
import { CALENDAR_STATUSES, NAVIGATOR_LIST_LIMIT } from '../../shared/constants';
import type { Flags } from '../../shared/permissions';
import {
  allowedEventTypes,
  APPOINTMENT_VIEW,
  MEDICAL_EVENT_VIEW,
  MEDICAL_EVENT_VIEW_TYPES,
  type CalendarEventRow,
  type CalendarEventType,
} from '../../shared/schemas/calendar';
import { useWidgetApi, useWidgetSession } from '../../shared/widget/widget-context';

export interface Option {
  value: string;
  label: string;
}

/** '' means "All" (spec: each filter defaults to All). */
export interface CalendarFilters {
  providerUid: string;
  eventType: CalendarEventType | '';
  facilityUid: string;
}

export const NO_FILTERS: CalendarFilters = { providerUid: '', eventType: '', facilityUid: '' };

export interface CalendarOptions {
  eventTypes: CalendarEventType[];
  providers: Option[];
  facilities: Option[];
}

type List<A> = Document<Resource<A>[]>;

async function loadOptions(client: ApiClient, known: Partial<Flags> | null, signal: AbortSignal): Promise<CalendarOptions> {
  const [flags, providers, facilities] = await Promise.all([
    // A widget embedded with only a token has no shared session: its flags come from the server, not from a host page.
    known ?? client.get<Document<Resource<{ flags: Partial<Flags> }>>>('session/current', undefined, signal).then((doc) => doc.data.attributes.flags ?? {}),
    // Spec 000 section 7 "Navigator list": the organisation's providers, by name.
    client.get<List<{ displayName: string }>>('providers/mv', { limit: NAVIGATOR_LIST_LIMIT }, signal),
    client.get<List<{ facilityName: string }>>('data/public/facility', { allData: 1, isInSelections: true, sort: 'facility_name' }, signal),
  ]);
  return {
    eventTypes: allowedEventTypes(flags),
    providers: providers.data.map((p) => ({ value: p.id, label: p.attributes.displayName })),
    facilities: facilities.data.map((f) => ({ value: f.id, label: f.attributes.facilityName })),
  };
}

/** The event types the user may see and the provider and facility choices. */
export function useCalendarOptions(): { data: CalendarOptions | null; error: unknown; isLoading: boolean } {
  const client = useWidgetApi();
  const flags = useWidgetSession()?.flags ?? null;
  // The session document is replaced when it refreshes; the options change only when the flags do.
  const flagsKey = JSON.stringify(flags);
  const [state, setState] = useState<{ data: CalendarOptions | null; error: unknown; isLoading: boolean }>({ data: null, error: null, isLoading: true });
  useEffect(() => {
    const abort = new AbortController();
    setState({ data: null, error: null, isLoading: true });
    loadOptions(client, flags, abort.signal).then(
      (data) => setState({ data, error: null, isLoading: false }),
      (error: unknown) => !abort.signal.aborted && setState({ data: null, error, isLoading: false }),
    );
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, flagsKey]);
  return state;
}

/**
 * Events in [start, end] of the types the filters leave, read from the one or
 * two views that hold them. Only the visible range is asked for; the server
 * drops the types the user has no flag for, whatever is asked.
 */
export async function fetchCalendarEvents(client: ApiClient, range: { start: Date; end: Date }, filters: CalendarFilters, allowed: CalendarEventType[]): Promise<CalendarEventRow[]> {
  const types = filters.eventType ? allowed.filter((t) => t === filters.eventType) : allowed;
  const query: Query = {
    allData: 1,
    'event_date__>>=': range.start.toISOString(),
    'event_date__<=': range.end.toISOString(),
    statusName: CALENDAR_STATUSES,
    providerUid: filters.providerUid || undefined,
    facilityUid: filters.facilityUid || undefined,
  };
  const medical = types.filter((t) => (MEDICAL_EVENT_VIEW_TYPES as readonly string[]).includes(t));
  const calls: Promise<List<CalendarEventRow>>[] = [];
  if (types.includes('appointment')) calls.push(client.get(`data/public/${APPOINTMENT_VIEW}`, query));
  if (medical.length) calls.push(client.get(`data/public/${MEDICAL_EVENT_VIEW}`, { ...query, eventType: filters.eventType ? medical : undefined }));
  const docs = await Promise.all(calls);
  return docs.flatMap((doc) => doc.data.map((r) => r.attributes));
}

/** fetchCalendarEvents bound to this widget's client, the options and the filters. */
export function useCalendarEvents(filters: CalendarFilters, allowed: CalendarEventType[]) {
  const client = useWidgetApi();
  return useCallback((range: { start: Date; end: Date }) => fetchCalendarEvents(client, range, filters, allowed), [client, filters, allowed]);
}
