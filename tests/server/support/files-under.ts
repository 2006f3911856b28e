import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Every file under `dir` whose name `accept`s, leaving out node_modules, screenshots and dot folders (the guards' walk over a tree). */
export function filesUnder(dir: string, accept: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'screenshots' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, accept);
    return accept(entry.name) ? [full] : [];
  });
}
