// `npm run bench`: checks DESIGN's budgets and writes bench/RESULTS.md.
// - start-up to first answer on SQLite (< 1.5 s)
// - on SQLite and on PostgreSQL (TEST_DATABASE_URL or BENCH_DATABASE_URL; skipped without), with
//   BENCH_FAMILIES families (200) seeded through the API and every load rotating over them:
//   warm recommendations, recommendations right after a write of the same family (nothing
//   cached; in the compact form a device holding the catalogue asks for) and the dashboard's mix,
//   each as a ratio to a constant-JSON route of the same run
// - the catalogue a device keeps: as served (brotli) and as received (JSON), and the
//   recommendations answer in both forms
// - Lighthouse (mobile, default throttling) in the system Chromium (CHROMIUM_PATH, else
//   /usr/bin/chromium), against the build served by the real server: /login on a first visit,
//   /dashboard signed in on a first visit (nothing stored), and a returning parent (service worker
//   and stored data) on /dashboard, /browse, /activity/{id} and /ai-planner (issue 30)
// - `device`: a returning parent's browser, in the same Chromium: the catalogue as IndexedDB
//   stores it, and the time from an offline reload of /dashboard to six suggestions on screen
// - JavaScript + CSS of the first route (/login, and /dashboard signed in) as served: the
//   brotli and gzip files the build wrote
// - the server's peak memory (RSS) while ten clients at once each save a maximal animation, and
//   while ten send animation bodies past the limit
// Everything runs against 127.0.0.1 only, with bounded durations (BENCH_DURATION s per load).
// Browser globals, for the functions puppeteer runs in the page.
/* global document, indexedDB, MutationObserver, requestAnimationFrame, window */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue.js';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import puppeteer from 'puppeteer-core';
import {
  MAX_ANIMATION_BODY_BYTES,
  MAX_ANIMATION_FRAMES,
  MAX_FRAME_BYTES,
} from '../packages/core/src/animation/schema.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 200);
const CONNECTIONS = 50;
/** Families seeded at once: each costs two password hashes, which saturate the cores anyway. */
const SEED_BATCH = 8;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/**
 * BENCH_ONLY=api,catalogue,lighthouse,device,weight,memory (any of them) measures a part while
 * working on it, and BENCH_DATABASES=sqlite,postgres (either) the API on one database; only a run
 * of everything writes bench/RESULTS.md.
 */
const listOf = (name, all) => {
  const chosen = new Set((process.env[name] ?? all.join(',')).split(',').map((p) => p.trim()));
  const unknown = [...chosen].find((item) => !all.includes(item));
  if (unknown) throw new Error(`${name}: unknown ${unknown} (${all.join(', ')})`);
  return chosen;
};
const PARTS = ['api', 'catalogue', 'lighthouse', 'device', 'weight', 'memory'];
const ONLY = listOf('BENCH_ONLY', PARTS);
const DATABASES = ['sqlite', 'postgres'];
const ON = listOf('BENCH_DATABASES', DATABASES);
const FULL_RUN =
  PARTS.every((part) => ONLY.has(part)) && DATABASES.every((database) => ON.has(database));
/** What the dashboard asks for on a first visit with the default filters. */
const RECOMMENDATIONS = '/api/v1/recommendations?timeAvailable=30&location=both';
/** The same, from a device that holds the catalogue (issue 30). */
const COMPACT_RECOMMENDATIONS = `${RECOMMENDATIONS}&view=compact`;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A throw-away PostgreSQL database beside the one in `url`, dropped by `drop()`. */
async function createPgDatabase(url) {
  const name = `kkb_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function startServer({ databaseUrl = '' } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-bench-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', path.join(root, 'apps/server/src/main.ts')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEATHER_PROVIDER: 'fixed',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        // The seeded families sign up from addresses of their own (X-Forwarded-For), as real
        // families do; from one address the sign-up limit would stop at ten.
        TRUST_PROXY: '127.0.0.1',
        WEB_DIST_DIR: dist,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start within 30 s');
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = performance.now() - started;
  return {
    base,
    startupMs,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json(base, method, url, { body, token, ip } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...(ip && { 'x-forwarded-for': ip }),
    },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} -> ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

const PASSWORD = 'correct horse battery staple';
const CITIES = ['Springfield', 'Shelbyville', 'Ogdenville', 'North Haverbrook', 'Capital City'];

/**
 * One family as the sign-up flow makes it: an account, a city, one to three children of
 * different ages, signed in.
 */
async function seedFamily(base, i, runId) {
  const email = `bench-${runId}-${i}@example.com`;
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  await json(base, 'POST', '/api/v1/auth/register', {
    body: { name: `Bench Family ${i}`, email, password: PASSWORD },
    ip,
  });
  const { access_token: token } = await json(base, 'POST', '/api/v1/auth/login', {
    body: { email, password: PASSWORD },
    ip,
  });
  await json(base, 'PUT', '/api/v1/profile', {
    body: { location: { city: CITIES[i % CITIES.length] } },
    token,
  });
  for (let c = 0; c <= i % 3; c += 1) {
    await json(base, 'POST', '/api/v1/profile/children', {
      body: { name: `Child ${c}`, age: 2 + ((i + 4 * c) % 11) },
      token,
    });
  }
  return { email, token, favourite: false };
}

async function seedFamilies(base, count) {
  const runId = crypto.randomBytes(3).toString('hex');
  const started = performance.now();
  const families = [];
  for (let i = 0; i < count; i += SEED_BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + SEED_BATCH); j += 1) {
      batch.push(seedFamily(base, j, runId));
    }
    families.push(...(await Promise.all(batch)));
  }
  const { activities } = await json(base, 'GET', '/api/v1/activities?limit=1', {
    token: families[0].token,
  });
  return { families, activityId: activities[0].id, seedMs: performance.now() - started };
}

// autocannon keeps every answer's body as a string (`body += chunk`). For compressed bytes that
// decoding costs the load generator, on the same two cores as the server, more CPU than the
// server spends answering, so the figures would measure the client. No check here reads a body:
// none is kept (bytes are still counted).
PipelinedRequestsQueue.prototype.addBody = () => {};

/** What a phone's browser sends: answers over 1 KB come back compressed, as they do to parents. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

function load(base, requests, duration = DURATION_S) {
  return new Promise((resolve, reject) => {
    const options = {
      url: base,
      connections: CONNECTIONS,
      duration,
      requests,
      headers: BROWSER_HEADERS,
    };
    autocannon(options, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx > 0 || result.errors > 0) {
        reject(new Error(`${requests[0].path}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      } else resolve(result);
    });
  });
}

/** Each connection takes the next family in turn, so the load spreads over all of them. */
function rotating(families) {
  let next = 0;
  return (context) => {
    context.family = families[next % families.length];
    next += 1;
    return context.family;
  };
}

const authorized = (req, family) => {
  req.headers.authorization = `Bearer ${family.token}`;
  return req;
};

async function measureApi(base, { families, activityId }) {
  // The constant route: the configured sign-in methods, no database work. A first pass warms the
  // server's code paths (JIT), so the reference is not measured cold.
  const constantRequests = [{ method: 'GET', path: '/api/v1/auth/providers' }];
  await load(base, constantRequests, 1);
  const constant = await load(base, constantRequests);

  // Every family asked once, so the warm load finds each one's answer cached (as a parent
  // coming back to the dashboard within the cache's life does).
  for (const family of families) {
    await json(base, 'GET', RECOMMENDATIONS, { token: family.token });
  }
  const pickWarm = rotating(families);
  const warm = await load(base, [
    {
      method: 'GET',
      path: RECOMMENDATIONS,
      setupRequest: (req, context) => authorized(req, pickWarm(context)),
    },
  ]);

  // A write (favourite on, then off) before every read of the same family: the family's data
  // version moves, so no read is answered from the cache. The read is the compact form, which a
  // device holding the catalogue asks for (it ranks on its own first, and the server confirms).
  const pickWriter = rotating(families);
  let reads = 0;
  const afterWrite = await load(base, [
    {
      path: `/api/v1/user-activities/${activityId}/favorite`,
      setupRequest: (req, context) => {
        const family = pickWriter(context);
        req.method = family.favourite ? 'DELETE' : 'PUT';
        family.favourite = !family.favourite;
        return authorized(req, family);
      },
    },
    {
      method: 'GET',
      path: COMPACT_RECOMMENDATIONS,
      setupRequest: (req, context) => authorized(req, context.family),
      onResponse: () => {
        reads += 1;
      },
    },
  ]);
  const afterWriteReadsPerS = reads / DURATION_S;

  // The dashboard's own requests for one family, then the next family.
  const pickDashboard = rotating(families);
  const dashboard = await load(base, [
    {
      method: 'GET',
      path: RECOMMENDATIONS,
      setupRequest: (req, context) => authorized(req, pickDashboard(context)),
    },
    ...['/api/v1/weather?units=metric', '/api/v1/stats', '/api/v1/achievements'].map((p) => ({
      method: 'GET',
      path: p,
      setupRequest: (req, context) => authorized(req, context.family),
    })),
  ]);
  return { constant, warm, afterWrite, afterWriteReadsPerS, dashboard };
}

/** Clients sending at once in the memory measurement. */
const MEMORY_CLIENTS = 10;
const MB = 1024 * 1024;

/** The server's resident memory now and at its peak since the last reset, from Linux's /proc. */
function residentMemory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)[1]) * 1024;
  return { now: field('VmRSS'), peak: field('VmHWM') };
}

/** The server's RSS before `work` and its peak while it ran (the peak is reset first). */
async function peakMemoryDuring(pid, work) {
  const before = residentMemory(pid).now;
  // Writing 5 to clear_refs resets the peak (VmHWM) to the present RSS.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  await work();
  return { before, peak: residentMemory(pid).peak };
}

/** A frame of exactly the size limit that the server takes for a PNG (the signature, then noise). */
function maximalFrame() {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, crypto.randomBytes(MAX_FRAME_BYTES - signature.length)]);
}

/**
 * Sends `body` with node:http, chunked (no declared length, so the server must count what
 * arrives), and resolves with the status of the answer. It first sends one byte more than the
 * server's limit and waits for the answer: a server that closes a refused request's connection
 * with bytes of it still unread resets it, and the answer would be lost. Only a server that
 * keeps reading gets the rest.
 */
function sendChunked(base, url, headers, body, limit) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, {
      method: 'POST',
      headers: { ...headers, 'transfer-encoding': 'chunked' },
    });
    let answered = false;
    let heard;
    const answer = new Promise((resolveAnswer) => {
      heard = resolveAnswer;
    });
    request.on('response', (response) => {
      answered = true;
      heard();
      response.resume();
      response.on('end', () => request.destroy());
      resolve(response.statusCode);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const CHUNK = 64 * 1024;
    const write = async (from, to) => {
      for (let offset = from; offset < to && !answered; offset += CHUNK) {
        const chunk = body.subarray(offset, Math.min(offset + CHUNK, to));
        if (!request.write(chunk)) await new Promise((r) => request.once('drain', r));
      }
    };
    (async () => {
      await write(0, limit + 1);
      await Promise.race([answer, new Promise((r) => setTimeout(r, 5000))]);
      if (answered) return;
      await write(limit + 1, body.length);
      request.end();
    })().catch(reject);
  });
}

/**
 * One client saving an animation of the most frames, each at the size limit, as the studio does:
 * each frame's PNG uploaded on its own, one after another, then the animation naming them.
 */
async function saveMaximalAnimation(base, token, frame) {
  const frames = [];
  for (let i = 0; i < MAX_ANIMATION_FRAMES; i += 1) {
    const res = await fetch(`${base}/api/v1/animations/frame-uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      body: frame,
    });
    if (res.status !== 201) throw new Error(`a frame upload answered ${res.status}`);
    frames.push({ id: `f${i}`, uploadId: (await res.json()).uploadId });
  }
  await json(base, 'POST', '/api/v1/animations', {
    body: { title: 'Bench', fps: 12, loop: true, frames },
    token,
  });
}

/**
 * One client sending what a maximal save was before frames travelled on their own: every frame
 * as base64 inside the JSON, about 21 MB, which must be refused (413).
 */
async function sendInlineAnimation(base, token, frame) {
  const body = JSON.stringify({
    title: 'Bench',
    fps: 12,
    loop: true,
    frames: Array.from({ length: MAX_ANIMATION_FRAMES }, (_, i) => ({
      id: `f${i}`,
      png: frame.toString('base64'),
    })),
  });
  const status = await sendChunked(
    base,
    '/api/v1/animations',
    { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    Buffer.from(body),
    MAX_ANIMATION_BODY_BYTES,
  );
  if (status !== 413) throw new Error(`a ${body.length}-byte animation body answered ${status}`);
  return body.length;
}

/**
 * Peak memory of a fresh server (SQLite) while MEMORY_CLIENTS signed-in clients, each of its own
 * family, run `work(base, token)` at once.
 */
async function measureMemory(work) {
  const server = await startServer();
  try {
    const runId = crypto.randomBytes(3).toString('hex');
    const families = await Promise.all(
      Array.from({ length: MEMORY_CLIENTS }, (_, i) => seedFamily(server.base, i, runId)),
    );
    return await peakMemoryDuring(server.pid, () =>
      Promise.all(families.map((family) => work(server.base, family.token))),
    );
  } finally {
    await server.stop();
  }
}

const memoryLine = ({ before, peak }) =>
  `${(peak / MB).toFixed(0)} MB (${(before / MB).toFixed(0)} MB before)`;

async function benchMemory() {
  const frame = maximalFrame();
  const saves = await measureMemory((base, token) => saveMaximalAnimation(base, token, frame));
  check(
    `Peak RSS under ${MEMORY_CLIENTS} concurrent maximal animation saves (each ${MAX_ANIMATION_FRAMES} frame uploads of ${MAX_FRAME_BYTES / 1024} KB, then the JSON)`,
    memoryLine(saves),
    'reported',
    true,
  );
  let bodyBytes = 0;
  const refused = await measureMemory(async (base, token) => {
    bodyBytes = await sendInlineAnimation(base, token, frame);
  });
  check(
    `Peak RSS under ${MEMORY_CLIENTS} concurrent animation JSON bodies past the ${MAX_ANIMATION_BODY_BYTES / MB} MB limit (a ${(bodyBytes / MB).toFixed(0)} MB save with frames inline, sent chunked), each refused with 413`,
    memoryLine(refused),
    'reported',
    true,
  );
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** An answer's bytes as sent (not decoded), and its JSON once decoded. */
function rawGet(base, url, headers) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${base}${url}`, { headers: { ...BROWSER_HEADERS, ...headers } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const sent = Buffer.concat(chunks);
          if (res.statusCode !== 200) {
            reject(new Error(`GET ${url} -> ${res.statusCode}`));
            return;
          }
          const encoding = res.headers['content-encoding'];
          const json =
            encoding === 'br'
              ? zlib.brotliDecompressSync(sent)
              : encoding === 'gzip'
                ? zlib.gunzipSync(sent)
                : sent;
          resolve({ sent, encoding, json, ms: performance.now() - started });
        });
      })
      .on('error', reject);
  });
}

/**
 * The catalogue a device keeps (GET /catalogue, then the built-in part it names) as served and as
 * stored, and the recommendations answer in its full and compact forms. The first request for the
 * built-in part after start-up waits for its compression (made once per process).
 */
async function measureCatalogue(base, family) {
  const auth = { authorization: `Bearer ${family.token}` };
  const familyPart = await rawGet(base, '/api/v1/catalogue', auth);
  const { builtIn } = JSON.parse(familyPart.json.toString());
  const firstBuiltIn = await rawGet(base, builtIn.url, {});
  const builtInPart = await rawGet(base, builtIn.url, {});
  if (builtInPart.encoding !== 'br')
    throw new Error('the built-in catalogue is not sent in brotli');
  check(
    'Catalogue as served (brotli): built-in part, once per catalogue version; family part',
    `${kb(builtInPart.sent.length)}; ${kb(familyPart.sent.length)} (a family with no own activities)`,
    'reported',
    true,
  );
  check(
    'Catalogue as received (decoded JSON; as stored on a device: see `device`): built-in part; family part',
    `${kb(builtInPart.json.length)}; ${kb(familyPart.json.length)}`,
    'reported',
    true,
  );
  check(
    'Built-in catalogue: first answer after start-up (compressed then, once); later answers',
    `${firstBuiltIn.ms.toFixed(0)} ms; ${builtInPart.ms.toFixed(0)} ms`,
    'reported',
    true,
  );
  const full = await rawGet(base, RECOMMENDATIONS, auth);
  const compact = await rawGet(base, COMPACT_RECOMMENDATIONS, auth);
  check(
    'Recommendations answer, full and compact form: as served (brotli); as JSON',
    `${kb(full.sent.length)} and ${kb(compact.sent.length)}; ${kb(full.json.length)} and ${kb(compact.json.length)}`,
    'reported',
    true,
  );
}

/**
 * The manifest key of a named chunk (`_<name>-<hash>.js`, the hash of 8 characters), for chunks
 * that are no module's. Exactly that name: `dashboard-route` must not find
 * `_dashboard-route-shared-<hash>.js`, which the manifest may list first.
 */
function chunkKey(manifest, name) {
  const pattern = new RegExp(`^_${name}-[\\w-]{8}\\.js$`);
  return Object.keys(manifest).find((key) => pattern.test(key));
}

/**
 * The JavaScript and CSS a browser loads to show a route: the entry with its static imports and
 * CSS, then each lazy chunk the route renders (with theirs), from Vite's manifest. Weighed as the
 * server sends them: the build's .br (or .gz) beside each file, the file itself when it has none.
 */
function routeWeight(manifest, lazyChunks) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key] ?? manifest[chunkKey(manifest, key)];
    if (!chunk) throw new Error(`no ${key} in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  for (const key of lazyChunks) visit(key);
  const served = (file, ext) => {
    const full = path.join(dist, file);
    return fs.existsSync(`${full}${ext}`)
      ? fs.statSync(`${full}${ext}`).size
      : fs.statSync(full).size;
  };
  let brotli = 0;
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    brotli += served(file, '.br');
    gzip += served(file, '.gz');
    raw += fs.statSync(path.join(dist, file)).size;
  }
  return { files: [...files], brotli, gzip, raw };
}

function buildWeb() {
  const build = spawnSync('npm', ['run', 'build', '-w', '@kkb/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('web build failed');
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
/**
 * Lighthouse runs per page; the median run (by performance score) is reported. Five, because a
 * signed-in dashboard's score moves by about ten points from run to run on the same build. Set
 * BENCH_LIGHTHOUSE_DIR to keep every run's full report there.
 */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

/**
 * The catalogue as the page's IndexedDB holds it (`kkb-offline`, store `catalogue`: the family's
 * part under `family`, naming its built-in part, kept under `built-in:<version>`; see
 * apps/web/src/lib/device-catalogue.ts): the JSON length of each part, or null while it holds
 * none. Read without creating the database, as e2e/tests/local-first.spec.ts does.
 */
function storedCatalogue(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('kkb-offline');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('catalogue')) {
            db.close();
            resolve(null);
            return;
          }
          const store = db.transaction('catalogue').objectStore('catalogue');
          const family = store.get('family');
          family.onerror = () => reject(family.error);
          family.onsuccess = () => {
            const part = family.result;
            if (part === undefined) {
              db.close();
              resolve(null);
              return;
            }
            const builtIn = store.get(`built-in:${part.builtInVersion}`);
            builtIn.onerror = () => reject(builtIn.error);
            builtIn.onsuccess = () => {
              db.close();
              resolve(
                builtIn.result === undefined
                  ? null
                  : {
                      builtIn: JSON.stringify(builtIn.result).length,
                      family: JSON.stringify(part).length,
                    },
              );
            };
          };
        };
      }),
  );
}

/** The stored catalogue once the page has stored it (it fetches it once it has settled). */
async function waitForStoredCatalogue(page, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const stored = await storedCatalogue(page);
    if (stored !== null) return stored;
    if (Date.now() > deadline) {
      throw new Error(`${page.url()} stored no catalogue within ${timeout / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Signs the browser in with the cookies a sign-in leaves (the httpOnly refresh cookie and the
 * readable session marker). For a returning parent, also opens the page once, waits until the
 * device has stored the catalogue, and opens it again once its service worker is in control, so
 * that the worker holds the app and the page has stored the catalogue and its answers
 * (IndexedDB), as on a phone that has opened the app before; then closes it.
 */
async function prepareBrowser(port, url, refreshToken, returning) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const { hostname } = new URL(url);
    const cookie = { domain: hostname, sameSite: 'Strict', secure: false };
    await browser.setCookie(
      {
        ...cookie,
        name: 'kkb_refresh',
        value: refreshToken,
        path: '/api/v1/auth',
        httpOnly: true,
      },
      { ...cookie, name: 'kkb_session', value: '1', path: '/' },
    );
    if (!returning) return;
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'networkidle0' });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await waitForStoredCatalogue(page);
    await page.reload({ waitUntil: 'networkidle0' });
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
      throw new Error(`no service worker controls ${url} on a second visit`);
    }
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run of `url` in a fresh Chromium profile (nothing cached, no service worker;
 * `returning`: after a first visit, see prepareBrowser). For a signed-in page, `signIn` gives a
 * new refresh token for the browser's cookies; Lighthouse then must not clear the origin's
 * storage, or it would sign the parent out before loading.
 */
async function lighthouseRun(url, signIn, returning = false) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (signIn) await prepareBrowser(chrome.port, url, await signIn(), returning);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: !!signIn },
      {
        extends: 'lighthouse:default',
        settings: { onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      },
    );
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      const name = `${new URL(url).pathname.slice(1).replaceAll('/', '-') || 'root'}-${Date.now()}.json`;
      fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, name), result.report);
    }
    const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
    return {
      finalUrl: finalDisplayedUrl,
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      lcpMs: audits['largest-contentful-paint'].numericValue,
      fcpMs: audits['first-contentful-paint'].numericValue,
      tbtMs: audits['total-blocking-time'].numericValue,
      // Lighthouse's measure of this machine's CPU at the time (a quiet laptop: about 1,500+).
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      failing: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse's own failures to record a trace, after which it asks to be run again. */
const TRACE_NOT_RECORDED = /\((NO_NAVSTART|NO_TRACING_STARTED)\)$/;

/** One run, again once if Lighthouse could not record its trace (a page's failure is not). */
async function lighthouseRunOrRetry(url, signIn, returning) {
  try {
    return await lighthouseRun(url, signIn, returning);
  } catch (error) {
    if (!TRACE_NOT_RECORDED.test(error.message)) throw error;
    console.warn(`${error.message}: running it again`);
    return lighthouseRun(url, signIn, returning);
  }
}

let browserSignIns = 0;
/**
 * A function giving a new refresh token of `family` for a browser's cookies. Each sign-in comes
 * from an address of its own (10.254.x.y, beside the seeded families' 10.0.x.y): the runs sign in
 * more often than the server's limit of sign-in attempts from one address allows.
 */
const signInAs = (base, family) => async () => {
  const n = browserSignIns;
  browserSignIns += 1;
  const tokens = await json(base, 'POST', '/api/v1/auth/login', {
    body: { email: family.email, password: PASSWORD },
    ip: `10.254.${(n >> 8) & 255}.${n & 255}`,
  });
  return tokens.refresh_token;
};

/** DESIGN's first-visit budget (/login): performance, accessibility, best practices; LCP. */
const FIRST_VISIT_BUDGET = {
  scores: '>= 95, 100, 100',
  scoresOk: (m) => m.performance >= 95 && m.accessibility === 100 && m.bestPractices === 100,
  lcp: '< 1.5 s',
  lcpOk: (m) => m.lcpMs < 1500,
};
/**
 * Issue 30's budget for a returning parent: performance and accessibility (best practices are
 * reported); LCP.
 */
const RETURNING_BUDGET = {
  scores: '>= 95, 100, reported',
  scoresOk: (m) => m.performance >= 95 && m.accessibility === 100,
  lcp: '<= 1.5 s',
  lcpOk: (m) => m.lcpMs <= 1500,
};
/**
 * A signed-in dashboard's first visit with nothing stored: reported, no worse than before issue 30
 * (bench/RESULTS.md of 2026-11-28: performance 79, LCP 3.55 s).
 */
const FIRST_DASHBOARD_BUDGET = {
  scores: 'reported (was 79, 100, 100)',
  scoresOk: () => true,
  lcp: 'reported (was 3.55 s)',
  lcpOk: () => true,
};
const RETURNING = 'signed in, returning: service worker and stored data';

/**
 * Lighthouse on /login, on /dashboard signed in with `family` on a first visit, and on a returning
 * parent's /dashboard, /browse, /activity/{activityId} and /ai-planner; the median of the runs.
 */
async function measureLighthouse(base, family, activityId) {
  const signIn = signInAs(base, family);
  const returning = (route) => ({
    name: `${route} (${RETURNING})`,
    url: `${base}${route}`,
    signIn,
    returning: true,
    budget: RETURNING_BUDGET,
  });
  const pages = [
    { name: '/login', url: `${base}/login`, budget: FIRST_VISIT_BUDGET },
    {
      name: '/dashboard (signed in, first visit: nothing stored)',
      url: `${base}/dashboard`,
      signIn,
      budget: FIRST_DASHBOARD_BUDGET,
    },
    ...['/dashboard', '/browse', `/activity/${activityId}`, '/ai-planner'].map(returning),
  ];
  const measured = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1)
      runs.push(await lighthouseRunOrRetry(page.url, page.signIn, page.returning));
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)];
    const expected = new URL(page.url).pathname;
    if (new URL(median.finalUrl).pathname !== expected) {
      throw new Error(`Lighthouse on ${page.url} ended on ${median.finalUrl}`);
    }
    measured.push({
      ...page,
      median,
      scores: runs.map((r) => r.performance),
      benchmarkIndexes: runs.map((r) => r.benchmarkIndex),
    });
  }
  return measured;
}

/** Offline reloads of a returning parent's /dashboard; the median is reported. */
const OFFLINE_RELOADS = 3;

/**
 * Run in every new document before its own scripts: notes when (performance.now(), ms after its
 * navigation started) the list "Recommended activities" first holds six suggestions, at the
 * frame that shows them, in `window.__kkbSixSuggestionsAt`. A MutationObserver sees them arrive
 * however early; polling after the reload's load event could come late.
 */
function watchForSixSuggestions() {
  const watch = new MutationObserver(() => {
    const list = document.querySelector('ul[aria-label="Recommended activities"]');
    if (list === null || list.querySelectorAll('article').length < 6) return;
    watch.disconnect();
    requestAnimationFrame(() => {
      window.__kkbSixSuggestionsAt = performance.now();
    });
  });
  watch.observe(document, { childList: true, subtree: true });
}

/** Takes a page's or a service worker's target offline, for as long as the session it returns. */
async function takeOffline(target) {
  const session = await target.createCDPSession();
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  return session;
}

/**
 * A returning parent's browser (a fresh Chromium profile prepared as for Lighthouse, see
 * prepareBrowser) on /dashboard, at a phone's size, without throttling: the catalogue as its
 * IndexedDB stores it and the origin's storage estimate; then, offline (the page and its service
 * worker), OFFLINE_RELOADS reloads, each timed from its navigation's start to six suggestions on
 * screen.
 */
async function measureDevice(base, signIn) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const url = `${base}/dashboard`;
    await prepareBrowser(chrome.port, url, await signIn(), true);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: 390, height: 844 });
      await page.goto(url, { waitUntil: 'networkidle0' });
      if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
        throw new Error(`no service worker controls ${url} on a returning visit`);
      }
      const stored = await waitForStoredCatalogue(page);
      const estimate = await page.evaluate(async () => {
        if (!navigator.storage?.estimate) return null;
        const { usage, usageDetails } = await navigator.storage.estimate();
        return { usage, indexedDB: usageDetails?.indexedDB, caches: usageDetails?.caches };
      });

      // Offline as a phone in flight mode: the page's requests and its service worker's fail.
      const worker = await browser.waitForTarget(
        (target) => target.type() === 'service_worker' && target.url().startsWith(base),
      );
      const sessions = [await takeOffline(page.target()), await takeOffline(worker)];
      await page.evaluateOnNewDocument(watchForSixSuggestions);
      const shownAt = [];
      for (let i = 0; i < OFFLINE_RELOADS; i += 1) {
        await page.reload({ waitUntil: 'domcontentloaded' });
        if (await page.evaluate(() => navigator.onLine)) {
          throw new Error('the page reloaded offline says it is online');
        }
        const shown = await page.waitForFunction(() => window.__kkbSixSuggestionsAt ?? false, {
          polling: 50,
          timeout: 20_000,
        });
        shownAt.push(await shown.jsonValue());
      }
      for (const session of sessions) await session.detach();
      return { stored, estimate, shownAt };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

function checkDevice({ stored, estimate, shownAt }) {
  const storage =
    estimate === null
      ? 'no storage estimate'
      : `origin's storage estimate ${kb(estimate.usage)}` +
        (estimate.indexedDB === undefined
          ? ''
          : `: IndexedDB ${kb(estimate.indexedDB)}, service worker caches ${kb(estimate.caches ?? 0)}`);
  check(
    'Catalogue as stored on the device (IndexedDB kkb-offline, store catalogue; JSON length): built-in part; family part',
    `${kb(stored.builtIn)}; ${kb(stored.family)} (${storage})`,
    'reported',
    true,
  );
  const sorted = [...shownAt].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  check(
    "Returning parent's /dashboard, offline reload to six suggestions on screen",
    `${median.toFixed(0)} ms (each reload: ${shownAt.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
    'reported',
    true,
  );
}

const BUNDLE_BUDGET = 150 * 1024;
// The entry (main.tsx) starts every page through app/start.tsx, loaded as a chunk of its own; each
// first route's pages and what they import beyond the shell are one chunk (vite.config.ts).
const FIRST_ROUTES = [
  { name: '/login', chunks: ['src/app/start.tsx', 'login-route'] },
  { name: '/dashboard (signed in)', chunks: ['src/app/start.tsx', 'dashboard-route'] },
];

const results = [];
const check = (name, value, budget, ok) => results.push({ name, value, budget, ok });
const ratioLine = (result, constant) =>
  `${result.requests.average.toFixed(0)} req/s = ${((100 * result.requests.average) / constant.requests.average).toFixed(0)} % (p99 ${result.latency.p99} ms)`;

/** The API loads on one database; `startup` checks the start-up budget (SQLite only). */
async function benchDatabase(
  label,
  { databaseUrl, startup, measureLoads, catalogue, lighthousePages, device },
) {
  const server = await startServer({ databaseUrl });
  try {
    if (startup) {
      check(
        'Start-up to first answer (SQLite)',
        `${server.startupMs.toFixed(0)} ms`,
        '< 1500 ms',
        server.startupMs < 1500,
      );
    }
    const loads = measureLoads || lighthousePages;
    const seeded = await seedFamilies(server.base, loads ? FAMILIES : 1);
    console.info(
      `${label}: seeded ${seeded.families.length} families in ${(seeded.seedMs / 1000).toFixed(1)} s`,
    );
    if (catalogue) await measureCatalogue(server.base, seeded.families[0]);
    if (measureLoads) checkApi(label, await measureApi(server.base, seeded));
    if (device) {
      checkDevice(await measureDevice(server.base, signInAs(server.base, seeded.families[0])));
    }
    if (lighthousePages) {
      const pages = await measureLighthouse(server.base, seeded.families[0], seeded.activityId);
      for (const page of pages) {
        lighthousePages.push(page);
      }
    }
  } finally {
    await server.stop();
  }
}

function checkApi(label, r) {
  const constantRate = r.constant.requests.average;
  check(
    `${label}: constant-JSON route`,
    `${constantRate.toFixed(0)} req/s (p99 ${r.constant.latency.p99} ms)`,
    'reference',
    true,
  );
  const warmRatio = r.warm.requests.average / constantRate;
  check(
    `${label}: warm recommendations, ${FAMILIES} families`,
    ratioLine(r.warm, r.constant),
    '>= 50 %',
    warmRatio >= 0.5,
  );
  check(
    `${label}: warm recommendations p99 at ${CONNECTIONS} connections`,
    `${r.warm.latency.p99} ms`,
    '< 25 ms',
    r.warm.latency.p99 < 25,
  );
  // DESIGN: on SQLite the reads count (a third of the constant route), on PostgreSQL the pairs of
  // a write and a read (a quarter); each pair has one read, so both are reads per second.
  const readRatio = r.afterWriteReadsPerS / constantRate;
  const sqlite = label === 'SQLite';
  check(
    sqlite
      ? `${label}: recommendations right after a write, compact form (reads/s; writes and reads together)`
      : `${label}: a write then a read (compact recommendations) per family (pairs/s; writes and reads together)`,
    `${r.afterWriteReadsPerS.toFixed(0)} ${sqlite ? 'reads' : 'pairs'}/s = ${(100 * readRatio).toFixed(0)} %; ${ratioLine(r.afterWrite, r.constant)}`,
    sqlite ? '>= 33 % (reads)' : '>= 25 % (pairs)',
    readRatio >= (sqlite ? 1 / 3 : 1 / 4),
  );
  check(
    `${label}: dashboard mix (recommendations, weather, stats, achievements)`,
    ratioLine(r.dashboard, r.constant),
    'reported',
    true,
  );
}

const load1 = os.loadavg()[0];
const runStarted = Date.now();
// A fresh build for what weighs or loads the app: a dist/ left from before a change would be
// weighed and served instead.
const needsBuild = ONLY.has('lighthouse') || ONLY.has('device') || ONLY.has('weight');
if (needsBuild || !fs.existsSync(path.join(dist, '.vite/manifest.json'))) buildWeb();

const lighthousePages = [];
const onSqlite = ON.has('sqlite') && (ONLY.has('api') || ONLY.has('catalogue'));
if (onSqlite || ONLY.has('lighthouse') || ONLY.has('device')) {
  await benchDatabase('SQLite', {
    databaseUrl: '',
    startup: ONLY.has('api') && ON.has('sqlite'),
    measureLoads: ONLY.has('api') && ON.has('sqlite'),
    catalogue: ONLY.has('catalogue'),
    lighthousePages: ONLY.has('lighthouse') ? lighthousePages : undefined,
    device: ONLY.has('device'),
  });
}
// PostgreSQL is measured for the API only.
if (ONLY.has('api') && ON.has('postgres') && PG_URL) {
  const database = await createPgDatabase(PG_URL);
  try {
    await benchDatabase('PostgreSQL', {
      databaseUrl: database.url,
      startup: false,
      measureLoads: true,
    });
  } finally {
    await database.drop();
  }
} else if (ONLY.has('api') && ON.has('postgres')) {
  console.warn('No TEST_DATABASE_URL or BENCH_DATABASE_URL: PostgreSQL not measured.');
}

if (ONLY.has('memory')) await benchMemory();

for (const route of ONLY.has('weight') ? FIRST_ROUTES : []) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const weight = routeWeight(manifest, route.chunks);
  check(
    `First route ${route.name}: JS + CSS as served (brotli; gzip)`,
    `${kb(weight.brotli)}; ${kb(weight.gzip)} (${weight.files.length} files, ${kb(weight.raw)} raw)`,
    '<= 150 KB',
    weight.brotli <= BUNDLE_BUDGET,
  );
}

for (const page of lighthousePages) {
  const { median, budget } = page;
  check(
    `Lighthouse (mobile) ${page.name}: performance, accessibility, best practices`,
    `${median.performance}, ${median.accessibility}, ${median.bestPractices} (performance of each run: ${page.scores.join(', ')}; CPU benchmark index ${page.benchmarkIndexes.join(', ')})`,
    budget.scores,
    budget.scoresOk(median),
  );
  check(
    `Lighthouse (mobile) ${page.name}: largest contentful paint`,
    `${(median.lcpMs / 1000).toFixed(2)} s (first contentful paint ${(median.fcpMs / 1000).toFixed(2)} s, total blocking time ${median.tbtMs.toFixed(0)} ms)`,
    budget.lcp,
    budget.lcpOk(median),
  );
}
const failingAudits = lighthousePages
  .filter((page) => page.median.failing.length > 0)
  .map(
    (page) => `- Lighthouse audits not passed on ${page.name}: ${page.median.failing.join(', ')}`,
  );

const cpus = os.cpus();
const lines = [
  '# Benchmark results',
  '',
  `Run ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}; ` +
    `${FAMILIES} families, load ${DURATION_S} s per route, ${CONNECTIONS} connections, loopback; ` +
    `load average ${load1.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end; ` +
    `${((Date.now() - runStarted) / 1000).toFixed(0)} s in all.`,
  '',
  '| Check | Measured | Budget | |',
  '|---|---|---|---|',
  ...results.map((r) => `| ${r.name} | ${r.value} | ${r.budget} | ${r.ok ? 'pass' : 'FAIL'} |`),
  '',
  ...(failingAudits.length > 0 ? [...failingAudits, ''] : []),
  'How it is measured:',
  `- ${FAMILIES} families sign up through the API (from addresses of their own), each with a city and`,
  '  one to three children; every load takes the next family for each request or sequence. Every',
  "  request accepts brotli and gzip as a phone's browser does, so answers over 1 KB are compressed;",
  '  the load generator counts the bytes of the answers but keeps no bodies (decoding compressed',
  '  bodies as text cost it more CPU than the server spent, on the same cores).',
  '- Warm recommendations: every family asked once before, so answers come from the cache (until',
  '  the family writes or 30 s pass). After a write: each read, in the compact form a device that',
  '  holds the catalogue asks for, follows a favourite set or cleared by the same family, so nothing',
  '  is cached; the ratio counts the reads (one per pair of a write and a read).',
  '- Catalogue: one family (with no own activities) asks `GET /catalogue`, then the built-in',
  '  part it names, as a phone does; bytes as sent (brotli) and as decoded JSON. The first answer of',
  "  the built-in part waits for its compression. As stored: in a returning parent's browser",
  '  (below), the JSON length of the two entries of IndexedDB `kkb-offline`, store `catalogue`',
  "  (`family` and the `built-in:<version>` it names), and the origin's `navigator.storage.estimate()`.",
  "- Dashboard mix: a family's recommendations, weather, stats and achievements, then the next family.",
  '- Lighthouse: a fresh Chromium profile per run; for a signed-in page the browser holds the',
  '  cookies a sign-in leaves (a first visit to /dashboard: nothing else). A returning parent: the',
  '  same, after the page was opened twice in that profile (once until the device stored the',
  '  catalogue, then again with its service worker in control: it holds the app, the page has',
  '  stored the catalogue and its answers), as on a phone that has opened the app before. Issue 30',
  "  budgets a returning parent's pages (performance >= 95, accessibility 100, LCP <= 1.5 s); the",
  "  signed-in dashboard's first visit is reported, beside its figures before issue 30. /activity/{id}",
  '  is the first built-in activity `GET /activities?limit=1` lists. The CPU benchmark index shows',
  '  how fast the machine was during the run.',
  "- Offline reload (`device`): a returning parent's browser as for Lighthouse, at a phone's size",
  '  (390 × 844) but without throttling, opens /dashboard, then goes offline (the page and its',
  `  service worker) and reloads it ${OFFLINE_RELOADS} times (the median is reported): from each`,
  '  navigation\'s start to the frame after "Recommended activities" first holds six suggestions (a',
  "  MutationObserver installed before the page's scripts notes it).",
  "- First route weight: JS + CSS from Vite's manifest (the entry, app/start.tsx and the route's",
  '  chunk, each with its static imports), weighed as the .br / .gz files the build wrote. What a',
  '  page fetches after its first paint (menus, dialogs, badges, alerts) is not counted.',
  `- Peak RSS: a fresh server (SQLite) for each measurement, with ${MEMORY_CLIENTS} families signed up;`,
  '  its resident memory (/proc VmRSS) then, and its peak (VmHWM, reset just before) while the',
  '  clients send at once. Each save uploads its frames one after another, then the JSON. Before',
  '  frames were uploaded on their own (b3b21f6), ten maximal saves (20 MB of base64 JSON each, all',
  '  accepted) took the same measurement from 193-197 MB to a peak of 712-763 MB (three runs).',
  '',
];
if (FULL_RUN) fs.writeFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n'));
console.info(lines.join('\n'));
process.exit(results.every((r) => r.ok) ? 0 : 1);
