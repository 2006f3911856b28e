import { spawnSync } from 'node:child_process';

/**
 * Issue 39 section 4: the public forms on a slow phone, as Lighthouse's mobile
 * defaults measure them (simulated slow 4G, the CPU 4x slower). Lighthouse
 * 12.2.3 is the last that runs on Node 20; it is fetched by npx when the
 * bench runs, not installed with the product.
 */
export const LIGHTHOUSE = 'lighthouse@12.2.3';
export const PUBLIC_PAGES = ['/cit', '/hwc', '/ext/demo-referral', '/support', '/b2w?vendorCode=DEMO-B2W', '/login'];
export const TARGET_PERFORMANCE = 90;
export const TARGET_LCP_MS = 2500;

interface Report {
  categories: Record<'performance' | 'accessibility' | 'best-practices', { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

const score = (report: Report, category: keyof Report['categories']) => Math.round((report.categories[category].score ?? 0) * 100);

/** One Lighthouse run of a page, or why it failed. */
function audit(url: string, chrome: string): Report | string {
  const run = spawnSync(
    'npx',
    ['-y', LIGHTHOUSE, url, '--quiet', '--output=json', '--output-path=stdout', '--only-categories=performance,accessibility,best-practices', `--chrome-path=${chrome}`, '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
  );
  return run.status === 0 ? (JSON.parse(run.stdout) as Report) : (run.stderr || run.error?.message || '').trim().split('\n').pop() || 'no output';
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One line per page: the median of `runs` runs of its performance score, largest contentful paint and
 * total blocking time (Lighthouse's simulation varies by several points between runs), against the targets.
 */
export function lighthouseLines(url: string, runs = 3): string[] {
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  return PUBLIC_PAGES.map((page) => {
    const reports: Report[] = [];
    for (let i = 0; i < runs; i++) {
      const report = audit(url + page, chrome);
      if (typeof report === 'string') return `lighthouse ${page}: failed (${report})`;
      reports.push(report);
    }
    const performance = middle(reports.map((r) => score(r, 'performance')));
    const lcp = middle(reports.map((r) => r.audits['largest-contentful-paint'].numericValue ?? NaN));
    const tbt = middle(reports.map((r) => r.audits['total-blocking-time'].numericValue ?? NaN));
    const fcp = middle(reports.map((r) => r.audits['first-contentful-paint'].numericValue ?? NaN));
    const met = performance >= TARGET_PERFORMANCE && lcp < TARGET_LCP_MS;
    return `lighthouse ${page}: performance ${performance} (runs ${reports.map((r) => score(r, 'performance')).join(', ')}), accessibility ${score(reports[0], 'accessibility')}, best practices ${score(reports[0], 'best-practices')}, FCP ${(fcp / 1000).toFixed(1)} s, LCP ${(lcp / 1000).toFixed(1)} s, TBT ${Math.round(tbt)} ms   target performance >= ${TARGET_PERFORMANCE} and LCP < ${TARGET_LCP_MS / 1000} s: ${met ? 'met' : 'MISSED'}`;
  });
}
