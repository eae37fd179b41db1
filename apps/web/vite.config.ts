import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { icons as notoEmoji } from '@iconify-json/noto';
import { PICTURE_ICONS } from '@kkb/core/activities/pictures';
import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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
    // What app/start.tsx asks the dashboard's answers with, as the page's chunk loads.
    'src/features/activities/api/prefetch-dashboard.ts',
  ],
};

interface FirstRouteModules {
  /** The first routes whose pages import a module statically. */
  routesOf: Map<string, Set<string>>;
  /** What each first route's pages fetch after their first paint (their dynamic imports). */
  later: Map<string, Set<string>>;
  /** What the shell fetches after any page's first paint (banners, alerts...), pages aside. */
  shellLater: Set<string>;
}

const firstRouteModules = new WeakMap<Rolldown.ChunkingContext, FirstRouteModules>();
const shellModules = new WeakMap<Rolldown.ChunkingContext, Set<string>>();

/**
 * Modules whose imports the walk below does not follow: MUI's styles barrel re-exports its
 * high-contrast helper, which imports the classes (and so the components) of every input. The app
 * never calls it and tree-shaking drops it, but walked, it would put InputBase in the shell.
 */
const UNUSED_BARREL_MEMBERS = /@mui[\\/]material[\\/]styles[\\/]enhanceHighContrast/;

/** The modules `from` imports, directly or not, leaving out those in `known`. */
function imports(
  from: Iterable<string>,
  ctx: Rolldown.ChunkingContext,
  {
    known = new Set<string>(),
    dynamic = false,
  }: { known?: ReadonlySet<string>; dynamic?: boolean } = {},
): Set<string> {
  const found = new Set<string>();
  const queue = [...from];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (UNUSED_BARREL_MEMBERS.test(id)) continue;
    const info = ctx.getModuleInfo(id);
    const next = [
      ...(info?.importedIds ?? []),
      ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []),
    ];
    for (const imported of next) {
      if (found.has(imported) || known.has(imported)) continue;
      found.add(imported);
      queue.push(imported);
    }
  }
  return found;
}

/**
 * What every page loads before its own chunk: app/start.tsx's static imports. The entry
 * (main.tsx) loads it after the prerendered sign-in page has painted, so it is not in the entry's
 * chunk; what the entry itself imports stays there.
 */
function shellGraph(ctx: Rolldown.ChunkingContext): Set<string> {
  let shell = shellModules.get(ctx);
  if (shell === undefined) {
    const start = path.join(here, 'src/app/start.tsx');
    const entry = imports([path.join(here, 'src/main.tsx')], ctx);
    shell = imports([start], ctx, { known: entry });
    shellModules.set(ctx, shell);
  }
  return shell;
}

/**
 * Which first routes' pages import each module statically, and what they fetch later. The pages
 * themselves and what the entry and the shell reach are left out (their chunks have what of it is
 * used; a route should not carry, say, MUI's InputBase only because a barrel of the theme names it).
 */
function firstRouteGraph(ctx: Rolldown.ChunkingContext): FirstRouteModules {
  let graph = firstRouteModules.get(ctx);
  if (graph === undefined) {
    const entryGraph = new Set([
      ...imports([path.join(here, 'src/main.tsx')], ctx),
      ...shellGraph(ctx),
    ]);
    // The router's dynamic imports are the pages themselves, fetched when visited, and
    // app/start.tsx's are a first route's own (the dashboard's prefetch).
    const pageImporters = new Set(
      ['src/app/router.tsx', 'src/app/start.tsx'].map((file) => path.join(here, file)),
    );
    const shellLazy = [...shellGraph(ctx)]
      .filter((id) => !pageImporters.has(id))
      .flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
    graph = {
      routesOf: new Map(),
      later: new Map(),
      shellLater: new Set([
        ...shellLazy,
        ...imports(shellLazy, ctx, { known: entryGraph, dynamic: true }),
      ]),
    };
    for (const [route, pages] of Object.entries(FIRST_ROUTES)) {
      const pageIds = pages.map((page) => path.join(here, page));
      const now = imports(pageIds, ctx, { known: entryGraph });
      for (const id of [...now, ...pageIds]) {
        graph.routesOf.set(id, (graph.routesOf.get(id) ?? new Set()).add(route));
      }
      const lazy = [...now, ...pageIds].flatMap(
        (id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      );
      graph.later.set(route, imports(lazy, ctx, { known: entryGraph, dynamic: true }));
      for (const id of lazy) graph.later.get(route)?.add(id);
    }
    firstRouteModules.set(ctx, graph);
  }
  return graph;
}

/**
 * The chunk of a module only first routes import: `first-routes` for what both use; for what one
 * uses, `<route>-shared` when the other route (or the shell, on every page) fetches it after its
 * first paint (the other would otherwise load this route's whole chunk then), else `<route>`.
 */
function firstRouteChunk(moduleId: string, ctx: Rolldown.ChunkingContext): string | null {
  const { routesOf, later, shellLater } = firstRouteGraph(ctx);
  const routes = routesOf.get(moduleId);
  if (routes === undefined) return null;
  if (routes.size > 1) return 'first-routes';
  const [route] = routes as Set<string> & [string];
  const laterElsewhere =
    shellLater.has(moduleId) ||
    [...later].some(([other, ids]) => other !== route && ids.has(moduleId));
  return laterElsewhere ? `${route}-shared` : route;
}

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

/**
 * A Noto Emoji as an SVG file. Iconify's JSON of the set holds each emoji's drawing and box; an
 * alias only names another emoji (the set flips or rotates none), so the file is the box around it.
 */
function notoEmojiSvg(name: string): string {
  let drawn = name;
  for (let alias = notoEmoji.aliases?.[drawn]; alias; alias = notoEmoji.aliases?.[drawn]) {
    drawn = alias.parent;
  }
  const emoji = notoEmoji.icons[drawn];
  if (emoji === undefined) throw new Error(`Noto Emoji has no "${name}"`);
  const { left = 0, top = 0 } = emoji;
  const width = emoji.width ?? notoEmoji.width ?? 16;
  const height = emoji.height ?? notoEmoji.height ?? 16;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${left} ${top} ${width} ${height}">${emoji.body}</svg>`;
}

/**
 * The activities' pictures (core's PICTURES) as `/pictures/<name>.svg`, one small file each: a
 * page fetches only those it shows, and none of them is in its scripts.
 */
function pictureFiles(): Plugin {
  const path = (name: string) => `pictures/${name}.svg`;
  return {
    name: 'kkb-picture-files',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = /^\/pictures\/([a-z0-9-]+)\.svg$/.exec(request.url ?? '')?.[1];
        if (name === undefined || !(PICTURE_ICONS as readonly string[]).includes(name)) {
          next();
          return;
        }
        response.setHeader('Content-Type', 'image/svg+xml');
        response.end(notoEmojiSvg(name));
      });
    },
    generateBundle() {
      for (const name of PICTURE_ICONS) {
        this.emitFile({ type: 'asset', fileName: path(name), source: notoEmojiSvg(name) });
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    // React Compiler: components and their JSX memoized, so that an answer changing one part of a
    // page (a fetch starting, the unread count) re-renders that part, not the frame around it.
    babel({ presets: [reactCompilerPreset()] }),
    preloadLatinFont(),
    pictureFiles(),
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
          // zod and its configuration (lib/zod-config.ts) in one chunk, loaded by the first chunk
          // that creates schemas (none on the first routes).
          groups: [
            // Vite's helper for dynamic imports, which the entry needs: in the shell's chunk (the
            // shell uses it too) it made the entry import the whole shell before the prerendered
            // sign-in page could paint.
            {
              name: 'preload-helper',
              test: /vite[\\/]preload-helper/,
              priority: 4,
            },
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config/,
              priority: 3,
            },
            // Everything app/start.tsx loads, in one chunk; what the entry imports too stays in
            // the entry's (lib/early-refresh.ts), or the entry would wait for the whole shell.
            {
              name: (id, ctx) => (shellGraph(ctx).has(id) ? 'shell' : null),
              debugName: 'shell',
              priority: 2,
              includeDependenciesRecursively: false,
            },
            // The rest of TanStack's React hooks (useMutation...) beside it: a first route's chunk
            // would otherwise take them, and a later chunk that signs out would load that chunk.
            {
              name: 'query-hooks',
              test: /node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
              priority: 2,
            },
            // What both first routes use and what the other one fetches later go first (and so
            // take what they import), then what each uses alone.
            {
              name: (id, ctx) => {
                const chunk = firstRouteChunk(id, ctx);
                return chunk === 'first-routes' || chunk?.endsWith('-shared') ? chunk : null;
              },
              debugName: 'first routes, shared',
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: (id, ctx) => {
                const chunk = firstRouteChunk(id, ctx);
                return chunk === 'first-routes' || chunk?.endsWith('-shared') ? null : chunk;
              },
              debugName: 'first route',
              priority: 0,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  resolve: {
    // Every `from 'zod'` (the app's and core's) gets the configured zod (see lib/zod-config.ts).
    alias: [
      { find: /^zod$/, replacement: path.join(here, 'src/lib/zod-config.ts') },
      // Only MUI's styles import it by this name; the app's plain themes never call it.
      {
        find: /^\.\/createThemeWithVars\.mjs$/,
        replacement: path.join(here, 'src/app/no-css-variables-theme.ts'),
      },
    ],
  },
  server: {
    // The API runs as its own process in development; in production the server serves dist/.
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
