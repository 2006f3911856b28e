import { isIsoDate } from '../../shared/dates';

/**
 * Spec 002 section 3: "A stored crisis submission as read by staff: id,
 * status (approvalStatus), submissionJson (with birthDate and dateTime). A
 * malformed previous submission is logged and skipped." Sheets are checked
 * when they are stored (shared/schemas/cit.ts), but a stored one may predate
 * a rule or have been written by hand or an older import: a reader of many
 * previous sheets skips one it cannot read, and logs which, rather than
 * failing the whole answer.
 */

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const empty = (v: unknown) => v === undefined || v === null || v === '';
const isTextList = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.every((x) => typeof x === 'string'));

/** What makes a stored sheet unreadable (for the log), or null when it reads. */
export function storedSheetProblem(json: unknown): string | null {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return 'the sheet is not an object';
  const s = json as Record<string, unknown>;
  if (!empty(s.birthDate) && !(typeof s.birthDate === 'string' && isIsoDate(s.birthDate))) return 'birthDate is not a date';
  if (!empty(s.dateTime)) {
    const m = typeof s.dateTime === 'string' ? DATE_TIME.exec(s.dateTime) : null;
    if (!m || !isIsoDate(m[1])) return 'dateTime is not a date and time';
  }
  for (const list of ['crisis', 'weaponInvolved', 'raceUid']) if (!isTextList(s[list])) return `${list} is not a list of values`;
  for (const text of ['subjectTakenIntoCustodyForEvaluation', 'firstName', 'lastName']) if (!(s[text] === undefined || s[text] === null || typeof s[text] === 'string')) return `${text} is not text`;
  return null;
}

/** Where a skipped sheet is reported: the request's logger (fastify's request.log). */
export interface SheetLog {
  error(details: Record<string, unknown>, message: string): void;
}

export const MALFORMED_SHEET = 'Malformed CIT submission skipped';

/** The ids of the sheets that read; each one that does not is logged with its id and why. */
export function readableSheets<T extends { submission_uid: string; submission_json: unknown }>(rows: readonly T[], log: SheetLog): T[] {
  return rows.filter((row) => {
    const problem = storedSheetProblem(row.submission_json);
    if (problem) log.error({ submissionUid: row.submission_uid, problem }, MALFORMED_SHEET);
    return !problem;
  });
}
