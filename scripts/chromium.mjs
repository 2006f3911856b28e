import { execSync } from 'node:child_process';
import fs from 'node:fs';

/** Finds Chromium for tests (CHROME_PATH or Debian's `chromium`); installs it when root, else says what to install. */
export function findChromium({ install = false } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  const which = () => {
    try {
      return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh', encoding: 'utf8' }).trim().split('\n')[0];
    } catch {
      return '';
    }
  };
  let found = which();
  if (found || !install) return found || null;
  if (process.getuid?.() === 0) {
    console.log('[test] Chromium not found: installing Debian\'s chromium package ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null', { stdio: 'inherit', shell: '/bin/sh' });
    found = which();
    if (found) return found;
  }
  console.error('[test] Chromium is required for the browser and end-to-end tests.');
  console.error('[test] Install it with:  sudo apt-get install -y chromium   (or set CHROME_PATH to a Chromium/Chrome binary)');
  process.exit(1);
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
