import { defineConfig } from 'vite';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { REACT_ON_PREACT } from './preact-alias.ts';
import { allManifests } from './src/manifest/manifests.ts';
import { markOnFirstUse } from './src/sw-cache-plan.ts';

/**
 * The modules whose chunks (with everything they import) the shell holds beside the entry: what the app
 * opens on — the login screen for a first visit, the signed-in shell and the home tab with their English
 * words for every later start — and the update prompt, which registers the service worker.
 */
const SHELL_MODULES = [
  /[\\/]src[\\/]features[\\/]auth[\\/]login-screen\.tsx$/,
  /[\\/]src[\\/]app[\\/](update-prompt|shell-routes|shell-layout|tabs-layout)\.tsx$/,
  /[\\/]src[\\/]features[\\/]home[\\/]home-screen\.tsx$/,
  /[\\/]src[\\/]lib[\\/]signed-in[\\/]tractor-texts\.ts$/,
  /[\\/]src[\\/]locales[\\/]tractor[\\/]en\.json$/,
];
/**
 * Reads the shell's files off the bundle's import graph (issue 19 item 3): the service worker precaches
 * them and caches everything else on first use (src/sw-cache-plan.ts). It also preloads the login
 * screen's chunk from index.html: fetched beside the framework instead of one round trip after it
 * (≈ 0.5 s on a 400 ms link), for the 3 KB a signed-in start, served by the service worker, does not use.
 */
function shellPlan(): { plugin: Plugin; isShell: (url: string) => boolean } {
  const files = new Set<string>();
  const chunksOf = (bundle: Rollup.OutputBundle) => Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  /** A chunk and every chunk it imports statically, with their CSS. */
  const closure = (chunk: Rollup.OutputChunk, byFile: Map<string, Rollup.OutputChunk>, into: Set<string>) => {
    if (into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const file of chunk.imports) {
      const dep = byFile.get(file);
      if (dep) closure(dep, byFile, into);
    }
  };
  const plugin: Plugin = {
    name: 'tractorlink-shell-plan',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      files.clear();
      for (const chunk of chunks)
        if ((chunk.isEntry && !isPublicPage(chunk)) || SHELL_MODULES.some((m) => m.test(chunk.facadeModuleId ?? ''))) closure(chunk, byFile, files);
      if (![...files].some((f) => f.includes('login-screen'))) this.error('the login screen chunk was not found: update SHELL_MODULES');
      // One manifest per language (src/manifest/manifests.ts); the app links the owner's.
      for (const [fileName, source] of Object.entries(allManifests())) this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        // The shared bill and live pages (issue 17) are not the app: nothing of the login path there.
        if (!ctx.bundle || PUBLIC_PAGES.has(ctx.path.replace(/^\//, ''))) return html;
        const chunks = chunksOf(ctx.bundle);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const login = chunks.find((c) => SHELL_MODULES[0]?.test(c.facadeModuleId ?? ''));
        if (!login) return html;
        const needed = new Set<string>();
        closure(login, byFile, needed);
        const preload = [...needed].filter((f) => f.endsWith('.js') && !html.includes(f));
        const tags: HtmlTagDescriptor[] = preload.map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` },
          injectTo: 'head',
        }));
        return { html, tags };
      },
    },
  };
  // Files outside assets/ (index.html, the splash's logo, the reminders' alarm) have no
  // hash in their name to tell versions apart: they are always precached, with their revision.
  return { plugin, isShell: (url) => !url.startsWith('assets/') || files.has(url) };
}

const shell = shellPlan();

/**
 * The customer's pages (issue 17): a shared bill and a tractor's live position, each an entry of its
 * own with no app shell, router or react-query (≤ 60 KB gzipped JS); served at /bill.html and /live.html.
 */
const PUBLIC_PAGES = new Set(['bill.html', 'live.html']);
function isPublicPage(chunk: Rollup.OutputChunk): boolean {
  // An HTML entry's chunk has the page itself as its facade.
  return /[\\/]src[\\/]public-pages[\\/]|[\\/](bill|live)\.html$/.test(chunk.facadeModuleId ?? '');
}

// The app is served by the API server at `/` (or under any path: base './'), so every URL is relative.
export default defineConfig({
  base: './',
  resolve: { alias: REACT_ON_PREACT },
  plugins: [
    react(),
    shell.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered from the bundle with workbox-window (CSP forbids inline scripts).
      injectRegister: false,
      // The manifests, icons and screenshots are the browser's to fetch (install dialog, notifications),
      // online; the app needs none of them offline.
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,wav}'],
        // The customer's shared pages (issue 17) come from the server each time, never kept (an
        // unhashed page kept across versions would name scripts the next version no longer has).
        globIgnores: ['bill.html', 'live.html'],
        manifestTransforms: [(entries) => ({ manifest: markOnFirstUse(entries, shell.isShell) })],
      },
      // Written by tractorlink-shell-plan instead, one per language, and linked by the app (app/manifest-link.ts).
      manifest: false,
    }),
  ],
  build: {
    target: 'es2022',
    // Only the login path is loaded up front; the rest comes with each route.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: 'index.html', bill: 'bill.html', live: 'live.html' },
      output: {
        // Few, larger chunks on the login path: each extra request costs more than it saves on 2G.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/, priority: 20 },
            // Shared app code used from the first screen on. react-query's client, lib/signed-in
            // (tractor helpers) and lib/outbox (writes kept offline) stay out: they serve signed-in screens only.
            {
              name: 'app',
              test: (id: string) =>
                /[\\/]src[\\/](components[\\/]ui|lib|hooks|config)[\\/]/.test(id) &&
                !id.includes('query-client') &&
                !/[\\/]lib[\\/](signed-in|outbox)[\\/]/.test(id),
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
