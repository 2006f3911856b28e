const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (JavaScript would roll 2024-02-30 over to March 1st). */
export function isCalendarDay(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return Number(y) >= 1900 && date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** `YYYY-MM-DD`, what a date input gives. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return m !== null && isCalendarDay(m[1], m[2], m[3]);
}
