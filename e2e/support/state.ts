import fs from 'node:fs';

/** Where global setup tells the test workers what it started. */
export const STATE_FILE_ENV = 'KKB_E2E_STATE_FILE';

/** What the tests need to know about the servers global setup started. */
export interface E2EState {
  /** The real server, serving the API and the built web app. */
  baseUrl: string;
  /** The server's DATA_DIR; mails land in its `outbox`. */
  dataDir: string;
  /** The local Open-Meteo stand-in (POST `/__control` switches the weather). */
  weatherUrl: string;
  /** The local OAuth provider standing in for Google and Facebook. */
  oauthUrl: string;
}

let cached: E2EState | undefined;

export function readState(): E2EState {
  if (cached) return cached;
  const file = process.env[STATE_FILE_ENV];
  if (!file) {
    throw new Error(`${STATE_FILE_ENV} is not set: run the suite with \`npm test -w @kkb/e2e\``);
  }
  cached = JSON.parse(fs.readFileSync(file, 'utf8')) as E2EState;
  return cached;
}
