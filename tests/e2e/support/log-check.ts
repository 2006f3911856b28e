import { DEMO_B2W_EMPLOYEES } from '../../../server/db/seed/b2w';
import { CASELOAD, phoneOf } from '../../../server/db/seed/caseload';
import { DEMO_CIT_PEOPLE } from '../../../server/db/seed/cit';
import { DEMO_HWC_CHILDREN } from '../../../server/db/seed/hwc';
import { IDENTITY_CHILDREN } from '../../../server/db/seed/identity-children';

/**
 * Issue 36 §3: no patient data in any log line. The server's log of an e2e
 * file (LOG_REQUESTS=1) is searched for the demo people's names, birth dates,
 * phone numbers and streets as the seed holds them, as a URL encodes them
 * and as people type them (no accents, any case, phones with separators).
 */

interface Person {
  names: (string | undefined)[];
  birth?: string;
  phones: string[];
  street?: string;
}

const PEOPLE: Person[] = [
  ...CASELOAD.map((p, i) => ({
    names: [p.first, p.middle, p.last],
    birth: p.birth,
    phones: [phoneOf(i), p.carer.phone, ...(p.moreCarers ?? []).map((c) => c.phone)],
    street: p.address.addr1,
  })),
  ...IDENTITY_CHILDREN.map((c) => ({ names: [c.first, c.middle, c.last], birth: c.birth, phones: [] })),
  ...DEMO_HWC_CHILDREN.map((c) => ({ names: [c.first, c.last], birth: c.birth, phones: [] })),
  ...DEMO_CIT_PEOPLE.map((p) => ({ names: [p.first, p.last], birth: p.birth, phones: [p.phone] })),
  ...DEMO_B2W_EMPLOYEES.map((e) => ({ names: [e.first_name, e.last_name], phones: [e.telephone_number] })),
];

/** Names that are everyday words too, which a line may hold for its own reasons; short names likewise. Full names are still looked for. */
const EVERYDAY_WORDS = new Set(['brooks', 'crystal', 'dale', 'dawn', 'finch', 'hale', 'jasper', 'juniper', 'marsh', 'price', 'rose', 'sierra', 'sterling', 'whitlow']);
const SHORTEST_NAME = 4;

/** Lower case without accents: "García" is found as typed "garcia". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const word = (text: string) => `(?<![\\p{L}\\d])${escape(fold(text))}(?![\\p{L}\\d])`;

/** 6145550210 as 6145550210, 614-555-0210, (614) 555-0210, 614.555.0210, +1 614 555 0210. */
const phonePattern = (digits: string) => `(?<!\\d)(?:\\+?1[\\s.-]?)?\\(?${digits.slice(0, 3)}\\)?[\\s.-]{0,2}${digits.slice(3, 6)}[\\s.-]?${digits.slice(6)}(?!\\d)`;

/** 1984-02-17 as is, and as 02/17/1984 and 2/17/1984. */
function datePatterns(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`(?<!\\d)${iso}(?!\\d)`, `(?<!\\d)0?${Number(m)}/0?${Number(d)}/${y}(?!\\d)`];
}

export interface Finding {
  what: string;
  pattern: RegExp;
}

function findings(people: Person[]): Finding[] {
  // By pattern: two people of the same first name are one thing to look for.
  const out = new Map<string, Finding>();
  const add = (what: string, source: string) => out.set(source, { what, pattern: new RegExp(source, 'u') });
  for (const person of people) {
    const names = person.names.filter((n): n is string => Boolean(n));
    for (const name of names) if (name.length >= SHORTEST_NAME && !EVERYDAY_WORDS.has(fold(name))) add(`the name ${name}`, word(name));
    const [first, last] = [names[0], names[names.length - 1]];
    add(`the name ${first} ${last}`, `${word(first)}[^\\p{L}\\d]{1,3}${word(last)}|${word(last)}[^\\p{L}\\d]{1,3}${word(first)}`);
    if (person.birth) for (const p of datePatterns(person.birth)) add(`the birth date ${person.birth}`, p);
    for (const phone of person.phones) add(`the phone number ${phone}`, phonePattern(phone));
    if (person.street) add(`the street ${person.street}`, word(person.street));
  }
  return [...out.values()];
}

export const DEMO_PATIENT_DATA = findings(PEOPLE);

/** A URL's encoding undone (`%C3%AD`, `+`), keeping any `%` that is not one. */
const decoded = (text: string) =>
  text.replace(/\+/g, ' ').replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/** Every string and number a line holds, but the machine's name (not the server's to choose). */
function leaves(value: unknown, key = ''): string[] {
  if (key === 'hostname') return [];
  if (typeof value === 'string' || typeof value === 'number') return [String(value)];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, k));
  return [];
}

/**
 * What is wrong with a server log: a line that is not JSON, a request's line
 * without its reqId, a line holding patient data, or no request line at all
 * (so the check never passes on a log that was not written). Empty: clean.
 */
export function logProblems(log: string, data: Finding[] = DEMO_PATIENT_DATA): string[] {
  const problems: string[] = [];
  let requestLines = 0;
  const lines = log.split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    const at = `line ${i + 1}`;
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line);
    } catch {
      return void problems.push(`${at} is not JSON: ${line}`);
    }
    if (entry.reqId) requestLines++;
    else if (entry.req || entry.res) problems.push(`${at} is about a request but has no reqId: ${line}`);
    const text = leaves(entry).join('\n');
    const searched = `${fold(text)}\n${fold(decoded(text))}`;
    for (const { what, pattern } of data) if (pattern.test(searched)) problems.push(`${at} holds ${what}: ${line}`);
  });
  if (!requestLines) problems.push('no line carries a reqId: the log holds no request, so there was nothing to check');
  return problems;
}
