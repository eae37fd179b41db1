// `npm run bench`: checks DESIGN's budgets and writes bench/RESULTS.md.
// - start-up to first answer on SQLite (< 1.5 s)
// - authenticated GET /api/v1/recommendations vs a constant-JSON route of the same server:
//   at least half its requests per second, p99 under 25 ms at 50 connections
// - JavaScript + CSS of the first route (gzip) at most 200 KB
// Everything runs against 127.0.0.1 only, with bounded durations.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

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

async function startServer() {
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
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error('server did not start within 30 s');
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json(base, method, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} -> ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** A family with two children and a city, so recommendations do the full scoring. */
async function seedFamily(base) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  await json(base, 'POST', '/api/v1/auth/register', { name: 'Bench Family', email, password });
  const { access_token: token } = await json(base, 'POST', '/api/v1/auth/login', {
    email,
    password,
  });
  await json(base, 'PUT', '/api/v1/profile', { location: { city: 'Springfield' } }, token);
  await json(base, 'POST', '/api/v1/profile/children', { name: 'Ada', age: 4 }, token);
  await json(base, 'POST', '/api/v1/profile/children', { name: 'Ben', age: 8 }, token);
  return token;
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Everything the browser loads to show the first route, `/` (the login page): the entry, its
 * static imports and CSS, and the lazy login page with its own imports, read from Vite's manifest.
 */
function firstRouteBytes() {
  const dist = path.join(root, 'apps/web/dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@kkb/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('web build failed');
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('src/features/auth/pages/login-page.tsx');
  let gzip = 0;
  for (const file of files) {
    gzip += zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  }
  return { files: [...files], gzipKb: gzip / 1024 };
}

const results = [];
const check = (name, value, budget, ok) => results.push({ name, value, budget, ok });

const server = await startServer();
try {
  check(
    'Start-up to first answer (SQLite)',
    `${server.startupMs.toFixed(0)} ms`,
    '< 1500 ms',
    server.startupMs < 1500,
  );
  const token = await seedFamily(server.base);
  // The constant-JSON route: the configured sign-in methods, no database work.
  const constant = await load(`${server.base}/api/v1/auth/providers`);
  const recs = await load(`${server.base}/api/v1/recommendations`, {
    authorization: `Bearer ${token}`,
  });
  if (recs.non2xx > 0 || recs.errors > 0) {
    throw new Error(`recommendations answered ${recs.non2xx} non-2xx and ${recs.errors} errors`);
  }
  const ratio = recs.requests.average / constant.requests.average;
  check(
    'Constant-JSON route req/s',
    `${constant.requests.average.toFixed(0)} req/s (p99 ${constant.latency.p99} ms)`,
    'reference',
    true,
  );
  check(
    'Recommendations req/s vs constant route',
    `${recs.requests.average.toFixed(0)} req/s = ${(ratio * 100).toFixed(0)} %`,
    '>= 50 %',
    ratio >= 0.5,
  );
  check(
    `Recommendations p99 at ${CONNECTIONS} connections`,
    `${recs.latency.p99} ms`,
    '< 25 ms',
    recs.latency.p99 < 25,
  );
} finally {
  await server.stop();
}

const bundle = firstRouteBytes();
check(
  'First route JS + CSS (gzip)',
  `${bundle.gzipKb.toFixed(1)} KB (${bundle.files.length} files)`,
  '<= 200 KB',
  bundle.gzipKb <= 200,
);

const lines = [
  '# Benchmark results',
  '',
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}; load ${DURATION_S} s per route, ${CONNECTIONS} connections, loopback.`,
  '',
  '| Check | Measured | Budget | |',
  '|---|---|---|---|',
  ...results.map((r) => `| ${r.name} | ${r.value} | ${r.budget} | ${r.ok ? 'pass' : 'FAIL'} |`),
  '',
  'Lighthouse (mobile) scores are not measured by this script.',
  '',
];
fs.writeFileSync(path.join(root, 'bench/RESULTS.md'), lines.join('\n'));
console.info(lines.join('\n'));
process.exit(results.every((r) => r.ok) ? 0 : 1);
