// After `vite build`: renders the sign-in page (src/prerender.tsx) into a copy of the built
// index.html, dist/login.html, which the server sends for `/` and `/login` to a browser that holds
// no sign-in. Its form paints before the scripts load; they hydrate it. Then puts the signed-in
// dashboard's styles, compiled, into dist/index.html itself (every other page starts from it), and
// tells the service worker's precache of the changed file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { JSDOM } from 'jsdom';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const outDir = path.join(web, 'node_modules/.prerender');

await build({
  root: web,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, target: 'node24' },
});
// Emotion decides once, as it loads, whether it runs in a browser: loaded before the window below
// exists, it collects the styles for the page instead of writing them into a document.
await Promise.all(
  ['@emotion/cache', '@emotion/react', '@emotion/styled', '@emotion/utils'].map((m) => import(m)),
);
// The app reads the browser (cookies, storage, connectivity) as a signed-out visitor's would be.
const { window } = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
  url: 'http://localhost/login',
});
for (const name of [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
]) {
  Object.defineProperty(globalThis, name, { value: window[name], configurable: true });
}
const { renderSignedOut, renderDashboardStyles } = await import(
  pathToFileURL(path.join(outDir, 'prerender.js')).href
);
const { html, styleTags } = await renderSignedOut('http://localhost/login');

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const page = shell
  .replace('</head>', `${styleTags}</head>`)
  .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
if (page === shell || !page.includes(html)) throw new Error('index.html has no <div id="root">');
fs.writeFileSync(path.join(dist, 'login.html'), page);
console.info(`prerendered dist/login.html (${(page.length / 1024).toFixed(1)} KB)`);

const { BUILT_IN_ACTIVITIES } = await import('@kkb/core/catalogue');
const dashboardStyles = await renderDashboardStyles(BUILT_IN_ACTIVITIES);
const styledShell = shell.replace('</head>', `${dashboardStyles}</head>`);
fs.writeFileSync(path.join(dist, 'index.html'), styledShell);
// The service worker precaches index.html under the revision (an MD5) of what vite built.
const md5 = (text) => crypto.createHash('md5').update(text).digest('hex');
const swPath = path.join(dist, 'sw.js');
const sw = fs.readFileSync(swPath, 'utf8');
const entry = (text) => `"revision":"${md5(text)}","url":"index.html"`;
if (!sw.includes(entry(shell))) throw new Error('sw.js does not precache the built index.html');
fs.writeFileSync(swPath, sw.replace(entry(shell), entry(styledShell)));
console.info(
  `put the dashboard's styles in dist/index.html (${(dashboardStyles.length / 1024).toFixed(1)} KB)`,
);
// The rendered app leaves timers behind (its query cache's clean-up), which would keep the build
// waiting for minutes.
window.close();
process.exit(0);
