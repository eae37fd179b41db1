// After `vite build`: renders the sign-in page (src/prerender.tsx) into a copy of the built
// index.html, dist/login.html, which the server sends for `/` and `/login` to a browser that holds
// no sign-in. Its form paints before the scripts load; they hydrate it.
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
const { renderSignedOut } = await import(pathToFileURL(path.join(outDir, 'prerender.js')).href);
const { html, styleTags } = await renderSignedOut('http://localhost/login');

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const page = shell
  .replace('</head>', `${styleTags}</head>`)
  .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
if (page === shell || !page.includes(html)) throw new Error('index.html has no <div id="root">');
fs.writeFileSync(path.join(dist, 'login.html'), page);
console.info(`prerendered dist/login.html (${(page.length / 1024).toFixed(1)} KB)`);
// The rendered app leaves timers behind (its query cache's clean-up), which would keep the build
// waiting for minutes.
window.close();
process.exit(0);
