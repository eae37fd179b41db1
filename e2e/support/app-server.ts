import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface AppServerOptions {
  repoRoot: string;
  dataDir: string;
  webDistDir: string;
  oauthUrl: string;
  weatherUrl: string;
}

export interface RunningAppServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The push service the e2e browser's stand-in subscriptions name (e2e/tests/push.spec.ts): listed
 * in the server's PUSH_SERVICE_HOSTS, as a push service inside the network would be, so the
 * server accepts it without resolving it. Nothing is ever delivered there.
 */
export const E2E_PUSH_SERVICE_HOST = 'push.e2e.test';

const STARTUP_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
/** Lines of server output kept to explain a failed start. */
const KEPT_OUTPUT_LINES = 40;

/**
 * The real server (`apps/server/src/main.ts`) as a child process on a free port, configured the way
 * a deployment would be, except that every outside service points at a local stand-in. Resolves
 * once `GET /api/v1/health` answers; its warnings and errors go to the runner's stderr.
 */
export async function startAppServer(options: AppServerOptions): Promise<RunningAppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    PUBLIC_URL: url,
    // As behind a reverse proxy on this machine: each test is its own client (see fixtures.ts).
    TRUST_PROXY: '127.0.0.1',
    JWT_SECRET: 'e2e-jwt-secret-not-for-production-0123456789abcdef',
    GOOGLE_CLIENT_ID: 'e2e-google-client',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    GOOGLE_AUTHORIZATION_URL: `${options.oauthUrl}/authorize`,
    GOOGLE_TOKEN_URL: `${options.oauthUrl}/token`,
    GOOGLE_USERINFO_URL: `${options.oauthUrl}/userinfo`,
    FACEBOOK_CLIENT_ID: 'e2e-facebook-client',
    FACEBOOK_CLIENT_SECRET: 'e2e-facebook-secret',
    FACEBOOK_AUTHORIZATION_URL: `${options.oauthUrl}/authorize`,
    FACEBOOK_TOKEN_URL: `${options.oauthUrl}/token`,
    FACEBOOK_USERINFO_URL: `${options.oauthUrl}/userinfo?fields=id,name,email`,
    WEATHER_PROVIDER: 'open-meteo',
    OPEN_METEO_URL: options.weatherUrl,
    OPEN_METEO_GEOCODING_URL: options.weatherUrl,
    PUSH_SERVICE_HOSTS: E2E_PUSH_SERVICE_HOST,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: options.webDistDir,
  };
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', path.join('apps', 'server', 'src', 'main.ts')],
    { cwd: options.repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );

  const output: string[] = [];
  const keep = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    process.stderr.write(text.replace(/^(?=.)/gm, '[server] '));
    output.push(...text.split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - KEPT_OUTPUT_LINES));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  const failure = (reason: string): Error =>
    new Error(`The server did not start: ${reason}\n${output.join('\n')}`);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) throw failure(`it exited with code ${exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw failure(`no answer from ${url}/api/v1/health within ${STARTUP_TIMEOUT_MS} ms`);
    }
    if (await isHealthy(url)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** A port the OS has just handed out and released; the server binds it a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
