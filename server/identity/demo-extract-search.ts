/**
 * The demo extract's patient flags and preferred names (issue 11 section 2,
 * what the summary card shows), apart from writeDemoExtract's own rows: each
 * child's come from a generator of their own seeded by the extract's seed and
 * the child's number, so adding them changes none of the other files' rows.
 */

/** Flags source systems keep on a child, with what the card's popover says about them. */
const FLAGS: { flag: string; info: string }[] = [
  { flag: 'Medically Fragile', info: 'Needs a caregiver trained in the child’s medical care' },
  { flag: 'Behavioral Health', info: 'Receives ongoing behavioral health services' },
  { flag: 'Runaway Risk', info: 'Has left placement without permission before' },
  { flag: 'Developmental Disability', info: 'Eligible for county board of developmental disabilities services' },
  { flag: 'Substance Exposure', info: 'Prenatal substance exposure reported at birth' },
  { flag: 'Human Trafficking Concern', info: 'Screened as at risk of trafficking' },
  { flag: 'Court Ordered Services', info: 'The juvenile court ordered services for the child' },
];
/** Where the flags and names come from: the child-welfare system and the hospitals. */
const SOURCES = ['SACWIS', "Nationwide Children's Hospital", "Cincinnati Children's Hospital Medical Center", "Akron Children's Hospital", 'OhioHealth'];
const NAMES = ['Bug', 'Sunny', 'Junior', 'Peanut', 'Bubba', 'Sissy', 'Boo', 'Tink', 'Mimi', 'Champ', 'Lulu', 'Skip'];

/** mulberry32, as the extract's own generator. */
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

type Row = Record<string, string | null>;
type Write = (source: string, row: Row) => Promise<void>;

/**
 * Writes the flags (about one child in four has one to three) and preferred
 * names (about one in six, one or two, from different sources) of the
 * extract's `index`th child.
 */
export async function writeSearchRows(write: Write, seed: number, index: number, child: { sacwis_person_id: string; county: string }): Promise<void> {
  const r = random(Math.imul(seed, 1_000_003) + index * 7919 + 17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  if (r() < 0.25) {
    const flags = new Set<number>();
    const count = 1 + Math.floor(r() * 3);
    while (flags.size < count) flags.add(Math.floor(r() * FLAGS.length));
    let n = 0;
    for (const f of [...flags].sort((a, b) => a - b)) {
      await write('patient_flags', {
        flag_id: `${child.sacwis_person_id}-${++n}`,
        sacwis_person_id: child.sacwis_person_id,
        patient_flag: FLAGS[f].flag,
        flag_info: r() < 0.9 ? FLAGS[f].info : null,
        source_name: pick(SOURCES),
        county: child.county,
      });
    }
  }
  if (r() < 0.17) {
    const names = new Map<string, string>();
    const count = 1 + Math.floor(r() * 2);
    while (names.size < count) names.set(pick(NAMES), pick(SOURCES));
    for (const [name, source] of names) await write('preferred_names', { sacwis_person_id: child.sacwis_person_id, source_name: source, preferred_name: name });
  }
}
