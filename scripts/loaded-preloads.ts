import type { Plugin } from 'vite';

/**
 * Beside each dynamic import (a lazy route, a lazy widget) Vite writes the
 * chunks to preload with it, and that list also names chunks already loaded
 * when the import runs: those the importing chunk imports statically (React,
 * the API client, the kit), and for a chunk of the shell's first load, the
 * whole first load. Preloading them again does nothing, yet their names sat
 * in the shell's first load (0.9 KB gzip). The plugin records, just before
 * Vite writes the lists, what each chunk can count on being loaded: what it
 * imports statically all the way down, and what every entry that loads it
 * statically loads. `resolveDependencies` leaves that out. A list is only a
 * hint, so a chunk also reached some other way loses no more than a preload.
 */
export function skipLoadedPreloads() {
  const loadedBefore = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'careweave-skip-loaded-preloads',
    generateBundle: {
      order: 'pre',
      handler(_, bundle) {
        const closures = new Map<string, Set<string>>();
        const closure = (file: string): Set<string> => {
          let seen = closures.get(file);
          if (seen) return seen;
          seen = new Set();
          closures.set(file, seen);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) for (const f of [imported, ...closure(imported)]) seen.add(f);
          return seen;
        };
        const entries = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.isEntry ? [new Set([c.fileName, ...closure(c.fileName)])] : []));
        loadedBefore.clear();
        for (const file of Object.keys(bundle)) {
          const loadedBy = entries.filter((entry) => entry.has(file));
          const everyEntry = loadedBy.length ? [...loadedBy[0]].filter((f) => loadedBy.every((entry) => entry.has(f))) : [];
          loadedBefore.set(file, new Set([...closure(file), ...everyEntry]));
        }
      },
    },
  };
  const resolveDependencies = (_url: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' }) =>
    hostType === 'js' ? deps.filter((dep) => !loadedBefore.get(hostId)?.has(dep)) : deps;
  return { plugin, resolveDependencies };
}
