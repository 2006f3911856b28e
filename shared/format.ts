import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT, REPORT_TIME_FORMAT } from './constants';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** 'YYYY-MM-DD' or a Date → MM/DD/YYYY (spec 000 section 9); a date-only value is never shifted by time zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value); // dayjs reads 'YYYY-MM-DD' as a local date
  return d.isValid() ? d.format(DATE_FORMAT) : String(value);
}

/** A user's or person's name from its parts; '' when none is known. */
export const personName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : String(value);
}

/** A report's time column: hh:mm A, e.g. 02:05 PM (spec 002 section 9: "report times hh:mm A"). */
export function formatReportTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(REPORT_TIME_FORMAT) : String(value);
}

/** 10 digits as (xxx) xxx-xxxx, with any further digits as an extension (spec 002 section 3). */
export function formatPhone(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  if (digits.length < 10) return value ?? '';
  const main = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
  return digits.length > 10 ? `${main} x${digits.slice(10)}` : main;
}

/** How a table cell shows a value it knows nothing else about: dates in the spec's format. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' && ISO_DATE.test(value)) return formatDate(value);
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) return formatDateTime(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/**
 * A label typed by an administrator (a queue's name) as a heading, in the
 * Title Case of every other heading: an all-lower-case label ("new referrals")
 * gets capitals; one with any capital letter was cased on purpose ("HIV Tests",
 * "McKinley School") and stays exactly as stored.
 */
export function headingCase(label: string): string {
  if (label !== label.toLowerCase()) return label;
  return label.replace(/\S+/g, (word, offset: number) => (offset > 0 && MINOR_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)));
}
