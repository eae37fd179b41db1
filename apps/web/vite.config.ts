import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The lazy pages a visit starts on (DESIGN "Budgets": `/login`, and `/dashboard` in its frame).
 * Their own dependencies go in one chunk per route instead of a chunk per combination of pages
 * that share them: a few larger files compress better than dozens of small ones.
 */
const FIRST_ROUTES = {
  'login-route': ['src/features/auth/pages/login-page.tsx'],
  'dashboard-route': [
    'src/app/layouts/framed-layout.tsx',
    'src/features/activities/pages/dashboard-page.tsx',
  ],
};

const firstRouteModules = new WeakMap<Rolldown.ChunkingContext, Map<string, Set<string>>>();

/** The modules `from` imports statically, directly or not, leaving out those in `known`. */
function staticImports(
  from: string[],
  ctx: Rolldown.ChunkingContext,
  known: ReadonlySet<string> = new Set(),
): Set<string> {
  const found = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    for (const imported of ctx.getModuleInfo(queue.pop() as string)?.importedIds ?? []) {
      if (found.has(imported) || known.has(imported)) continue;
      found.add(imported);
      queue.push(imported);
    }
  }
  return found;
}

/**
 * The first routes whose pages statically import `moduleId`: the pages themselves and what the
 * entry's graph reaches are left out (the entry's chunk has what of it is used; a route should
 * not carry, say, MUI's InputBase only because a barrel of the theme names it).
 */
function firstRoutesOf(moduleId: string, ctx: Rolldown.ChunkingContext): Set<string> | undefined {
  let routesOf = firstRouteModules.get(ctx);
  if (routesOf === undefined) {
    routesOf = new Map();
    const entryGraph = staticImports([path.join(here, 'src/main.tsx')], ctx);
    for (const [route, pages] of Object.entries(FIRST_ROUTES)) {
      const pageIds = pages.map((page) => path.join(here, page));
      for (const id of staticImports(pageIds, ctx, entryGraph)) {
        if (!pageIds.includes(id)) routesOf.set(id, (routesOf.get(id) ?? new Set()).add(route));
      }
    }
    firstRouteModules.set(ctx, routesOf);
  }
  return routesOf.get(moduleId);
}

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
          groups: [
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config/,
              priority: 3,
            },
            // Everything the entry loads, in one chunk.
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // What both first routes use (and so all it imports), then what each uses alone.
            {
              name: (id, ctx) => ((firstRoutesOf(id, ctx)?.size ?? 0) > 1 ? 'first-routes' : null),
              debugName: 'first routes',
              priority: 1,
            },
            {
              name: (id, ctx) => {
                const routes = firstRoutesOf(id, ctx);
                return routes?.size === 1 ? [...routes][0] : null;
              },
              debugName: 'first route',
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    // The API runs as its own process in development; in production the server serves dist/.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
