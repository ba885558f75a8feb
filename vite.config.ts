/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPaint } from './web/scripts/firstPaint.js';
import { precompress } from './web/scripts/precompress.js';
import { classNamesIn, unusedUtilities } from './web/scripts/unusedUtilities.js';

// The Flask backend (`amora serve`) listens here; the dev server and `vite preview`
// forward the API, the WebSocket and uploaded media to it.
const backend = 'http://127.0.0.1:8000';
const proxy = {
  '/api': { target: backend, changeOrigin: false },
  '/media': { target: backend, changeOrigin: false },
  '/ws': { target: backend.replace('http', 'ws'), ws: true },
};

// The build's version, for the push service worker's URL (/sw.js?v=…): a new build
// makes the browser fetch and install the new worker.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const buildVersion = `${version}-${Date.now().toString(36)}`;

const MEMBER_PARTS = /[\\/]web[\\/]src[\\/](features[\\/](discovery|likes)[\\/]|shared[\\/]ui[\\/]PageHeader|features[\\/]profile[\\/]catalogStore)/;
// Screens, loaders and lazily shown modals keep their own chunks. UnlockConfirm (issue
// 36.5) shows react-bootstrap's Modal: inside the group it put Modal and its five helper
// chunks (some 14 KB) among the files /members waits for; it comes with PhotoGallery now.
const OWN_CHUNKS = /(Page|Loader|LikeGate|LikeModal|MatchModal|Slot|PhotoGallery|UnlockConfirm)\.tsx?$/;
const STYLES = /\.scss($|\?)/;
// Small modules that nearly every member screen imports (forms' alerts, the activation
// notice and its resend, the own profile's API and its nudge's loader, push, the
// navigation's badges), and the signup's parts that the landing and the member screens
// share: each was its own file of 1-3 KB, and
// /members waited for a dozen of them (over HTTP/1.1, six at a time) before it could show.
// Issue 35.5 moved several of them to shared/ (push, the catalogs, the members' and the
// realtime basics, the slots, the signup's open state and policy): the patterns follow, else
// each is a file of its own again (/members waited for some 15 more files, issue 36.5).
const MEMBER_SHELL =
  /[\\/]web[\\/]src[\\/](shared[\\/](ui[\\/](alerts|PhotoNudge|form|slot|LoginPrompt)|api[\\/]upload|activation[\\/](index|[Rr]esendActivation)|push[\\/](index|pushStore|pushApi|buildVersion)|catalogs[\\/](index|catalogsApi|catalogStore|useRegions)|members[\\/](members|matchStore)|realtime[\\/]socket|counters[\\/]counterBadge|shield)|features[\\/](account[\\/]index|profile[\\/](index|profileLogic|profileApi|ProfileTextNudgeSlot)|navigation[\\/]badges))\.tsx?$/;
const SIGNUP_SHARED = /[\\/]web[\\/]src[\\/](features|shared)[\\/]signup[\\/](index|signupOpen|policy)\.ts$/;

// The build leaves out Bootstrap's utility classes that no source names (see the plugin).
const utilityPurge = () =>
  unusedUtilities(
    classNamesIn(['web/src', 'web/index.html', 'node_modules/react-bootstrap/esm'].map((path) => fileURLToPath(new URL(`./${path}`, import.meta.url)))),
  );

export default defineConfig(({ command }) => ({
  define: { __BUILD_VERSION__: JSON.stringify(buildVersion) },
  root: fileURLToPath(new URL('./web', import.meta.url)),
  publicDir: 'public',
  // Keep Vite's and vitest's caches with the dependencies, not inside web/.
  cacheDir: fileURLToPath(new URL('./node_modules/.vite', import.meta.url)),
  plugins: [react(), precompress(), firstPaint(fileURLToPath(new URL('./web/src/locales', import.meta.url)))],
  // React Router's package exports name only its development build (with its dev warnings)
  // for every condition (remix-run/react-router#12532, "intended to be temporary"); the
  // release takes the production build beside it (issue 36.5: the initial JS of "/").
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks a screen and a catalog need, for the server's
    // modulepreload links in index.html (adapters/http/web_app.py).
    manifest: true,
    assetsInlineLimit: 4096,
    rolldownOptions: {
      output: {
        // What the first page needs (the entry's static imports) comes in two files: the
        // libraries (they change rarely, so they stay cached across releases) and the app,
        // instead of a dozen small shared chunks: each is one more request before the first
        // paint, and over HTTP/1.1 the browser opens only six connections at a time.
        // Everything loaded later (screens, modals, catalogs) keeps the automatic splitting,
        // except for groups of small pieces that the most opened screens wait for.
        codeSplitting: {
          // A group takes the modules its test names, not everything they import.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
            // What every date-fns locale shares (otherwise two more files per language).
            { name: 'date-locale', test: /[\\/]date-fns[\\/]locale[\\/](_lib|en-US)[\\/]/, priority: 1 },
            // The member search's parts (cards, like buttons, filters, their stores and API)
            // in one file instead of a dozen; screens, loaders and lazily shown modals stay
            // apart, so each keeps its own chunk and manifest entry.
            // Their sheets (discovery.scss, likes.scss) stay with the screens that import them.
            { name: 'members', test: (id: string) => MEMBER_PARTS.test(id) && !OWN_CHUNKS.test(id) && !STYLES.test(id), priority: 0 },
            { name: 'member-shell', test: MEMBER_SHELL, priority: 0 },
            { name: 'signup-shared', test: SIGNUP_SHARED, priority: 0 },
          ],
        },
      },
    },
  },
  css: {
    postcss: { plugins: command === 'build' ? [utilityPurge()] : [] },
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3's Sass still uses @import and global functions; keep the build log
        // readable. Our own files use the module system.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
}));
