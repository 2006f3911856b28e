import { basename, dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type LogLevel, type Plugin, type ResolvedConfig } from 'vite';
import { REFERRAL_FIRST_SCREEN_MODULE } from '../shared/public-form-pages.ts';
import { trimShoelacePalette } from './shoelace-palette.ts';

/**
 * Issue 39 section 4: the module the server draws a referral link's first screen with
 * (widgets/ext/referral-first-screen.tsx), built for Node under the pages' own folder
 * (REFERRAL_FIRST_SCREEN_MODULE). That screen names the link's division and the visitor's step, so
 * it cannot be drawn at build as the other forms' are (first-screens.ts); the server imports this
 * and draws it per request with the live form's own components. A Vite SSR build of that entry,
 * rather than the build's own render step at run time, because the server must not need Vite: the
 * `?inline` styles become the strings the browser's build has, and nothing is compiled per request.
 * Every package is bundled in, where an SSR build usually leaves them to node_modules: the server
 * imports the module from wherever the pages are (the e2e suites build to a folder of their own,
 * with no node_modules beside it).
 */
export async function buildServerFirstScreens(root: string, outDir: string, logLevel: LogLevel = 'warn'): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel,
    plugins: [react(), trimShoelacePalette(root)],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    build: {
      ssr: resolve(root, 'widgets/ext/referral-first-screen.tsx'),
      outDir: resolve(outDir, dirname(REFERRAL_FIRST_SCREEN_MODULE)),
      emptyOutDir: true,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: basename(REFERRAL_FIRST_SCREEN_MODULE) } },
    },
  });
}

/** Builds it after the pages, into the same folder and as quietly (`vite build --outDir ... --logLevel ...` included). */
export function serverFirstScreens(root: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'careweave-server-first-screens',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await buildServerFirstScreens(root, config.build.outDir, config.logLevel);
    },
  };
}
