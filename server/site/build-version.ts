import fs from 'node:fs';
import path from 'node:path';

/**
 * `GET /version.json` (spec 000 section 7 "Versions"): the build's version
 * (package.json's) and the git commit it was built from. Nothing else: no
 * path, host, branch or setting.
 *
 * `vite build` writes the pair into the build (dist/version.json, the plugin
 * in vite.config.ts), so a dist copied without its repository still says what
 * it is. Without a build record (tests, a server run from source) the server
 * reads package.json and the repository's HEAD when it starts. Git is never
 * run: HEAD and its ref are read from the .git files (a worktree's `.git`
 * file and packed refs included), and with no repository the commit is
 * 'unknown'.
 */
export interface BuildVersion {
  version: string;
  commit: string;
}

export const UNKNOWN_COMMIT = 'unknown';
/** The build record's file name in the build directory (served only by the route, never as a static file). */
export const VERSION_FILE = 'version.json';

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** A semver-like version: digits, letters, dots, dashes and plus, short. */
const VERSION = /^[0-9A-Za-z.+-]{1,40}$/;

const readText = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The commit checked out in the repository at `root`, read from its .git files; null without one. */
export function gitCommit(root: string): string | null {
  let gitDir = path.join(root, '.git');
  let stat: fs.Stats;
  try {
    stat = fs.statSync(gitDir);
  } catch {
    return null;
  }
  if (stat.isFile()) {
    // A worktree or submodule: `.git` is a file naming the real git directory.
    const target = /^gitdir:\s*(.+)$/m.exec(readText(gitDir) ?? '')?.[1]?.trim();
    if (!target) return null;
    gitDir = path.resolve(root, target);
  }
  const head = readText(path.join(gitDir, 'HEAD'))?.trim();
  if (!head) return null;
  if (SHA.test(head)) return head;
  const ref = /^ref:\s*(refs\/\S+)$/.exec(head)?.[1];
  if (!ref || ref.split('/').includes('..')) return null;
  // A worktree keeps its branches in the main repository's directory (`commondir`).
  const common = readText(path.join(gitDir, 'commondir'))?.trim();
  const dirs = [gitDir, ...(common ? [path.resolve(gitDir, common)] : [])];
  for (const dir of dirs) {
    const loose = readText(path.join(dir, ref))?.trim();
    if (loose && SHA.test(loose)) return loose;
  }
  for (const dir of dirs) {
    for (const line of (readText(path.join(dir, 'packed-refs')) ?? '').split('\n')) {
      const [sha, name] = line.trim().split(/\s+/);
      if (name === ref && SHA.test(sha ?? '')) return sha!;
    }
  }
  return null;
}

/** package.json's version at `root`, or '0.0.0' when it cannot be read. */
export function packageVersion(root: string): string {
  try {
    const version = (JSON.parse(readText(path.join(root, 'package.json')) ?? '{}') as { version?: unknown }).version;
    return typeof version === 'string' && VERSION.test(version) ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** What the build at `root` is, as the build step records it. */
export const versionFromSource = (root: string): BuildVersion => ({ version: packageVersion(root), commit: gitCommit(root) ?? UNKNOWN_COMMIT });

/** The build's own record (dist/version.json), when present and well formed. */
export function recordedVersion(distDir: string): BuildVersion | null {
  try {
    const parsed = JSON.parse(readText(path.join(distDir, VERSION_FILE)) ?? 'null') as Partial<BuildVersion> | null;
    if (!parsed || typeof parsed.version !== 'string' || !VERSION.test(parsed.version)) return null;
    if (typeof parsed.commit !== 'string' || !(SHA.test(parsed.commit) || parsed.commit === UNKNOWN_COMMIT)) return null;
    return { version: parsed.version, commit: parsed.commit };
  } catch {
    return null;
  }
}

/** The running build: the build's record in `distDir`, else the sources at `root` (read once, at start). */
export const buildVersion = (root: string, distDir: string): BuildVersion => recordedVersion(distDir) ?? versionFromSource(root);
