/**
 * `npm run extract:demo -- --children 2000 --out <folder> [--seed 1]`
 *
 * Writes a synthetic identity extract (server/identity/demo-extract.ts) that
 * `npm run import -- <folder>` loads; the same seed and count give the same files.
 */
import { parseArgs } from 'node:util';
import { writeDemoExtract } from './demo-extract';

const USAGE = 'Usage: npm run extract:demo -- --children <count> --out <folder> [--seed <number>]';

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { children: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (err) {
    return fail((err as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const children = Number(values.children);
if (!Number.isInteger(children) || children < 1 || children > 1_000_000) fail('--children must be a whole number from 1 to 1,000,000');
if (!values.out) fail('--out names the folder to write');
const seed = values.seed === undefined ? 1 : Number(values.seed);
if (!Number.isInteger(seed)) fail('--seed must be a whole number');

const started = performance.now();
const counts = await writeDemoExtract({ children, seed, out: values.out });
for (const [source, n] of Object.entries(counts)) console.log(`[extract] ${source}.csv: ${n.toLocaleString('en-US')} rows`);
console.log(`[extract] Wrote ${values.out} in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${seed}).`);
