/**
 * The FullCalendar part of <care-calendar>, loaded lazily (calendar.component.tsx):
 * FullCalendar is most of the widget's weight, and neither the shell's first
 * load nor the element's own module should carry it.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';
import FullCalendar, { type DateClickInfo, type DatesSetInfo, type EventClickInfo, type EventDisplayInfo, type EventInput, type EventSourceFuncInfo, type MountInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import { nowMs } from '../../shared/clock';
import { DEFAULT_CALENDAR_VIEW } from '../../shared/constants';
import type { CalendarEventRow } from '../../shared/schemas/calendar';
import { LoadState } from '../kit/load-state';
import { EVENT_TYPE_COLORS } from './calendar-colors';
import { adoptCalendarStyles } from './calendar-styles';

export interface CalendarViewProps {
  /** 'YYYY-MM-DD' to open at; today when absent. */
  initialDate?: string;
  compact: boolean;
  /** Rows for the visible range; a new function (filters changed) refetches. */
  loadEvents: (range: { start: Date; end: Date }) => Promise<CalendarEventRow[]>;
  onOpen: (row: CalendarEventRow) => void;
  /** The date the calendar is showing, after every navigation. */
  onDateShown?: (date: Date) => void;
}

// Spec 000 section 9: the default view is month.
const INITIAL_VIEW = { month: 'dayGridMonth' }[DEFAULT_CALENDAR_VIEW];
const DAY_VIEW = 'timeGridDay';
const LIST_VIEW = 'listWeek';
/** On a phone the card's month cells are a finger wide: there the card opens on the week's list, where every event reads whole. */
const PHONE = '(max-width: 575.98px)';
/** Spec 000: the calendar's empty text, in our box and in FullCalendar's list. */
const EVENTS_EMPTY = 'No events found!';

/**
 * The home card's cells are too narrow for "Type: Patient (Status)": there an
 * event shows its time and type only, whole, and the rest is its tooltip.
 */
function toEvent(row: CalendarEventRow, short: boolean): EventInput {
  const label = row.appointmentTypeLabel ?? row.medicalEventLabel ?? '';
  const full = `${label}: ${row.patientFirstName} ${row.patientLastName} (${row.statusLabel})`;
  return {
    id: `${row.eventType}:${row.id}`,
    title: short ? label : full,
    // All-day events keep the date where they happen; timed ones are an instant shown in local time.
    start: row.allDay ? row.eventDateNoTz.slice(0, 10) : row.eventDate,
    allDay: row.allDay,
    color: EVENT_TYPE_COLORS[row.eventType],
    contrastColor: '#fff',
    className: `care-event care-event-${row.eventType}`,
    extendedProps: { row, full },
  };
}

/** The last answer stays on screen while the next range loads, so the status line does not flicker. */
interface Fetched {
  loading: boolean;
  error: boolean;
  count: number | null;
}

export default function CalendarView({ initialDate, compact, loadEvents, onOpen, onDateShown }: CalendarViewProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [styled, setStyled] = useState(false);
  const [fetched, setFetched] = useState<Fetched>({ loading: true, error: false, count: null });
  const [startView] = useState(() => (compact && window.matchMedia(PHONE).matches ? LIST_VIEW : INITIAL_VIEW));
  const [viewType, setViewType] = useState(startView);
  // The list has room for the whole title; only the card's grid cells get the short one.
  const shortTitles = compact && startView !== LIST_VIEW;

  // Styles go into whichever root the widget renders in (its shadow root) before the first paint.
  useLayoutEffect(() => {
    adoptCalendarStyles(holder.current!.getRootNode() as Document | ShadowRoot);
    setStyled(true);
  }, []);

  // FullCalendar asks for events and reports dates while it renders; state changes wait for a
  // microtask, and only the latest request's answer counts.
  const latest = useRef(0);
  const events = useCallback(
    async (info: EventSourceFuncInfo): Promise<EventInput[]> => {
      const request = ++latest.current;
      const settle = (next: Partial<Fetched>) => queueMicrotask(() => request === latest.current && setFetched((now) => ({ ...now, ...next })));
      settle({ loading: true });
      try {
        const rows = await loadEvents({ start: info.start, end: info.end });
        settle({ loading: false, error: false, count: rows.length });
        return rows.map((row) => toEvent(row, shortTitles));
      } catch {
        settle({ loading: false, error: true, count: null });
        return [];
      }
    },
    [loadEvents, shortTitles],
  );

  const eventDidMount = useCallback((info: MountInfo<EventDisplayInfo>) => {
    info.el.title = info.event.extendedProps.full as string;
  }, []);
  const dateClick = useCallback((info: DateClickInfo) => info.view.calendar.changeView(DAY_VIEW, info.dateStr), []);
  const eventClick = useCallback(
    (info: EventClickInfo) => {
      info.jsEvent.preventDefault();
      onOpen(info.event.extendedProps.row as CalendarEventRow);
    },
    [onOpen],
  );
  const datesSet = useCallback(
    (info: DatesSetInfo) => {
      const date = info.view.calendar.getDate();
      queueMicrotask(() => {
        setViewType(info.view.type);
        onDateShown?.(date);
      });
    },
    [onDateShown],
  );

  // The list view says it itself (noEventsText); the grids have no such place.
  const list = viewType.startsWith('list');
  const empty = !fetched.loading && fetched.count === 0 && !list;
  const timeGrid = viewType.startsWith('timeGrid');
  const spinner = <SlSpinner className="calendar-spinner" aria-label="Loading events" />;
  return (
    // The view's name as a class: month cells wrap their events (calendar-styles.ts).
    <div ref={holder} className={`calendar-view view-${viewType}${compact ? ' compact' : ''}`} aria-busy={fetched.loading}>
      <div className="calendar-status" role="status">
        {fetched.error && (
          <p className="load-state load-state-error" role="alert">
            {compact ? 'Error' : 'Oops, something went wrong!'}
          </p>
        )}
        {empty && <LoadState isEmpty emptyText={EVENTS_EMPTY} />}
      </div>
      {/* Over the grid, not above it: a busy month (hundreds of events a day) takes seconds, and an empty grid would read as "no events". The list shows it in its own empty box. */}
      {fetched.loading && !list && (
        <div className="calendar-loading">{spinner}</div>
      )}
      {styled && (
        <FullCalendar
          plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin]}
          initialView={startView}
          initialDate={initialDate}
          now={nowMs}
          headerToolbar={{ start: 'prev,today,next', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth,listWeek' }}
          buttons={{ [LIST_VIEW]: { text: 'List Week' } }}
          // FullCalendar names the Today button "This month" ("This week", ...) for screen readers; its name must be what it shows.
          todayHint="Today"
          // Month and list grow with their rows (a fixed height scrolls the month grid to today's
          // week, hiding the first); the time grids keep a window onto the day, opened at 8 am.
          height={timeGrid ? (compact ? 520 : 760) : 'auto'}
          dayMaxEvents={compact ? 2 : 4}
          scrollTime="08:00:00"
          // Said only once the events are in: while they load, the box holds the spinner.
          noEventsText={EVENTS_EMPTY}
          noEventsContent={fetched.loading ? spinner : undefined}
          events={events}
          dateClick={dateClick}
          eventClick={eventClick}
          eventDidMount={eventDidMount}
          datesSet={datesSet}
        />
      )}
    </div>
  );
}
