import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { offlinePrecache } from './scripts/offline-precache.ts';
import { firstScreenPages } from './scripts/first-screen-pages.ts';
import { serverFirstScreens } from './scripts/server-first-screens.ts';
import { firstPaint } from './scripts/first-paint.ts';
import { skipLoadedPreloads } from './scripts/loaded-preloads.ts';
import { trimShoelacePalette } from './scripts/shoelace-palette.ts';
import { VERSION_FILE, versionFromSource } from './server/site/build-version.ts';

const here = import.meta.dirname;

/** widgets/queue/queue.element.ts → care-queue: each element is its own entry an embedder loads alone. */
const elementEntries: Record<string, string> = {};
for (const area of readdirSync(resolve(here, 'widgets'), { withFileTypes: true })) {
  if (!area.isDirectory()) continue;
  for (const file of readdirSync(resolve(here, 'widgets', area.name))) {
    if (file.endsWith('.element.ts')) elementEntries[`care-${file.slice(0, -'.element.ts'.length)}`] = resolve(here, 'widgets', area.name, file);
  }
}

const shellHtml = resolve(here, 'shell/index.html');
// Issue 39 section 4: the public forms' own entry (shell/public-main.tsx), which the server sends for their pages.
const publicHtml = resolve(here, 'shell/public.html');

/** dist/version.json: package.json's version and the commit built (GET /version.json answers it; server/site/build-version.ts). */
const versionRecord = (): Plugin => ({
  name: 'careweave-version-record',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: VERSION_FILE, source: `${JSON.stringify(versionFromSource(here))}\n` });
  },
});
const preloads = skipLoadedPreloads();
const precache = offlinePrecache();

/**
 * Issue 39: the public forms' service worker (shell/offline/sw.ts, Workbox), built to dist/sw.js
 * with the precache list injected, and the web app manifest. The shell registers it on a public form only.
 */
const offline = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'offline',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    name: 'Careweave public forms',
    short_name: 'Careweave',
    description: 'Crisis contact sheets, Handle with Care notices, referrals and support requests, also with no connection.',
    start_url: '/cit',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0369a1',
    icons: [{ src: '/careweave-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,woff2}'],
    manifestTransforms: [precache.keep],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
});

/**
 * Issue 39 section 4: every text file also as .br and .gz beside it, which the server sends as they are
 * (@fastify/static preCompressed): a slow phone downloads a quarter of the bytes and the server compresses nothing
 * per request. The service worker is left out: vite-plugin-pwa writes its precache list into it afterwards.
 */
const compressed = compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|webmanifest)$/, exclude: /(^|\/)sw\.js$/, threshold: 1024, logLevel: 'silent' });

export default defineConfig({
  root: resolve(here, 'shell'),
  base: '/',
  plugins: [react(), firstPaint(resolve(here, 'shell/public/careweave-icon.svg')), trimShoelacePalette(here), preloads.plugin, versionRecord(), precache.plugin, firstScreenPages(here), serverFirstScreens(here), offline, compressed],
  resolve: {
    alias: { 'use-sync-external-store/shim/index.js': resolve(here, 'shared/widget/sync-external-store.ts') },
  },
  // Without it `process.env` reaches the browser and both React builds ship (TOOLCHAIN.md).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: resolve(here, 'dist'),
    emptyOutDir: true,
    // Every browser the product supports preloads modules itself (Chrome 66, Firefox 115, Safari 17): the polyfill was dead weight in the first load.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      input: { ...(existsSync(shellHtml) ? { shell: shellHtml, public: publicHtml } : {}), ...elementEntries },
      // Elements keep fixed URLs (/elements/care-queue.js) for embedders; everything else is hashed and shared.
      preserveEntrySignatures: 'exports-only',
      output: {
        minify: true,
        entryFileNames: (chunk) => (chunk.name in elementEntries ? 'elements/[name].js' : 'assets/[name]-[hash].js'),
        chunkFileNames: 'assets/[name]-[hash].js',
      },
    },
  },
});
