import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The app is served by the API server at `/` (or under any path: base './'), so every URL is relative.
export default defineConfig({
  base: './',
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered from the bundle with workbox-window (CSP forbids inline scripts).
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest,wav}'],
      },
      manifest: {
        // A stable identity: the installed app stays the same app if start_url ever changes.
        id: './',
        name: 'TractorLink',
        short_name: 'TractorLink',
        description: 'See your connected tractors: location, usage, diesel and alerts, even with a weak signal.',
        lang: 'en',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1b5e20',
        background_color: '#ffffff',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the home-screen icon goes straight to what an owner opens most.
        shortcuts: [
          { name: 'Home', url: './#/tabs/home', icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Alerts', url: './#/alert', icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          { name: 'Locate me', url: './#/locate-me', icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
        ],
      },
    }),
  ],
  build: {
    target: 'es2022',
    // Only the login path is loaded up front; the rest comes with each route.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Few, larger chunks on the login path: each extra request costs more than it saves on 2G.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/, priority: 20 },
            // Shared app code used from the first screen on. react-query's client and lib/signed-in
            // (tractor helpers) stay out: they serve signed-in screens only.
            {
              name: 'app',
              test: (id: string) =>
                /[\\/]src[\\/](components[\\/]ui|lib|hooks|config)[\\/]/.test(id) && !id.includes('query-client') && !/[\\/]lib[\\/]signed-in[\\/]/.test(id),
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
