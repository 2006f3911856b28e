/**
 * `npm run bench -- --scale 1m` (issue 37 section 1): the read routes measured on the usual cluster and on one
 * ten times its size, and how their CPU per call grows. A route's server plus PostgreSQL CPU per call may grow
 * at most 1.25x; a report's PostgreSQL CPU per call at most 2x (ten times the events). For a route over its
 * ratio, the plans of its reads at the larger size (EXPLAIN (ANALYZE, BUFFERS)) follow its line.
 */
import pg from 'pg';
import { PLAN_ONCE, PLANNER_SETTINGS } from '../server/db/connect';
import { readsOf, type Load, type Statement } from './raw-sql';
import { cpuMedian } from './servers';

/** A size of the bench's first division: patients, medical events, and identity children in their own division. */
export interface Scale {
  label: string;
  patients: number;
  events: number;
  children: number;
}

/** The usual cluster: what every other figure of the bench is measured on. */
export const BASE_SCALE: Scale = { label: '100k', patients: 100_000, events: 1_000_000, children: 100_000 };

/** The sizes `--scale` names. The identity children stay 100,000 (the figure): the identity calls meet more patients, not more children. */
const SCALES: Record<string, Scale> = {
  '1m': { label: '1M', patients: 1_000_000, events: 10_000_000, children: 100_000 },
};

/** The scale `--scale <name>` asks for; undefined without the flag; exits on a name it does not know. */
export function scaleFromArgs(argv: string[]): Scale | undefined {
  const at = argv.indexOf('--scale');
  if (at < 0) return undefined;
  const scale = SCALES[argv[at + 1]?.toLowerCase() ?? ''];
  if (!scale) {
    console.error(`--scale takes one of: ${Object.keys(SCALES).join(', ')}`);
    process.exit(2);
  }
  return scale;
}

/** The bench server's environment for a scale (bench/serve.ts seeds what is missing). */
export const scaleEnv = (scale: Scale): Record<string, string> => ({
  BENCH_PATIENTS: String(scale.patients),
  BENCH_MEDICAL_EVENTS: String(scale.events),
  BENCH_IDENTITY_CHILDREN: String(scale.children),
});

const TARGET_GROWTH = 1.25;
/** Reports read every event: ten times the events may cost at most twice the PostgreSQL CPU. */
const TARGET_REPORT_GROWTH = 2;
const isReport = (label: string) => label.startsWith('report ');

/** A measured route at one scale: its runs and the statements it sent. */
export interface Measured {
  route: string;
  runs: Load[];
  statements: Statement[];
}

/** The CPU per call a route's growth is judged by: server plus PostgreSQL, or PostgreSQL alone for a report. */
const cpuOf = (m: Measured) =>
  cpuMedian(m.runs.map((r) => (isReport(m.route) ? r.databaseCpuMs : r.serverCpuMs === undefined || r.databaseCpuMs === undefined ? undefined : r.serverCpuMs + r.databaseCpuMs)));

export interface GrowthResult {
  route: string;
  base?: number;
  scaled?: number;
  ratio?: number;
  target: number;
}

export function growthOf(base: Measured[], scaled: Measured[]): GrowthResult[] {
  return scaled.map((s) => {
    const b = base.find((x) => x.route === s.route);
    const [before, after] = [b && cpuOf(b), cpuOf(s)];
    return { route: s.route, base: before, scaled: after, ratio: before && after ? after / before : undefined, target: isReport(s.route) ? TARGET_REPORT_GROWTH : TARGET_GROWTH };
  });
}

export const over = (g: GrowthResult) => g.ratio !== undefined && g.ratio > g.target;

export function growthLine(g: GrowthResult, base: Scale, scaled: Scale): string {
  const what = isReport(g.route) ? 'ms PostgreSQL CPU per call' : 'ms CPU per call';
  if (g.ratio === undefined) return `growth ${g.route}: not measured at both sizes (CPU time unreadable)`;
  return `growth ${g.route}: ${g.base!.toFixed(2)} -> ${g.scaled!.toFixed(2)} ${what} (${base.label} -> ${scaled.label}), ${g.ratio.toFixed(2)}x (target ${g.target}x): ${over(g) ? 'MISSED' : 'met'}`;
}

/** The plans of a route's reads, as the server sends them (its planner settings), indented under its growth line. */
export async function explainLines(connectionString: string, statements: Statement[]): Promise<string[]> {
  const client = new pg.Client({ connectionString, options: PLANNER_SETTINGS.map((s) => `-c ${s}`).join(' ') });
  await client.connect();
  const lines: string[] = [];
  try {
    for (const s of readsOf(statements)) {
      const text = s.text.startsWith(PLAN_ONCE) ? s.text.slice(PLAN_ONCE.length) : s.text;
      lines.push(`    -- ${text.replace(/\s+/g, ' ').slice(0, 200)}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, s.values);
      lines.push(...rows.map((r) => `    ${r['QUERY PLAN']}`));
    }
  } finally {
    await client.end();
  }
  return lines;
}
