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

/** One line per page: its scores and largest contentful paint against the targets. */
export function lighthouseLines(url: string): string[] {
  const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
  return PUBLIC_PAGES.map((page) => {
    const run = spawnSync(
      'npx',
      ['-y', LIGHTHOUSE, url + page, '--quiet', '--output=json', '--output-path=stdout', '--only-categories=performance,accessibility,best-practices', `--chrome-path=${chrome}`, '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
    );
    if (run.status !== 0) return `lighthouse ${page}: failed (${(run.stderr || run.error?.message || '').trim().split('\n').pop()})`;
    const report = JSON.parse(run.stdout) as Report;
    const performance = score(report, 'performance');
    const lcp = report.audits['largest-contentful-paint'].numericValue ?? NaN;
    const met = performance >= TARGET_PERFORMANCE && lcp < TARGET_LCP_MS;
    return `lighthouse ${page}: performance ${performance}, accessibility ${score(report, 'accessibility')}, best practices ${score(report, 'best-practices')}, LCP ${(lcp / 1000).toFixed(1)} s   target performance >= ${TARGET_PERFORMANCE} and LCP < ${TARGET_LCP_MS / 1000} s: ${met ? 'met' : 'MISSED'}`;
  });
}
