import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { precacheShell, SHELL_PAGE } from './src/sw/precache.ts';
import { WEB_MANIFEST } from './src/sw/web-manifest.ts';

const require = createRequire(import.meta.url);
/**
 * The Hunspell dictionaries' folders, so the spellcheck worker can import their .aff and .dic files
 * as asset URLs (the packages export only their Node entry point). Each becomes a file of its own,
 * fetched by the worker only for the language in use.
 */
const dictionaries = Object.fromEntries(
  ['en', 'en-gb', 'en-au', 'es', 'fr'].map((id) => [
    `@dictionaries/${id}`,
    path.dirname(require.resolve(`dictionary-${id}`)),
  ]),
);

const server = process.env.HEARTH_SERVER ?? 'http://localhost:8080';
const outDir = path.resolve(import.meta.dirname, 'dist');

// `npm run dev -w @hearth/web` serves the client with hot reload and forwards the API and live
// connection to a running server.
export default defineConfig({
  plugins: [
    react(),
    // Brotli (quality 11) and gzip (level 9) copies next to each hashed asset, made once per build
    // at the highest levels, so the server sends them as they are instead of compressing per request.
    // Hunspell dictionaries (.aff, .dic) are text and shrink to a quarter.
    // Only assets/ (whose names carry a content hash): index.html is a few hundred bytes and
    // changes with every build. Copies that would not be smaller are skipped by the plugin.
    compression({
      include: /(^|\/)assets\/.+\.(js|css|svg|json|aff|dic|wasm)$/,
      algorithms: ['brotliCompress', 'gzip'],
      threshold: 1024,
    }),
    // The web app manifest (linked from index.html by the plugin) and the service worker, built from
    // src/sw.ts with the list of files to precache put in. Registered by the app itself
    // (app/service-worker.ts) after the page has loaded: the CSP allows no inline script.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: { ...WEB_MANIFEST, icons: [...WEB_MANIFEST.icons] },
      // Precached besides the shell: the tab's icon and the manifest (a few hundred bytes each). The
      // PNG icons are for installing and for notifications, which need the network anyway.
      includeAssets: ['favicon.svg'],
      includeManifestIcons: false,
      injectManifest: {
        // A classic script: module service workers are not in every browser yet.
        rollupFormat: 'iife',
        globPatterns: [SHELL_PAGE, 'assets/*.{js,css}'],
        // Of those, the app shell only: index.html and what it names (see src/sw/precache.ts).
        manifestTransforms: [
          (entries) => ({ manifest: precacheShell(entries, readFileSync(path.join(outDir, SHELL_PAGE), 'utf8')) }),
        ],
      },
    }),
  ],
  resolve: { alias: dictionaries },
  build: {
    outDir,
    // Small files are inlined as data: URLs by default; the CSP's connect-src 'self' forbids
    // fetching those, so dictionaries always stay files.
    assetsInlineLimit: (file) => (/\.(aff|dic)$/.test(file) ? false : undefined),
  },
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': server,
      '/ws': { target: server.replace(/^http/, 'ws'), ws: true },
    },
  },
});
