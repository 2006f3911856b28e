import { lazy, Suspense, useCallback, useEffect, useId, useState, type MouseEvent } from 'react';
import dayjs from 'dayjs';
import { now } from '../../shared/clock';
import { CALENDAR_EVENT_TYPE_LABELS, eventDetailsPath, type CalendarEventRow, type CalendarEventType } from '../../shared/schemas/calendar';
import { useEmit } from '../../shared/widget/emit';
import { LoadState } from '../kit/load-state';
import { EVENT_TYPE_COLORS } from './calendar-colors';
import { NO_FILTERS, useCalendarEvents, useCalendarOptions, type CalendarFilters, type CalendarOptions, type Option } from './calendar.resource';

// FullCalendar arrives in its own chunk, only when a calendar is on screen.
const loadCalendarView = () => import('./calendar-view');
const CalendarView = lazy(loadCalendarView);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NO_TYPES: CalendarEventType[] = [];

// Layout of what surrounds FullCalendar (its own styles come with it, calendar-styles.ts).
const css = /* css */ `
.calendar-filters { display: flex; flex-wrap: wrap; gap: var(--care-space-s) var(--care-space-m); }
.calendar-filter { min-width: 9rem; flex: 1 1 9rem; }
.calendar-filter select { width: 100%; }
.calendar-legend { display: flex; flex-wrap: wrap; gap: var(--care-space-2xs) var(--care-space-m); list-style: none; margin: 0 0 var(--care-space-s); padding: 0; font-size: var(--care-font-size-s); color: var(--care-color-text-muted); }
.calendar-legend li { display: inline-flex; align-items: center; gap: var(--care-space-2xs); }
.calendar-swatch { display: inline-block; width: 0.75rem; height: 0.75rem; border-radius: 2px; }
.care-event { cursor: pointer; }
`;

function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: Option[]; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field calendar-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Provider, event type and facility; event types only those the user's flags allow. */
function CalendarFiltersBar({ options, filters, onChange }: { options: CalendarOptions; filters: CalendarFilters; onChange: (filters: CalendarFilters) => void }) {
  const types = options.eventTypes.map((t) => ({ value: t, label: CALENDAR_EVENT_TYPE_LABELS[t] }));
  return (
    <div className="calendar-filters" role="group" aria-label="Calendar filters">
      <FilterSelect label="Provider" value={filters.providerUid} options={options.providers} onChange={(providerUid) => onChange({ ...filters, providerUid })} />
      <FilterSelect label="Event Type" value={filters.eventType} options={types} onChange={(eventType) => onChange({ ...filters, eventType: eventType as CalendarEventType | '' })} />
      <FilterSelect label="Facility" value={filters.facilityUid} options={options.facilities} onChange={(facilityUid) => onChange({ ...filters, facilityUid })} />
    </div>
  );
}

function Legend({ types }: { types: CalendarEventType[] }) {
  return (
    <ul className="calendar-legend" aria-label="Event types">
      {types.map((t) => (
        <li key={t}>
          <span className="calendar-swatch" style={{ background: EVENT_TYPE_COLORS[t] }} aria-hidden="true" />
          {CALENDAR_EVENT_TYPE_LABELS[t]}
        </li>
      ))}
    </ul>
  );
}

interface CalendarBodyProps {
  compact: boolean;
  startDate?: string;
  onDateShown?: (date: Date) => void;
}

/** Filters and the calendar, with the loading and error states of the option lists. */
function CalendarBody({ compact, startDate, onDateShown }: CalendarBodyProps) {
  const options = useCalendarOptions();
  // The view's code (FullCalendar) downloads while the option lists load, not after them.
  useEffect(() => void loadCalendarView(), []);
  const [filters, setFilters] = useState(NO_FILTERS);
  const emit = useEmit();
  const loadEvents = useCalendarEvents(filters, options.data?.eventTypes ?? NO_TYPES);
  const open = useCallback((row: CalendarEventRow) => emit('care-navigate', { path: eventDetailsPath(row) }), [emit]);
  return (
    <LoadState isLoading={options.isLoading} error={options.error} compact={compact} lines={6}>
      {options.data && (
        <>
          <style>{css}</style>
          <CalendarFiltersBar options={options.data} filters={filters} onChange={setFilters} />
          <Legend types={options.data.eventTypes} />
          <Suspense fallback={<LoadState isLoading compact={compact} lines={6} />}>
            <CalendarView
              key={startDate}
              compact={compact}
              initialDate={startDate && ISO_DATE.test(startDate) && dayjs(startDate).isValid() ? startDate : undefined}
              loadEvents={loadEvents}
              onOpen={open}
              onDateShown={onDateShown}
            />
          </Suspense>
        </>
      )}
    </LoadState>
  );
}

/** Home card: the month around today, compact, with a link to the full calendar at the date shown. */
export function CalendarCard() {
  const titleId = useId();
  const emit = useEmit();
  const [shown, setShown] = useState(now);
  const fullPath = `/home/calendar?startDate=${dayjs(shown).format('YYYY-MM-DD')}`;
  const openFull = (event: MouseEvent) => {
    event.preventDefault();
    emit('care-navigate', { path: fullPath });
  };
  return (
    <section className="card calendar-card" aria-labelledby={titleId}>
      <div className="card-header">
        <h2 id={titleId}>Calendar</h2>
        <a href={fullPath} onClick={openFull}>
          View full calendar
        </a>
      </div>
      <CalendarBody compact onDateShown={setShown} />
    </section>
  );
}

/** /home/calendar?startDate=YYYY-MM-DD: the full calendar, opened at startDate (today without one). */
export function CalendarPage({ startDate }: { startDate?: string }) {
  return (
    <section className="calendar-page">
      <h1>Calendar</h1>
      <CalendarBody compact={false} startDate={startDate} />
    </section>
  );
}

export interface CalendarWidgetProps {
  variant?: 'card' | 'page';
  startDate?: string;
}

export function CalendarWidget({ variant = 'card', startDate }: CalendarWidgetProps) {
  return variant === 'page' ? <CalendarPage startDate={startDate} /> : <CalendarCard />;
}
