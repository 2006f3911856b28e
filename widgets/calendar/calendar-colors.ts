import type { CalendarEventType } from '../../shared/schemas/calendar';

/** One colour per event type, shared by the events and the legend (WCAG AA with white text). */
export const EVENT_TYPE_COLORS: Record<CalendarEventType, string> = {
  appointment: '#0b5ed7',
  medical_event: '#b02a37',
  procedure: '#0f766e',
  surgery: '#6f42c1',
  testing: '#9a5b00',
};
