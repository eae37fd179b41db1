// `npm start`: builds the web app when it has not been built yet, then runs the server, which
// serves the API and the web app at http://localhost:8080 (SQLite in ./data unless DATABASE_URL).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  // `npm install` brings Node 24 (the node-<platform> package) and npm scripts run on it; this is
  // reached only where no such package exists for the platform, or when run as `node scripts/...`.
  console.error(
    `Keep Kid Busy needs Node.js 24 or newer; this is ${process.version}. ` +
      'Run it with `npm start` after `npm install`, or install Node.js 24.',
  );
  process.exit(1);
}
console.info(`Running on Node.js ${process.version} (${process.execPath})`);

const webIndex = path.join(root, 'apps/web/dist/index.html');
if (!fs.existsSync(webIndex)) {
  console.info('Building the web app (first start only)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@kkb/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', path.join(root, 'apps/server/src/main.ts')],
  { cwd: root, stdio: 'inherit', env: { ...process.env, HOST: process.env.HOST ?? '127.0.0.1' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
