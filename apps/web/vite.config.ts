import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'autoUpdate',
      // main.tsx registers through virtual:pwa-register: the CSP forbids inline scripts.
      injectRegister: null,
      injectManifest: {
        // The shell and the Latin Inter files; other scripts' subsets load on demand when online.
        // (inter-latin-* covers latin-ext too.)
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'assets/inter-latin-*.woff2'],
      },
      manifest: {
        name: 'Keep Kid Busy',
        short_name: 'KidBusy',
        description: 'Ideas for what to play with your children right now.',
        theme_color: '#2196F3',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  // The manifest lets `npm run bench` weigh exactly what the first route loads.
  build: {
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod's own chunk runs before any chunk that creates schemas; lib/zod-config.ts rides in
          // it so that zod is configured before the first schema exists (see that file).
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config/ }],
        },
      },
    },
  },
  server: {
    // The API runs as its own process in development; in production the server serves dist/.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
