import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the shell and elements when dist/ is missing or older
 * than the sources, then runs the server in this process's place (signals are
 * passed on so the embedded PostgreSQL stops cleanly).
 */
const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['shell', 'widgets', 'shared'].map((d) => path.join(root, d)).filter(fs.existsSync);
const stale = !fs.existsSync(stamp) || Math.max(...sources.map(newestMtime)) > fs.statSync(stamp).mtimeMs;
if (stale) {
  console.log('[careweave] building the shell and elements ...');
  // Vite lists every chunk (about 100 lines) before the URL and the logins: keep that for a failed build.
  const started = Date.now();
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    process.exit(build.status ?? 1);
  }
  const modules = /(\d+) modules transformed/.exec(build.stdout)?.[1] ?? '?';
  const chunks = (build.stdout.match(/^dist\//gm) ?? []).length;
  console.log(`[careweave] built ${modules} modules into ${chunks} files in dist/ (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
