import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { OHIO_COUNTIES } from '../../shared/ohio-counties';
import { csvLine } from './csv';
import { recordSourcesWriter } from './demo-extract-record';
import { writeSearchRows } from './demo-extract-search';
import { columnsOf, SOURCE_TABLES } from './source-tables';

/**
 * A synthetic identity extract (`npm run extract:demo`): children in Ohio
 * counties with SACWIS-style numeric ids, their cases (siblings share one;
 * some restricted, some adoption), custody episodes and placement histories,
 * one to three hospital records with MRNs each, and a few duplicate SACWIS
 * persons (same birth date, a typo in the name) that the import offers as
 * fuzzy matches to approve. The same seed and count give the same files.
 */
export interface DemoExtractOptions {
  children: number;
  seed: number;
  out: string;
  /** Made the worker on every other restricted case (the demo's identity user sees those as case-linked). */
  caseWorker?: { name: string; email: string };
}

/** Dates are relative to this day, not today, so an extract does not change from day to day. */
const AS_OF = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;

const GIRLS = ['Ava', 'Sofía', 'Zoë', 'Amara', 'Chloé', 'Maya', 'Aaliyah', 'Renée', 'Harper', 'Ximena', 'Imani', 'Nadia', 'Leilani', 'Grace', 'Brooklyn', 'Olivia', 'Emma', 'Isabella', 'Mia', 'Evelyn', 'Abigail', 'Kennedy', 'Destiny', 'Paisley', 'Jazmín', 'Hailey', 'Savannah', 'Aubrey', 'Kaylee', 'Madison'];
const BOYS = ['Liam', 'Noah', 'Mateo', 'Elijah', 'Jayden', 'Lucas', 'Ethan', 'Josué', 'Darius', 'Owen', 'Caleb', 'Wyatt', 'Andrés', 'Malik', 'Emmett', 'Carter', 'Jaxon', 'Grayson', 'Bentley', 'Kingston', 'Dominic', 'Isaiah', 'Tyrese', 'Brayden', 'Colton', 'Hunter', 'Jamal', 'Landon', 'Xavier', 'Kayden'];
const LAST = ['Johnson', 'García', 'Smith', 'Nguyen', "O'Brien", 'Williams', 'Martínez', 'Brown', 'Davis', 'Rodríguez', 'Miller', 'Wilson', 'Anderson', 'Thomas', 'Hernández', 'Moore', 'Jackson', 'Müller', 'Lee', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Peña', 'Hill', 'Greene', 'Baker', 'Adams', 'Nelson', 'Campbell', 'Mitchell', 'Roberts', 'Carter', 'Phillips', 'Evans', 'Turner', 'Torres', 'Parker', 'Collins', 'Edwards', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Kowalski', 'Schneider', 'Yoder', 'Hochstetler', 'Abdullahi', 'Mohamed', 'Patel', 'Washington', 'Jefferson', 'Dubois'];
const NICKNAMES: Record<string, string> = { Isabella: 'Bella', Abigail: 'Abby', Olivia: 'Liv', Elijah: 'Eli', Dominic: 'Dom', Xavier: 'X', Madison: 'Maddie', Savannah: 'Savvy', Kingston: 'King', Brayden: 'Bray' };
/** The counties most children come from (the large PCSAs), then any of the 88. */
const BIG_COUNTIES = ['Franklin', 'Cuyahoga', 'Hamilton', 'Summit', 'Montgomery', 'Lucas', 'Stark', 'Butler', 'Lorain', 'Mahoning'];
/** Spec 001 section 9's legal status values. */
const LEGAL_STATUSES = ['Emergency Court Order', 'Ex Parte', 'Officer Assisted Child Removal', 'Permanent Custody', 'Permanent Surrender', 'Planned Permanent Living Arrangement', 'Temporary Court Order', 'Temporary Custody', 'Temporary Custody First Extension', 'Temporary Custody Second Extension'];
const PLACEMENT_TYPES = ['Foster Care', 'Foster Care', 'Foster Care', 'Kinship Care', 'Kinship Care', 'Residential Treatment', 'Group Home', 'Independent Living', 'Therapeutic Foster Care'];
const PROVIDER_KINDS = ['Family Foster Care', 'Kinship Home', 'Youth Services', 'Residential Center', 'Children’s Home', 'Treatment Foster Care', 'Group Home'];
const HOSPITALS: { name: string; mrn: (n: number) => string }[] = [
  { name: "Nationwide Children's Hospital", mrn: (n) => String(10_000_000 + n) },
  { name: "Cincinnati Children's Hospital Medical Center", mrn: (n) => `CCH${String(n).padStart(8, '0')}` },
  { name: "Akron Children's Hospital", mrn: (n) => `A${String(n).padStart(9, '0')}` },
  { name: "UH Rainbow Babies & Children's Hospital", mrn: (n) => `RB-${String(n).padStart(7, '0')}` },
  { name: "Dayton Children's Hospital", mrn: (n) => `DCH${n}` },
  { name: "ProMedica Toledo Children's Hospital", mrn: (n) => `PM${String(n).padStart(8, '0')}` },
  { name: 'OhioHealth', mrn: (n) => `E${String(n).padStart(9, '0')}` },
];
const STAFF_FIRST = ['Pat', 'Jordan', 'Casey', 'Morgan', 'Taylor', 'Jamie', 'Robin', 'Avery', 'Quinn', 'Reese', 'Dana', 'Shawn', 'Terry', 'Lee', 'Kim'];
const PROVIDER_AGENCIES = ['Buckeye Foster Care Network', 'Central Ohio Family Services', 'Lighthouse Youth and Family Agency', 'Northwest Kinship Partners'];
const PROVIDER_STREETS = ['Main St', 'High St', 'Broad St', 'Oak Ave', 'Maple Dr', 'Livingston Ave', 'Market St'];

/**
 * A placement provider's contact, address and agency (spec 001's service
 * referral e-mail), from the provider's number rather than the seeded random
 * stream, so adding them left every other generated value as it was.
 */
const providerContact = (i: number) => {
  const phone = (n: number) => `614-555-${String(1000 + ((n * 37) % 9000)).padStart(4, '0')}`;
  return {
    provider_contact: `${STAFF_FIRST[i % STAFF_FIRST.length]} ${LAST[(i * 7) % LAST.length]}, ${phone(i)}`,
    provider_address: `${100 + ((i * 53) % 9800)} ${PROVIDER_STREETS[i % PROVIDER_STREETS.length]}, Columbus, OH 432${String(i % 30).padStart(2, '0')}`,
    provider_agency: PROVIDER_AGENCIES[i % PROVIDER_AGENCIES.length]!,
    provider_agency_contact: `${STAFF_FIRST[(i + 5) % STAFF_FIRST.length]} ${LAST[(i * 11 + 3) % LAST.length]}, ${phone(i + 500)}`,
  };
};

/** mulberry32: small, fast and the same everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '');

/** A one-letter slip: two neighbouring letters swapped, or one doubled. */
function typo(name: string, r: () => number): string {
  const i = 1 + Math.floor(r() * (name.length - 2));
  return r() < 0.5 ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) : name.slice(0, i) + name[i] + name.slice(i);
}

type Row = Record<string, string | null>;

/** Writes `<source>.csv` for every source table into `out` (created if missing) and returns the row counts. */
export async function writeDemoExtract(options: DemoExtractOptions): Promise<Record<string, number>> {
  const r = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  const chance = (p: number) => r() < p;
  const int = (min: number, max: number) => min + Math.floor(r() * (max - min + 1));

  await fs.promises.mkdir(options.out, { recursive: true });
  const files = new Map(
    SOURCE_TABLES.map((source) => {
      const stream = fs.createWriteStream(path.join(options.out, `${source.name}.csv`));
      const columns = columnsOf(source);
      stream.write(csvLine(columns));
      return [source.name, { stream, columns, count: 0 }];
    }),
  );
  const write = async (source: string, row: Row) => {
    const file = files.get(source)!;
    file.count++;
    if (!file.stream.write(csvLine(file.columns.map((c) => row[c] ?? null)))) await once(file.stream, 'drain');
  };

  const providers = Array.from({ length: Math.max(20, Math.ceil(options.children / 8)) }, (_, i) => ({
    provider_id: String(4_100_000 + i * 13),
    provider_name: `${pick(LAST)} ${pick(PROVIDER_KINDS)}`,
    ...providerContact(i),
  }));
  const staffName = () => `${pick(STAFF_FIRST)} ${pick(LAST).normalize('NFD').replace(/[^A-Za-z]/g, '')}`;
  const emailOf = (name: string, county: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${slug(county)}.jfs.example`;

  const writeRecord = recordSourcesWriter({ pick, chance, int }, write, AS_OF);
  let caseNo = 0;
  let restrictedNo = 0;
  let mrnNo = 0;
  let episodeNo = 0;
  let placementNo = 0;
  let previous: { case: Row; child: Row } | null = null;
  for (let i = 0; i < options.children; i++) {
    const girl = chance(0.5);
    const first = pick(girl ? GIRLS : BOYS);
    const county = chance(0.7) ? pick(BIG_COUNTIES) : pick(OHIO_COUNTIES);
    const birth = AS_OF - int(30, 17 * 365) * DAY;
    const person = String(70_000_000 + i * 17 + int(0, 16));
    const child: Row = {
      sacwis_person_id: person,
      first_name: first,
      middle_name: chance(0.6) ? pick(girl ? GIRLS : BOYS) : null,
      last_name: pick(LAST),
      preferred_name: NICKNAMES[first] && chance(0.5) ? NICKNAMES[first] : null,
      birth_date: isoDay(birth),
      gender: girl ? 'Female' : 'Male',
      county,
    };
    // Siblings: about one child in four shares the previous child's case (and last name and county).
    const sibling = previous && chance(0.25);
    if (sibling) Object.assign(child, { last_name: previous!.child.last_name, county: previous!.child.county });
    await write('source_child', child);

    let caseRow: Row;
    if (sibling) {
      caseRow = { ...previous!.case, sacwis_person_id: person };
    } else {
      const supervisor = staffName();
      const adoption = chance(0.05);
      const restricted = chance(0.06);
      const linked = options.caseWorker && restricted && restrictedNo++ % 2 === 0 ? options.caseWorker : null;
      const worker = staffName();
      caseRow = {
        case_id: String(30_000_000 + ++caseNo * 11),
        sacwis_person_id: person,
        county: child.county,
        agency_name: `${child.county} County Children Services`,
        case_category: adoption ? 'Adoption' : pick(['Protective', 'Ongoing', 'Ongoing', 'Assessment']),
        legal_status: chance(0.9) ? pick(LEGAL_STATUSES) : null,
        wkr_name: linked?.name ?? worker,
        wkr_email: linked?.email ?? emailOf(worker, child.county!),
        sup_name: supervisor,
        sup_email: emailOf(supervisor, child.county!),
        chf_email: chance(0.5) ? emailOf(staffName(), child.county!) : null,
        restricted_flag: restricted ? 'Y' : 'N',
        adoption_flag: adoption ? 'Y' : 'N',
      };
    }
    await write('source_case', caseRow);
    previous = { case: caseRow, child };

    // Custody: most children are in custody now; some had earlier episodes; some left custody.
    const episodes = chance(0.9) ? int(1, 3) : 0;
    const inCustody = episodes > 0 && chance(0.85);
    let start = Math.max(birth + DAY, AS_OF - int(60, 6 * 365) * DAY);
    for (let e = 0; e < episodes; e++) {
      const last = e === episodes - 1;
      const end = last && inCustody ? null : Math.min(AS_OF - DAY, start + int(30, 400) * DAY);
      const episodeStart = start;
      await write('custody_episode', {
        episode_id: String(50_000_000 + ++episodeNo),
        sacwis_person_id: person,
        county: child.county,
        legal_status: last ? caseRow.legal_status : pick(LEGAL_STATUSES),
        start_date: isoDay(episodeStart),
        end_date: end === null ? null : isoDay(end),
      });
      // Placements within the episode, one after another; the last is current while the episode is.
      const count = int(1, 4);
      let from = episodeStart;
      for (let p = 0; p < count; p++) {
        const lastPlacement = p === count - 1;
        const stop = lastPlacement ? end : Math.min((end ?? AS_OF) - DAY, from + int(20, 200) * DAY);
        if (stop !== null && stop <= from) break;
        const provider = pick(providers);
        await write('placement', {
          placement_id: String(60_000_000 + ++placementNo),
          sacwis_person_id: person,
          provider_id: provider.provider_id,
          provider_name: provider.provider_name,
          placement_type: pick(PLACEMENT_TYPES),
          provider_contact: provider.provider_contact,
          provider_address: provider.provider_address,
          provider_agency: provider.provider_agency,
          provider_agency_contact: provider.provider_agency_contact,
          start_date: isoDay(from),
          end_date: stop === null ? null : isoDay(stop),
        });
        if (stop === null) break;
        from = stop + DAY;
      }
      if (end === null) break;
      start = end + int(30, 300) * DAY;
      if (start >= AS_OF - DAY) break;
    }

    // One to three hospital records.
    const hospitals = new Set<number>();
    const sources = int(1, 3);
    while (hospitals.size < sources) hospitals.add(Math.floor(r() * HOSPITALS.length));
    for (const h of [...hospitals].sort((a, b) => a - b)) {
      await write('identity_source', { sacwis_person_id: person, source_name: HOSPITALS[h].name, mrn: HOSPITALS[h].mrn(++mrnNo) });
    }

    await writeRecord({ person, birth, county: child.county!, hospitals: [...hospitals].map((h) => HOSPITALS[h].name), caseRow });
    await writeSearchRows(write, options.seed, i, { sacwis_person_id: person, county: child.county! });

    // A duplicate SACWIS person now and then: same birth date and case, a slip in the first name.
    if (chance(0.03)) {
      const duplicate = String(90_000_000 + i);
      await write('source_child', { ...child, sacwis_person_id: duplicate, first_name: typo(child.first_name!, r), middle_name: null, preferred_name: null });
      await write('source_case', { ...caseRow, sacwis_person_id: duplicate });
    }
  }
  const counts: Record<string, number> = {};
  for (const [name, file] of files) {
    file.stream.end();
    await once(file.stream, 'finish');
    counts[name] = file.count;
  }
  return counts;
}
