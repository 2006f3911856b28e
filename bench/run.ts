/**
 * `npm run bench`: latency and throughput of the routes in ROUTES (a data-view
 * call, patient search, the patient list, the face sheet's calls, the
 * medications and medical-event lists, recording a medical event, two FHIR calls each beside its JSON:API twin) beside a trivial route, with 100,000 seeded patients, on
 * the embedded PostgreSQL (and on DATABASE_URL when set); then the gzip sizes
 * of the shell's first load, of <care-queue>'s own module and of each record
 * page. CONCURRENT runs a route while something else loads the same server
 * (an upload) and reports the server's memory growth meanwhile. Then chat
 * delivery latency and messages per second with two server processes and
 * BENCH_CHAT_CLIENTS connected sockets (bench/chat.ts). Prints targets
 * beside figures; never fails on a miss.
 *
 * Each route runs BENCH_RUNS times and prints the median with the spread. Beside
 * each route, the exact SQL it sent (captured from the server) is replayed
 * straight through `pg` at the same concurrency: the ratio is what the server
 * adds to its SQL. A read route is also served bare in the server's own process
 * (bench/bare.ts: its reads through `pg`, the rows through JSON.stringify) and
 * measured the same way: `overhead <route>` is the route's server CPU per call
 * over the bare handler's (issue 37 section 2). The CPU time each request cost the server process and its
 * embedded PostgreSQL is printed beside (on a machine whose cores the load
 * saturates, latency follows from it). A FHIR call (issue 35 section 4) is
 * made with the tokens of several bench clients in turn (bench/fhir.ts), and
 * its CPU per call is printed beside its JSON:API twin's.
 *
 * Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (32), BENCH_PATIENTS (100000), BENCH_IDENTITY_CHILDREN (as many, at most 100000), BENCH_MEDICAL_EVENTS (1000000), BENCH_RUNS (3),
 * BENCH_CHAT_CLIENTS (2000), BENCH_FHIR_CLIENTS (50); REDIS_URL for the chat figures; BENCH_PROFILE=<dir> for the server's CPU profile. BENCH_ONLY=<regex> measures only the routes
 * whose label matches and skips chat and paint unless it matches 'chat' or 'paint' (`BENCH_ONLY=paint`: the
 * largest contentful paint alone; `BENCH_ONLY=lighthouse`: the public forms through Lighthouse (npx, network);
 * `BENCH_ONLY=sizes`: bundle sizes alone; `BENCH_ONLY=fhir`: the FHIR calls and their JSON:API twins).
 * The embedded cluster is cached in ./.bench-data so the seed runs once.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { todayIn } from '../shared/schemas/medical-events';
import { lighthouseLines } from './lighthouse';
import { measureLcp, TARGET_LCP_MS } from './lcp';
import { chatLines } from './chat';
import { clusterLines } from './cluster';
import { cpuTicks, processTreeCpuMs, speedProbe } from './cpu';
import { fhirCallers, newTask, referralBundle, type FhirCallers } from './fhir';
import { replay, type Load, type Statement } from './raw-sql';
import type { BareAnswer, BareAsked } from './bare';
import { BASE_SCALE, explainLines, growthLine, growthOf, over, scaleEnv, scaleFromArgs, type Scale } from './growth';
import { BENCH_DIR, benchDir, cpuMedian, IDENTITY_DIVISION, IMPORT_FIGURES, log, login, median, PATIENTS, ROOT, RUNS, SECONDS, spread, startServer, stopServer } from './servers';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Above this 1-minute load average before the start, someone else is using the machine. */
const QUIET_LOAD = 0.5;
/** Above this share of CPU time taken by the hypervisor, the machine shares its cores with others. */
const QUIET_STEAL = 0.05;
/** Above this ratio between the slowest and the quickest speed probe, the machine's speed changed during the runs. */
const STEADY_PROBE = 1.15;
/** The trivial route: what the framework costs a call that does nothing. */
const LIVE_PATH = '/api/live';
/** Issue 37 section 2: a read route's server CPU per call at most 1.5x the bare handler's. */
const TARGET_BARE_RATIO = 1.5;
/** Issue 15: a route within 1.3x of its raw SQL. */
const TARGET_RAW_RATIO = 1.3;
const BENCH_DB = 'careweave_bench';
const TARGET_QUEUE_GZIP = 20 * 1024;
const TARGET_RECORD_PAGE_GZIP = 30 * 1024;
/** Issue 15. */
const TARGET_FIRST_LOAD_GZIP = 130 * 1024;
/** The first load's size as last committed: no route or element may grow it unnoticed. */
const FIRST_LOAD_FILE = path.join(ROOT, 'bench/first-load.json');

/**
 * A measured route: its path (`{patient}` is a visible patient of the navigator's division; `{child.<field>}`
 * a fact of one identity child, see identityChild) and its p99 target.
 */
interface BenchRoute {
  label: string;
  path: string;
  /** The demo user who calls it (default navigator). */
  user?: string;
  targetP99?: number;
  /** A write: the JSON it posts (each request with its own Idempotency-Key); its SQL is not replayed. */
  body?: (url: string, token: string, patient: string, bench: BenchFacts) => Promise<unknown>;
  /** Each request's own body, from the JSON of `body` (e.g. a new identifier in it). */
  vary?: (json: string) => string;
  /** The status its answer has (default 200, 201 for a write). */
  status?: number;
  /** A FHIR call: by the bench's FHIR clients in turn (bench/fhir.ts), its body sent as application/fhir+json. */
  fhir?: boolean;
  /** The label of the JSON:API route closest to the same work: its CPU per call is printed beside (BENCH_ONLY choosing this route chooses it too). */
  twin?: string;
  /** How the twin's work differs, printed with the comparison, when it is not the same work. */
  twinDiffers?: string;
}

/** What a write's body may need beyond its patient. */
interface BenchFacts {
  connectionString: string;
  /** The division of the bench's FHIR clients (empty when no FHIR route runs). */
  fhirDivisionUid: string;
}

/** A drug overdose reported today for the patient, as the record's form posts it. */
async function overdose(url: string, token: string, patient: string) {
  const res = await fetch(`${url}/api/data/reference/reference-status?ref_data_type=medical_event__drug_overdose&all-data=1`, { headers: { authorization: `Bearer ${token}` } });
  const statuses = (await res.json()) as { data: { attributes: { uid: string; name: string } }[] };
  const reported = statuses.data.find((s) => s.attributes.name === 'reported');
  if (!reported) throw new Error(`no Reported status: ${res.status}`);
  const zone = 'America/New_York';
  return {
    data: {
      type: 'medical-events',
      attributes: {
        patient_uid: patient, medical_event_name: 'drug_overdose', event_date: todayIn(zone), event_time_zone: zone, status_uid: reported.attributes.uid,
        detail_object: { naloxone_administered: 'yes', naloxone_administered_by: 'ems', was_overdose_fatal: 'no', accepted_treatment: 'accepted' },
      },
    },
  };
}

/** A referral of the patient to a facility, as the record's Outbound Referrals form posts it: the JSON:API twin of a FHIR referral. */
async function outboundReferral(_url: string, _token: string, patient: string, { connectionString }: BenchFacts) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query(`
      select (select uid from reference_data where model = 'reference-provider-role' and label = 'Psychiatrist' limit 1) as specialty,
             (select uid from reference_data where model = 'reference-status' and ref_data_type = 'outbound referral' and label = 'Pending' limit 1) as status,
             (select facility_uid from facility where facility_name = 'Riverside General Hospital' limit 1) as facility`);
    const { specialty, status, facility } = rows[0] as Record<string, string | null>;
    if (!specialty || !status || !facility) throw new Error(`no demo specialty, status or facility for a referral: ${JSON.stringify(rows[0])}`);
    const attributes = {
      patient_uid: patient, specialty_uid: specialty, event_date: todayIn('America/New_York'), to_type: 'facility', to_facility_uid: facility,
      priority: 'urgent', status_uid: status, reason: 'Food insecurity', notes: 'Prefers calls after 3 pm.',
    };
    return { data: { type: 'outbound-referrals', attributes } };
  } finally {
    await client.end();
  }
}

/** Issue 35 section 4: a Gravity referral of 100 entries (Task, ServiceRequest, Patient, 97 Conditions), to the FHIR clients' division. */
const fhirReferral = async (_url: string, _token: string, _patient: string, { fhirDivisionUid }: BenchFacts) => referralBundle(fhirDivisionUid, 100);

/** A time series: events per month, one series per type. */
const REPORT_CHART = 'x=event_date&time-unit=month&aggregation=count&series=medical_event_label';

const ALL_ROUTES: BenchRoute[] = [
  { label: 'GET /api/live (trivial)', path: LIVE_PATH },
  // Issue 1: a filtered, sorted, paged data-view call.
  { label: 'data view (filter+sort+page)', path: '/api/data/public/queue-patient-view?last_name__like=gar&sort=-referral_date,last_name&page=3&page-size=10', targetP99: 30 },
  // Issue 3: name-part search over both divisions the navigator may access.
  { label: 'patient search (q=garc)', path: '/api/summary-patients?q=garc&sort=lastName&current_division_only=false', targetP99: 50 },
  // Issue 8: the /patients list and each call the face sheet makes for one patient.
  { label: 'patient list view', path: '/api/data/public/patient-list?sort=last_name,first_name&page=2&page-size=25', targetP99: 30 },
  { label: 'face sheet: patient', path: '/api/patients/{patient}', targetP99: 40 },
  { label: 'face sheet: medical events', path: '/api/patients/{patient}/medical-events', targetP99: 40 },
  { label: 'face sheet: notes', path: '/api/patients/{patient}/notes', targetP99: 40 },
  { label: 'face sheet: admissions', path: '/api/patients/{patient}/admissions', targetP99: 40 },
  { label: 'face sheet: reminders', path: '/api/patients/{patient}/reminders', targetP99: 40 },
  { label: 'face sheet: left menu', path: '/api/data/reference/reference-nav-item?ref_data_type=patient', targetP99: 40 },
  // Issue 9 section 5: the Medications page's list for one patient.
  { label: 'medications list', path: '/api/data/public/nav-list-view-medication?patient_uid={patient}&page-size=10', targetP99: 30 },
  // Issue 10: a medical-event list for one patient.
  { label: 'medical events list', path: '/api/patients/{patient}/medical-events/drug_overdose', targetP99: 40 },
  { label: 'POST /api/medical-events', path: '/api/medical-events', targetP99: 40, body: overdose },
  // Issue 12 section 4: a report's time-series chart and its grouped table over 1,000,000 medical events.
  { label: 'report chart: events by month and type', path: `/api/permissable/views/report-medical-events/chart?${REPORT_CHART}`, targetP99: 300 },
  { label: 'report table grouped by type', path: '/api/permissable/views/report-medical-events?sort=medical_event_label,-event_date&page-size=500', targetP99: 300 },
  // Issue 11 section 2: the identity search over BENCH_PATIENTS children, by the form's kinds of criteria alone and together.
  ...identitySearches(),
  // Issue 11 section 5: the calls of the identity record's pages for one child (face sheet, alerts, and a panel of each page).
  ...identityPageCalls(),
  // Issue 35 section 4: FHIR calls, each beside the closest JSON:API route. The patient search's word over the
  // 100,000 patients' division (the FHIR clients'), a page of 20; a referral, each request a new Task: no JSON:API
  // call takes a referral with 97 Conditions, so its twin is one referral, and says so.
  { label: 'POST /api/outbound-referrals', path: '/api/outbound-referrals', body: outboundReferral },
  { label: 'FHIR patient search (name=garc)', path: '/fhir/Patient?name=garc', fhir: true, twin: 'patient search (q=garc)' },
  {
    label: 'FHIR POST /fhir: 100-entry referral Bundle',
    path: '/fhir',
    fhir: true,
    body: fhirReferral,
    vary: newTask,
    status: 200,
    twin: 'POST /api/outbound-referrals',
    twinDiffers: 'not the same work: the Bundle is 100 resources checked as R4 and kept as sent, the twin one referral from a small JSON body; the 97 Conditions have no JSON:API counterpart',
  },
];

/** The identity search form's kinds of criteria (in part, exact, contains, lists), each alone and several together. */
function identitySearches(): BenchRoute[] {
  const base = '/api/data/public/identity_search?sort=lastName,firstName&page-size=50';
  const combos: [string, string][] = [
    ['last name in part', 'last_name__like={child.last3}'],
    ['last + first name', 'last_name__like={child.last3}&first_name__like={child.first3}'],
    ['date of birth', 'birth_date={child.birth}'],
    ['birth year + last name', 'birth_date={child.birthYear}&last_name__like={child.last3}'],
    // Spec 002: an MRN needs its hospital, a caseworker name its county.
    ['MRN contains', 'source_mrns__contains={child.mrn}&source_description={child.hospital}'],
    ['hospitals + county', 'source_description={child.hospital}&source_description={child.hospital2}&agency_county={child.county}'],
    ['caseworker + county + provider name', 'wkr_name={child.worker}&agency_county={child.county}&provider_name={child.provider}'],
    ['SACWIS person id', 'sacwis_person_id={child.sacwis}'],
    ['case id', 'case_id={child.caseId}'],
    ['provider id, page 2', 'provider_id={child.providerId}&page=2'],
    ['every field', 'last_name__like={child.last3}&first_name__like={child.first3}&birth_date={child.birth}&source_mrns__contains={child.mrn}&source_description={child.hospital}&agency_county={child.county}&wkr_name={child.worker}&sacwis_person_id={child.sacwis}&case_id={child.caseId}&provider_id={child.providerId}&provider_name={child.provider}'],
  ];
  return combos.map(([label, query]) => ({ label: `identity search: ${label}`, path: `${base}${query.includes('page=') ? '' : '&page=1'}&${query}`, user: 'identity', targetP99: 50 }));
}

/** The identity record's calls for one child, as the demo identity user (p99 under 50 ms each). */
function identityPageCalls(): BenchRoute[] {
  const panel = (view: string, query = '') => `/api/data/public/list-view-cs-tbl-${view}?patient_uid={child.patient}&page-size=5${query}`;
  const calls: [string, string][] = [
    ['face sheet summary', '/api/patients/{child.patient}/identity-summary'],
    ['alert badges', '/api/patients/{child.patient}/identity-alerts'],
    ['Primary Contacts: placements', panel('placement-history', '&sort=-start_date')],
    ["Children's Services: custody", panel('custody-history')],
    ['Completed Visits: visits', panel('visit')],
    ['Health Information: medications', panel('medication')],
    ['Reports: hospital notes', panel('hospital-note')],
    ['Referrals & Appointments: referrals', panel('referral')],
  ];
  return calls.map(([label, path]) => ({ label: `identity page: ${label}`, path, user: 'identity', targetP99: 50 }));
}

/** One child of the bench extract the demo identity user may see, with every fact the search form asks for (URL-encoded). */
/**
 * The identity child whose facts the identity routes ask for: the first by its SACWIS id, which the extract's
 * seed fixes, so that every cluster of the same extract (`--scale`) is asked the same questions (patient ids
 * are new at each import: by them, each cluster picked another child, and another county and worker).
 */
async function identityChild(connectionString: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rows } = await client.query(`
      select s.patient_uid as patient, left(s.last_name, 3) as last3, left(s.first_name, 3) as first3, to_char(s.birth_date, 'MM/DD/YYYY') as birth, to_char(s.birth_date, 'YYYY') as "birthYear",
             substr(split_part(s.mrns, ' ', 1), 2, 5) as mrn, s.source_names[1] as hospital, coalesce(s.source_names[2], s.source_names[1]) as hospital2,
             s.counties[1] as county, split_part(s.wkr_names, ' ', 1) as worker, split_part(s.provider_names, ' ', 1) as provider,
             s.sacwis_person_ids[1] as sacwis, s.case_ids[1] as "caseId", s.provider_ids[1] as "providerId"
        from identity_search s join division d using (division_uid)
       where d.division_name = $1 and s.restricted_flag = '0' and not s.adoption_case and s.mrns <> '' and cardinality(s.provider_ids) > 0 and cardinality(s.case_ids) > 0
       order by s.sacwis_person_ids[1], s.last_name, s.first_name limit 1`, [IDENTITY_DIVISION]);
    if (!rows[0]) throw new Error('no identity child in the bench database');
    return Object.fromEntries(Object.entries(rows[0] as Record<string, string>).map(([k, v]) => [k, encodeURIComponent(v)]));
  } finally {
    await client.end();
  }
}

const MB = 1024 * 1024;

/**
 * A route measured while `beside` keeps the server busy: its p99 target, and
 * how far the server's memory (peak RSS) may grow in that time.
 */
interface ConcurrentRoute extends BenchRoute {
  targetP99: number;
  beside: { label: string; run: (url: string, token: string, patient: string) => Promise<void>; targetGrowthMb: number };
}

/** One document upload as the record's form sends it (fields, then the file); fails unless stored. */
const uploadDocument = (bytes: number) => async (url: string, token: string, patient: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({ patient_uid: patient, doc_type: 'PDF', title: 'Bench upload' })) form.append(name, value);
  const content = new Uint8Array(bytes).fill(0x20);
  content.set(new TextEncoder().encode('%PDF-1.7\n'));
  form.append('file', new Blob([content]), 'bench.pdf');
  const res = await fetch(`${url}/api/attachments`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() }, body: form });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
};

/** Rows in the last CSV export (counted from its line ends, escaped in the JSON answer). */
let csvRowsSeen = 0;

/** About 100,000 of the bench's 1,000,000 events (three years of them): the last 110 days'. */
const csvExport = async (url: string, token: string) => {
  const since = new Date(Date.now() - 110 * 86_400_000).toISOString().slice(0, 10);
  const res = await fetch(`${url}/api/permissable/views/report-medical-events/csv?sort=-event_date&event_date__>>=${since}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ columns: ['event_date', 'first_name', 'last_name', 'medical_event_label', 'status_label', 'outcome_label', 'facility_name'].map((c) => ({ column_name: c, display_header: c })) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`CSV export failed: ${res.status} ${text.slice(0, 200)}`);
  csvRowsSeen = (text.match(/\\r\\n/g) ?? []).length - 1;
};

const ALL_CONCURRENT: ConcurrentRoute[] = [
  // Issue 9 section 10: uploads are streamed, so a 10 MB upload neither stalls the list nor sits in memory.
  {
    label: 'documents list during 10 MB uploads',
    path: '/api/data/public/patient-attachment?patient_uid={patient}',
    targetP99: 60,
    beside: { label: '10 MB document uploads, one after another', run: uploadDocument(10 * MB), targetGrowthMb: 30 },
  },
  // Issue 12 section 4: a CSV export of 100,000 rows streams (memory growth under 50 MB) and does not stall the charts.
  {
    label: 'report chart during 100,000-row CSV exports',
    path: `/api/permissable/views/report-medical-events/chart?${REPORT_CHART}`,
    targetP99: 300,
    beside: { label: 'CSV exports of about 100,000 report rows, one after another', run: csvExport, targetGrowthMb: 50 },
  },
];

/** BENCH_ONLY narrows a run to the routes one change is about. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const chosen = <T extends BenchRoute>(routes: T[]) => routes.filter((r) => !ONLY || ONLY.test(r.label) || routes.some((f) => f.twin === r.label && ONLY.test(f.label)));
const ROUTES = chosen(ALL_ROUTES);
const CONCURRENT = chosen(ALL_CONCURRENT);

interface Growth {
  database: string;
  label: string;
  growthMb: number;
  targetGrowthMb: number;
  runs: number;
}
const growths: Growth[] = [];

/** Asks the bench server how far its memory grew since 'memory-start'. */
function memoryGrowth(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'memoryGrowth' in m) {
        child.off('message', onMessage);
        resolve((m as { memoryGrowth: number }).memoryGrowth);
      }
    };
    child.on('message', onMessage);
    child.send('memory-stop');
  });
}

interface Row {
  database: string;
  route: string;
  targetP99?: number;
  /** The JSON:API route it is compared with (BenchRoute.twin). */
  twin?: string;
  /** One entry per run. */
  runs: Load[];
  /** The route's SQL alone, one entry per run; empty for a route that sends none. */
  raw: Load[];
  /** Issue 37 section 2: the bare handler doing the route's reads in the server's process, one entry per run; empty for a write. */
  bare: Load[];
  /** What the route sent to PostgreSQL in one call (the growth run explains them: bench/growth.ts). */
  statements: Statement[];
}

/** The bench server serves a read route's captured statements bare (bench/bare.ts) and answers where. */
async function bareUrlFor(child: ChildProcess, key: string, statements: Statement[]): Promise<string> {
  return new Promise((resolve) => {
    const on = (m: unknown) => {
      if (m && typeof m === 'object' && 'bareUrl' in m) {
        child.off('message', on);
        resolve((m as BareAnswer).bareUrl);
      }
    };
    child.on('message', on);
    child.send({ bare: { key, statements } } satisfies BareAsked);
  });
}

/** The statements the server sends while `request` runs. */
async function captureStatements(child: ChildProcess, request: () => Promise<unknown>): Promise<Statement[]> {
  const answer = <T>(key: string) =>
    new Promise<T>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (key in m) {
          child.off('message', on);
          resolve(m[key] as T);
        }
      };
      child.on('message', on);
    });
  const ready = answer<boolean>('capturing');
  child.send('capture-start');
  await ready;
  await request();
  const captured = answer<Statement[]>('captured');
  child.send('capture-stop');
  return captured;
}

/**
 * How a route's requests are made: its bearer tokens (one for a staff user; several FHIR clients' taken in
 * turn), and for a write the JSON it posts, its content type, and `vary` when each request needs its own body.
 */
interface Call {
  tokens: readonly string[];
  json?: string;
  contentType?: string;
  vary?: (json: string) => string;
}

async function load(url: string, call: Call, seconds = SECONDS) {
  const { tokens, json, vary } = call;
  const headers: Record<string, string> = tokens.length === 1 ? { authorization: `Bearer ${tokens[0]}` } : {};
  let turn = 0;
  const rotate = tokens.length > 1;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(rotate && { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${tokens[turn++ % tokens.length]}` } }) }] }),
    ...(json !== undefined && {
      method: 'POST',
      body: json,
      headers: { ...headers, 'content-type': call.contentType ?? 'application/json' },
      requests: [
        {
          setupRequest: (req: autocannon.Request) => ({
            ...req,
            headers: { ...req.headers, 'idempotency-key': randomUUID(), ...(rotate && { authorization: `Bearer ${tokens[turn++ % tokens.length]}` }) },
            ...(vary && { body: vary(json) }),
          }),
        },
      ],
    }),
  });
}

/** A visible patient of the navigator's current division, for the record's calls. */
async function somePatients(url: string, token: string): Promise<{ read: string; write: string }> {
  const res = await fetch(`${url}/api/data/public/patient-list?page-size=2`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { data?: { id: string }[]; meta?: { total: number } };
  if (!res.ok || (body.data?.length ?? 0) < 2) throw new Error(`patient list call failed: ${res.status} ${JSON.stringify(body)}`);
  log(`patient list answers ${body.meta?.total} patients`);
  return { read: body.data![0].id, write: body.data![1].id };
}

/** How `measure` runs: which routes, whether each run is followed by its SQL alone and bare, and what to do before the server stops. */
interface Plan {
  routes: BenchRoute[];
  concurrent: ConcurrentRoute[];
  replays: boolean;
  beforeStop?: (rows: Row[], connectionString: string) => Promise<void>;
}

/**
 * Every route against one server: a check that it answers (which also
 * captures its SQL), a short warm-up, then RUNS measured runs, each followed
 * by the same length of its SQL alone.
 */
async function measure(database: string, env: Record<string, string>, plan: Plan = { routes: ROUTES, concurrent: CONCURRENT, replays: true }): Promise<Row[]> {
  const { url, connectionString, child } = await startServer(env);
  try {
    const token = await login(url);
    const tokens: Record<string, string> = { navigator: token };
    // The writes go to a patient of their own: thousands of events posted to the patient the
    // record's reads measure would make every later run read a bigger record than the first.
    const { read: patient, write: writePatient } = await somePatients(url, token);
    const childFacts = await identityChild(connectionString);
    const fhir: FhirCallers | undefined = plan.routes.some((r) => r.fhir) ? await fhirCallers(url, child) : undefined;
    log(`${database}: ${CONNECTIONS} connections, ${SECONDS} s per route and run, ${RUNS} runs`);
    const rows: Row[] = [];
    for (const route of plan.routes) {
      const target = url + route.path.replace('{patient}', patient).replace(/\{child\.(\w+)\}/g, (_, key: string) => childFacts[key] ?? '');
      const user = route.user ?? 'navigator';
      if (!route.fhir) tokens[user] ??= await login(url, user);
      const auth = route.path === LIVE_PATH || route.fhir ? undefined : tokens[user];
      const body = route.body && (await route.body(url, auth!, writePatient, { connectionString, fhirDivisionUid: fhir?.divisionUid ?? '' }));
      const json = body === undefined ? undefined : JSON.stringify(body);
      // A FHIR call's tokens are renewed before they would expire during the next `seconds`.
      const callFor = async (seconds: number): Promise<Call> => ({
        tokens: route.fhir ? await fhir!.tokens(seconds + 30) : auth ? [auth] : [],
        json,
        contentType: route.fhir ? 'application/fhir+json' : undefined,
        vary: route.vary,
      });
      const once = async () => {
        const { tokens: [token], contentType = 'application/json' } = await callFor(5);
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        return fetch(
          target,
          json === undefined ? { headers } : { method: 'POST', headers: { ...headers, 'content-type': contentType, 'idempotency-key': randomUUID() }, body: route.vary ? route.vary(json) : json },
        );
      };
      // Call once first: the session then comes from its cache, as it does under load (and /fhir loads its R4 validator).
      await (await once()).arrayBuffer();
      let status = 0;
      let answer = '';
      const statements = await captureStatements(child, async () => {
        const probe = await once();
        status = probe.status;
        answer = await probe.text();
      });
      if (status !== (route.status ?? (body === undefined ? 200 : 201))) throw new Error(`${route.label} failed: ${status} ${answer.slice(0, 300)}`);
      if (route.vary && route.fhir && !answer.includes('201 Created')) throw new Error(`${route.label} made no new referral: ${answer.slice(0, 300)}`);
      await load(target, await callFor(2), 2); // warm-up: JIT, pool, PostgreSQL caches
      // /api/live sends no SQL: its bare twin is node:http's own floor, so the two give the framework's fixed cost per call.
      const bareToo = plan.replays && body === undefined && (statements.length > 0 || route.path === LIVE_PATH);
      const bare = bareToo ? await bareUrlFor(child, String(rows.length), statements) : undefined;
      if (bare) await load(bare, { tokens: [] }, 2);
      const row: Row = { database, route: route.label, targetP99: route.targetP99, twin: route.twin, runs: [], raw: [], bare: [], statements };
      /** One run of `url` with the server's and its PostgreSQL's CPU per request. */
      const measured = async (url: string, call: Call): Promise<Load & { non2xx: number }> => {
        const probeMs = speedProbe();
        const before = processTreeCpuMs(child.pid!);
        const r = await load(url, call, SECONDS);
        const after = processTreeCpuMs(child.pid!);
        const perRequest = (ms: number) => (r.requests.total ? ms / r.requests.total : Number.NaN);
        return {
          p50: r.latency.p50,
          p99: r.latency.p99,
          rps: r.requests.average,
          errors: r.errors + r.timeouts + r.non2xx,
          non2xx: r.non2xx,
          probeMs,
          ...(before && after && { serverCpuMs: perRequest(after.own - before.own), databaseCpuMs: perRequest(after.descendants - before.descendants) }),
        };
      };
      for (let run = 0; run < RUNS; run++) {
        const call = await callFor(SECONDS);
        const { non2xx, ...measuredRun } = await measured(target, call);
        row.runs.push(measuredRun);
        if (route.fhir && non2xx) log(`  ${route.label}: ${non2xx} answers not 2xx (a 429: more calls than ${call.tokens.length} clients may make; raise BENCH_FHIR_CLIENTS)`);
        if (plan.replays && statements.length && body === undefined) row.raw.push(await replay(connectionString, statements, CONNECTIONS, SECONDS));
        if (bare) row.bare.push(await measured(bare, { tokens: [] }));
      }
      rows.push(row);
      log(`  ${route.label}: p99 ${median(row.runs.map((x) => x.p99)).toFixed(1)} ms`);
    }
    for (const route of plan.concurrent) {
      const target = url + route.path.replace('{patient}', patient);
      await route.beside.run(url, token, patient); // the first one checks that it works
      await load(target, { tokens: [token] }, 2);
      const row: Row = { database, route: route.label, targetP99: route.targetP99, runs: [], raw: [], bare: [], statements: [] };
      let growth = 0;
      let runs = 0;
      for (let run = 0; run < RUNS; run++) {
        child.send('memory-start');
        let loading = true;
        let failure: unknown = null;
        const besides = (async () => {
          try {
            while (loading) {
              await route.beside.run(url, token, patient);
              runs++;
            }
          } catch (err) {
            failure = err;
          }
        })();
        const r = await load(target, { tokens: [token] });
        loading = false;
        await besides;
        if (failure) throw failure;
        growth = Math.max(growth, await memoryGrowth(child));
        row.runs.push({ p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.timeouts + r.non2xx });
      }
      growths.push({ database, label: route.beside.label, growthMb: growth / MB, targetGrowthMb: route.beside.targetGrowthMb, runs });
      rows.push(row);
    }
    await plan.beforeStop?.(rows, connectionString);
    return rows;
  } finally {
    await stopServer(child);
  }
}

/** `careweave_bench` on the DATABASE_URL server, created when missing (seeded once by the server). */
async function benchDatabaseUrl(base: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB]);
    if (exists.rowCount === 0) await admin.query(`create database ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

// ---- bundle sizes -------------------------------------------------------

const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+)["']/g;
const ANY_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\.{1,2}\/[^"']+)["']/g;

/** The built modules `entries` import, transitively: with `lazy`, dynamic imports count too. */
function closure(entries: string[], lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    if (!f.endsWith('.js')) continue;
    for (const m of fs.readFileSync(f, 'utf8').matchAll(lazy ? ANY_IMPORT : STATIC_IMPORT)) {
      const dep = path.resolve(path.dirname(f), m[1]);
      if (fs.existsSync(dep)) stack.push(dep);
    }
  }
  return seen;
}

/** Builds dist/ when it is missing; false when the build fails. */
function ensureBuilt(): boolean {
  if (fs.existsSync(path.join(ROOT, 'dist', 'index.html'))) return true;
  log('dist/ not built: running npx vite build ...');
  const built = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  return built.status === 0 && fs.existsSync(path.join(ROOT, 'dist', 'index.html'));
}

/** The navigator's home painted in Chromium, on the embedded bench server. */
async function paintLines(): Promise<string[]> {
  if (!ensureBuilt()) return ['largest contentful paint: build failed'];
  const { url, child } = await startServer({ DATA_DIR: BENCH_DIR, DATABASE_URL: '' });
  try {
    const { cold, warm, unthrottled } = await measureLcp(url);
    const warmMedian = median(warm);
    const fullSpeed = median(unthrottled);
    return [
      `navigator home, largest contentful paint at 4x CPU throttling: warm median ${warmMedian.toFixed(0)} ms${spread(warm, 0)} of ${warm.length}, cold ${cold.toFixed(0)} ms   target warm < ${TARGET_LCP_MS} ms: ${warmMedian < TARGET_LCP_MS ? 'met' : 'MISSED'}`,
      `navigator home, largest contentful paint at full CPU speed: warm median ${fullSpeed.toFixed(0)} ms${spread(unthrottled, 0)}; at 4x / at full speed = ${(warmMedian / fullSpeed).toFixed(2)}x (4.00x: all of it is CPU)`,
    ];
  } finally {
    await stopServer(child);
  }
}

/** The public forms through Lighthouse's mobile defaults, on the embedded bench server (issue 39 section 4). */
async function publicFormLines(): Promise<string[]> {
  if (!ensureBuilt()) return ['lighthouse: build failed'];
  const { url, child } = await startServer({ DATA_DIR: BENCH_DIR, DATABASE_URL: '' });
  try {
    return lighthouseLines(url);
  } finally {
    await stopServer(child);
  }
}

function bundleSizes(): string[] {
  const dist = path.join(ROOT, 'dist');
  const html = path.join(dist, 'index.html');
  if (!ensureBuilt()) return ['bundle sizes: build failed'];
  const lines: string[] = [];
  const page = fs.readFileSync(html, 'utf8');
  const refs = [...page.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref)="([^"]+)"/g)].map((m) =>
    path.join(dist, m[1].replace(/^\//, '')),
  );
  const direct = refs.filter((f) => fs.existsSync(f));
  // What the browser fetches: the referenced files and whatever they import statically.
  const shellEntries = direct.filter((f) => f.endsWith('.js'));
  const firstLoad = new Set([html, ...direct, ...closure(shellEntries, false)]);
  const firstLoadGzip = [...firstLoad].reduce((sum, f) => sum + gzip(f), 0);
  const committed = JSON.parse(fs.readFileSync(FIRST_LOAD_FILE, 'utf8')) as { gzipKb: number };
  const grew = firstLoadGzip / 1024 > committed.gzipKb + 0.05;
  lines.push(
    `shell first load (index.html + ${firstLoad.size - 1} files): ${kb(firstLoadGzip)} gzip   committed ${committed.gzipKb.toFixed(1)} KB${grew ? ' (GREW: find what joined it, or update bench/first-load.json with the reason in the commit)' : ''}   target < ${kb(TARGET_FIRST_LOAD_GZIP)}: ${firstLoadGzip < TARGET_FIRST_LOAD_GZIP ? 'met' : 'MISSED'}`,
  );
  for (const f of firstLoad) lines.push(`    ${path.relative(dist, f).padEnd(44)} ${kb(gzip(f)).padStart(9)}`);

  const elementsDir = path.join(dist, 'elements');
  const queue = path.join(elementsDir, 'care-queue.js');
  if (!fs.existsSync(queue)) {
    lines.push('care-queue: dist/elements/care-queue.js not found');
    return lines;
  }
  const others = fs
    .readdirSync(elementsDir)
    .filter((f) => f.endsWith('.js') && f !== 'care-queue.js')
    .map((f) => path.join(elementsDir, f));
  const usedElsewhere = closure([...others, ...shellEntries], true);
  const queueChunks = closure([queue], true);
  const own = [...queueChunks].filter((f) => !usedElsewhere.has(f));
  const shared = [...queueChunks].filter((f) => usedElsewhere.has(f));
  const ownGzip = own.reduce((sum, f) => sum + gzip(f), 0);
  const sharedGzip = shared.reduce((sum, f) => sum + gzip(f), 0);
  lines.push(
    `care-queue own module (${own.map((f) => path.relative(dist, f)).join(', ')}): ${kb(ownGzip)} gzip   target < ${kb(TARGET_QUEUE_GZIP)}: ${ownGzip < TARGET_QUEUE_GZIP ? 'met' : 'MISSED'}`,
  );
  lines.push(`care-queue shared chunks it also loads (runtime, shared with the shell/other elements): ${kb(sharedGzip)} gzip`);
  for (const f of shared) lines.push(`    ${path.relative(dist, f).padEnd(44)} ${kb(gzip(f)).padStart(9)}`);
  lines.push(...recordPageSizes(dist, firstLoad));
  return lines;
}

/** A chunk that this share of the record pages loads is the record's kit (react-hook-form, the dialog ...), not one page's. */
/** The module the shell loads for /patients/{id}/...: header, left menu and the page's slot. */
const RECORD_FRAME = 'patient-record.component';
const RECORD_KIT_SHARE = 1 / 3;

/**
 * Each record page's own download when it is opened from the shell: its chunk
 * and what that chunk imports statically, less what the first load already
 * has, less the record frame (header and left menu: every page opens inside
 * it) and less the record's kit: the chunks a third of the pages share, which
 * the first record page opened loads once for all (frame and kit printed once, on their own).
 * The page modules are read from record-pages.ts, so a new section is measured without editing this.
 */
function recordPageSizes(dist: string, firstLoad: Set<string>): string[] {
  const source = fs.readFileSync(path.join(ROOT, 'widgets/patient-record/record-pages.ts'), 'utf8');
  const modules = new Set([...source.matchAll(/import\('\.\.\/[^']*\/([^'/]+)'\)/g)].map((m) => m[1]));
  const assets = fs.readdirSync(path.join(dist, 'assets'));
  const chunkOf = (name: string) => assets.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
  const frameChunk = chunkOf(RECORD_FRAME);
  if (!frameChunk) return [`record pages: no chunk for the record frame (${RECORD_FRAME})`];
  const frame = new Set([...closure([path.join(dist, 'assets', frameChunk)], false)].filter((f) => !firstLoad.has(f)));
  const pages = new Map<string, string[]>();
  const lines: string[] = [];
  for (const name of modules) {
    const chunk = chunkOf(name);
    if (chunk) pages.set(name, [...closure([path.join(dist, 'assets', chunk)], false)].filter((f) => !firstLoad.has(f) && !frame.has(f)));
    else lines.push(`    ${name}: no chunk of its own (bundled with another page)`);
  }
  const uses = new Map<string, number>();
  for (const files of pages.values()) for (const f of files) uses.set(f, (uses.get(f) ?? 0) + 1);
  const kit = new Set([...uses].filter(([, n]) => n >= pages.size * RECORD_KIT_SHARE).map(([f]) => f));
  const kitGzip = [...kit].reduce((sum, f) => sum + gzip(f), 0);
  lines.unshift(
    `record frame (${RECORD_FRAME} and what it imports beyond the first load; every record page opens inside it): ${kb([...frame].reduce((sum, f) => sum + gzip(f), 0))} gzip`,
    `record kit (chunks ${Math.ceil(pages.size * RECORD_KIT_SHARE)} or more of the ${pages.size} record pages load; the first page opened loads them once): ${kb(kitGzip)} gzip`,
    ...[...kit].map((f) => `    ${path.relative(dist, f).padEnd(44)} ${kb(gzip(f)).padStart(9)}`),
    'record pages (own chunks beyond the first load and the record kit):',
  );
  for (const [name, files] of pages) {
    const own = files.filter((f) => !kit.has(f));
    const size = own.reduce((sum, f) => sum + gzip(f), 0);
    lines.push(`    ${name.padEnd(40)} ${kb(size).padStart(9)} gzip (${own.length} files)   target < ${kb(TARGET_RECORD_PAGE_GZIP)}: ${size < TARGET_RECORD_PAGE_GZIP ? 'met' : 'MISSED'}`);
  }
  return lines;
}


// ---- main --------------------------------------------------------------

const probes = (r: Row) => r.runs.flatMap((x) => (x.probeMs === undefined ? [] : [x.probeMs]));

function table(rows: Row[]): string {
  const head = ['database', 'route', 'p50 ms', 'p99 ms', 'req/s', 'errors', 'server CPU', 'PG CPU', 'raw SQL p99', 'raw req/s', 'raw/route', 'probe ms'];
  // Per request, ms; PostgreSQL's only when it is the server's own (embedded).
  const cpu = (xs: (number | undefined)[]) => cpuMedian(xs)?.toFixed(2) ?? '-';
  const body = rows.map((r) => {
    const p99 = r.runs.map((x) => x.p99);
    const rps = r.runs.map((x) => x.rps);
    const rawP99 = r.raw.map((x) => x.p99);
    const rawRps = r.raw.map((x) => x.rps);
    return [
      r.database,
      r.route,
      median(r.runs.map((x) => x.p50)).toFixed(1),
      `${median(p99).toFixed(1)}${spread(p99)}`,
      `${Math.round(median(rps))}${spread(rps, 0)}`,
      String([...r.runs, ...r.raw].reduce((sum, x) => sum + x.errors, 0)),
      cpu(r.runs.map((x) => x.serverCpuMs)),
      cpu(r.database !== 'DATABASE_URL' ? r.runs.map((x) => x.databaseCpuMs) : []),
      r.raw.length ? `${median(rawP99).toFixed(1)}${spread(rawP99)}` : '-',
      r.raw.length ? `${Math.round(median(rawRps))}${spread(rawRps, 0)}` : '-',
      r.raw.length ? `${(median(rawRps) / median(rps)).toFixed(2)}x` : '-',
      probes(r).length ? median(probes(r)).toFixed(0) : '-',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/**
 * `--scale <size>` (issue 37 section 1): the read routes on the usual cluster and on one of `scale`'s size (each
 * cached in its own folder, seeded the first time), and how their CPU per call grows; nothing else runs.
 */
async function growthRun(scale: Scale): Promise<void> {
  const routes = ROUTES.filter((r) => !r.body && r.path !== LIVE_PATH);
  const at = (s: Scale, beforeStop?: Plan['beforeStop']) => {
    const dir = benchDir(s.patients);
    fs.mkdirSync(dir, { recursive: true });
    const count = (n: number) => n.toLocaleString('en-US');
    log(`${s.label}: embedded PostgreSQL (cached in ${path.relative(ROOT, dir)}/), ${count(s.patients)} patients, ${count(s.events)} medical events, ${count(s.children)} identity children`);
    return measure(s.label, { DATA_DIR: dir, DATABASE_URL: '', ...scaleEnv(s) }, { routes, concurrent: [], replays: false, beforeStop });
  };
  const base = await at(BASE_SCALE);
  const plans = new Map<string, string[]>();
  const scaled = await at(scale, async (rows, connectionString) => {
    for (const g of growthOf(base, rows).filter(over)) {
      const statements = rows.find((r) => r.route === g.route)!.statements;
      plans.set(g.route, await explainLines(connectionString, statements).catch((err: Error) => [`    (EXPLAIN failed: ${err.message})`]));
    }
  });
  console.log('');
  console.log(`CPU per call at ${BASE_SCALE.label} and ${scale.label} patients, ${CONNECTIONS} connections, ${SECONDS} s per route, median of ${RUNS} runs`);
  console.log(table([...base, ...scaled]));
  for (const g of growthOf(base, scaled)) {
    console.log(growthLine(g, BASE_SCALE, scale));
    for (const line of plans.get(g.route) ?? []) console.log(line);
  }
}

const SCALE = scaleFromArgs(process.argv.slice(2));
if (SCALE) {
  await growthRun(SCALE);
  process.exit(0);
}

const rows: Row[] = [];
const ticksBefore = cpuTicks();
const [loadBefore] = os.loadavg();
if (loadBefore > QUIET_LOAD) log(`WARNING: load average ${loadBefore.toFixed(2)} before the start (above ${QUIET_LOAD}): something else is using the machine, figures will be low`);
if (!ROUTES.length && !CONCURRENT.length) log(`BENCH_ONLY=${process.env.BENCH_ONLY} matches no route: no latency runs`);
else try {
  fs.mkdirSync(BENCH_DIR, { recursive: true });
  log(`embedded PostgreSQL (cached in ${path.relative(ROOT, BENCH_DIR)}/) with ${PATIENTS.toLocaleString('en-US')} patients in the first division`);
  rows.push(...(await measure('embedded', { DATA_DIR: BENCH_DIR, DATABASE_URL: '' })));
  if (process.env.DATABASE_URL) {
    const url = await benchDatabaseUrl(process.env.DATABASE_URL);
    log(`DATABASE_URL server, database ${BENCH_DB}`);
    rows.push(...(await measure('DATABASE_URL', { DATA_DIR: path.join(BENCH_DIR, 'external'), DATABASE_URL: url })));
  }
} catch (err) {
  console.error(`[bench] latency run failed: ${(err as Error).stack ?? err}`);
}

console.log('');
console.log(`Latency, ${CONNECTIONS} connections, ${SECONDS} s per route, median of ${RUNS} runs (spread in brackets); server CPU and PG CPU = ms of CPU time per request of the server process and of its embedded PostgreSQL; raw SQL = the route's statements alone through pg`);
for (const r of [...ROUTES, ...CONCURRENT]) console.log(`  ${r.label}: ${r.path}`);
console.log(table(rows));
const ticksAfter = cpuTicks();
const steal = (ticksAfter.steal - ticksBefore.steal) / Math.max(1, ticksAfter.all - ticksBefore.all);
console.log(`hypervisor steal during the runs: ${(100 * steal).toFixed(1)} % of CPU time${steal > QUIET_STEAL ? ' (WARNING: this machine shares its cores; figures are low)' : ''}`);
const allProbes = rows.flatMap(probes);
if (allProbes.length) {
  const [quickest, slowest] = [Math.min(...allProbes), Math.max(...allProbes)];
  console.log(`machine speed: a fixed piece of CPU work (speed probe, bench/cpu.ts) took ${quickest.toFixed(0)}-${slowest.toFixed(0)} ms before the runs (column 'probe ms')`);
  if (slowest / quickest > STEADY_PROBE) {
    console.log(`WARNING: the machine was up to ${Math.round(100 * (slowest / quickest - 1))} % slower in some runs than in others: compare figures measured at a similar probe only`);
  }
}
for (const r of rows.filter((x) => x.targetP99 !== undefined)) {
  const p99 = median(r.runs.map((x) => x.p99));
  console.log(`${r.database}: ${r.route} p99 ${p99.toFixed(1)} ms   target < ${r.targetP99} ms: ${p99 < r.targetP99! ? 'met' : 'MISSED'}`);
  if (r.raw.length) {
    const ratio = median(r.raw.map((x) => x.rps)) / median(r.runs.map((x) => x.rps));
    console.log(`${r.database}: ${r.route} raw SQL answers ${ratio.toFixed(2)}x the route's requests/s   target < ${TARGET_RAW_RATIO}x: ${ratio < TARGET_RAW_RATIO ? 'met' : 'MISSED'}`);
  }
}
// Issue 35 section 4: each FHIR call's CPU per call beside its closest JSON:API route, and how that differs when it does other work.
const cpuOf = (r: Row, key: 'serverCpuMs' | 'databaseCpuMs') => cpuMedian(r.runs.map((x) => x[key]));
const pathOf = (label: string) => ALL_ROUTES.find((x) => x.label === label)?.path;
for (const r of rows.filter((x) => x.twin)) {
  const twin = rows.find((x) => x.database === r.database && x.route === r.twin);
  const differs = ALL_ROUTES.find((x) => x.label === r.route)?.twinDiffers;
  const [server, twinServer] = [cpuOf(r, 'serverCpuMs'), twin && cpuOf(twin, 'serverCpuMs')];
  const ms = (x: number | undefined) => (x === undefined ? '-' : `${x.toFixed(2)} ms`);
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b ? `${(a / b).toFixed(1)}x` : '-');
  const pg = r.database === 'embedded' && twin ? `; PG CPU ${ms(cpuOf(r, 'databaseCpuMs'))} beside ${ms(cpuOf(twin, 'databaseCpuMs'))} (${ratio(cpuOf(r, 'databaseCpuMs'), cpuOf(twin, 'databaseCpuMs'))})` : '';
  console.log(
    `${r.database}: ${r.route} (${pathOf(r.route)}) server CPU ${ms(server)} per call beside the JSON:API ${r.twin} (${pathOf(r.twin!)}) ${twin ? ms(twinServer) : 'not measured'}: FHIR/JSON:API ${ratio(server, twinServer)}${pg}${differs ? ` (${differs})` : ''}`,
  );
}
// Issue 37 section 2: what the server adds to its SQL, against the bare handler doing the same reads in its process.
const bareCpu = (r: Row) => cpuMedian(r.bare.map((x) => x.serverCpuMs));
/**
 * What Fastify costs a call that does nothing (/api/live against node:http answering the same), per database:
 * a route's floor on this framework is its bare twin plus that; over the target, the target needs another framework.
 */
const frameworkMs = new Map<string, number>();
for (const live of rows.filter((x) => pathOf(x.route) === LIVE_PATH && x.bare.length)) {
  const [route, floor] = [cpuOf(live, 'serverCpuMs'), bareCpu(live)];
  if (route === undefined || floor === undefined) continue;
  frameworkMs.set(live.database, route - floor);
  console.log(`${live.database}: framework: ${live.route} ${route.toFixed(2)} ms against node:http answering the same ${floor.toFixed(2)} ms = ${(route - floor).toFixed(2)} ms per call`);
}
for (const r of rows.filter((x) => x.bare.length && pathOf(x.route) !== LIVE_PATH)) {
  const route = cpuOf(r, 'serverCpuMs');
  const floor = bareCpu(r);
  const errors = r.bare.reduce((sum, x) => sum + x.errors, 0);
  if (route === undefined || floor === undefined) continue;
  const ratio = route / floor;
  const framework = frameworkMs.get(r.database);
  const onFastify = framework === undefined ? '' : `; its floor on Fastify (bare + ${framework.toFixed(2)} ms, /api/live over node:http) = ${((floor + framework) / floor).toFixed(2)}x bare`;
  console.log(
    `${r.database}: overhead ${r.route}: ${route.toFixed(2)} / ${floor.toFixed(2)} ms = ${ratio.toFixed(2)}x bare (target ${TARGET_BARE_RATIO}x): ${ratio <= TARGET_BARE_RATIO ? 'met' : 'MISSED'}${onFastify}${errors ? ` (${errors} bare errors)` : ''}`,
  );
}
for (const g of growths) {
  console.log(`${g.database}: server memory growth during ${g.label} (${g.runs} done): ${g.growthMb.toFixed(1)} MB   target < ${g.targetGrowthMb} MB: ${g.growthMb < g.targetGrowthMb ? 'met' : 'MISSED'}`);
}
if (csvRowsSeen) console.log(`(each CSV export held ${csvRowsSeen.toLocaleString('en-US')} rows)`);
const importFile = path.join(BENCH_DIR, IMPORT_FIGURES);
if (fs.existsSync(importFile)) {
  const f = JSON.parse(fs.readFileSync(importFile, 'utf8')) as { children: number; rows: number; seconds: number; at: string };
  console.log(`identity import of a ${f.children.toLocaleString('en-US')}-child extract: ${f.rows.toLocaleString('en-US')} rows in ${f.seconds.toFixed(1)} s, ${Math.round(f.rows / f.seconds).toLocaleString('en-US')} rows/s (when this cluster was built, ${f.at})`);
}
console.log('');
// BENCH_ONLY=chat or BENCH_ONLY=paint runs that part alone.
if (!ONLY || ONLY.test('chat')) {
  for (const line of await chatLines()) console.log(line);
  console.log('');
}
if (!ONLY || ONLY.test('cluster')) {
  try {
    for (const line of await clusterLines()) console.log(line);
  } catch (err) {
    console.log(`several processes: failed (${(err as Error).message})`);
  }
  console.log('');
}
if (!ONLY || ONLY.test('paint')) {
  try {
    for (const line of await paintLines()) console.log(line);
  } catch (err) {
    console.log(`largest contentful paint: failed (${(err as Error).message})`);
  }
  console.log('');
}
if (!ONLY || ONLY.test('lighthouse')) {
  try {
    for (const line of await publicFormLines()) console.log(line);
  } catch (err) {
    console.log(`lighthouse: failed (${(err as Error).message})`);
  }
  console.log('');
}
try {
  for (const line of bundleSizes()) console.log(line);
} catch (err) {
  console.log(`bundle sizes: failed (${(err as Error).message})`);
}
