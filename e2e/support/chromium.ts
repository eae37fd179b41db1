import fs from 'node:fs';

/** Debian's package installs the browser here; CHROMIUM_PATH points elsewhere. */
const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags for a quiet, offline-safe headless run as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The system Chromium the suite drives. Playwright's own browser downloads are never used, so a
 * machine without Chromium must fail here, before any test, with a message saying what to do.
 */
export function resolveChromium(): string {
  const executable = process.env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
  try {
    fs.accessSync(executable, fs.constants.X_OK);
  } catch {
    throw new Error(
      `Chromium not found at ${executable} — install Debian's chromium or set CHROMIUM_PATH`,
    );
  }
  return executable;
}
