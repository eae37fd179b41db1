import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAppServer } from './app-server.ts';
import { startOAuthProvider } from './oauth-provider.ts';
import { STATE_FILE_ENV, type E2EState } from './state.ts';
import { startWeatherServer } from './weather-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Starts, in order, the OAuth provider, the weather service and the real server on a fresh
 * DATA_DIR, and returns the teardown that stops them and removes the temporary folder.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const webDistDir = path.join(repoRoot, 'apps', 'web', 'dist');
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${path.join(webDistDir, 'index.html')} is missing. ` +
        'Run `npm run build` first (the root `npm run test:e2e` does both).',
    );
  }

  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kkb-e2e-'));
  const stops: (() => Promise<void>)[] = [];
  const teardown = async (): Promise<void> => {
    for (const stop of stops.reverse()) {
      await stop().catch((error: unknown) => console.error('e2e teardown:', error));
    }
    await fs.rm(tempDir, { recursive: true, force: true });
  };

  try {
    const oauth = await startOAuthProvider();
    stops.push(oauth.stop);
    const weather = await startWeatherServer();
    stops.push(weather.stop);
    const dataDir = path.join(tempDir, 'data');
    // The server serves a snapshot of the build: a rebuild during the run (vite empties dist and
    // renames every hashed asset) must not pull the pages out from under the tests.
    const webSnapshotDir = path.join(tempDir, 'web');
    await fs.cp(webDistDir, webSnapshotDir, { recursive: true });
    const server = await startAppServer({
      repoRoot,
      dataDir,
      webDistDir: webSnapshotDir,
      oauthUrl: oauth.url,
      weatherUrl: weather.url,
    });
    stops.push(server.stop);

    const state: E2EState = {
      baseUrl: server.url,
      dataDir,
      weatherUrl: weather.url,
      oauthUrl: oauth.url,
    };
    const stateFile = path.join(tempDir, 'state.json');
    await fs.writeFile(stateFile, JSON.stringify(state, null, 2));
    // Workers inherit the runner's environment as it is after global setup.
    process.env[STATE_FILE_ENV] = stateFile;
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
