import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Preloads the Latin subset of Inter (the one English text needs) with the page, rather than once
 * the stylesheet has been read; the other subsets load only for text that needs them.
 */
function preloadLatinFont(): Plugin {
  return {
    name: 'kkb-preload-latin-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((file) =>
          /assets\/inter-latin-wght-[^/]*\.woff2$/.test(file),
        );
        if (font === undefined) throw new Error('no Latin Inter file in the build');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${font}`,
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadLatinFont(),
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
