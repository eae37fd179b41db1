import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { TTokenSet, TUser } from '@kkb/core/auth/schemas';

export const STRONG_PASSWORD = 'violet-harbour-lantern-42';

let counter = 0;
/** An address no other test in the run uses. */
export const uniqueEmail = (label = 'parent'): string =>
  `${label}.${Date.now()}.${counter++}@example.com`;

/** A client address no other call uses, so that per-IP limits only bite where a test wants. */
export const uniqueIp = (): string =>
  `10.250.${Math.floor(counter / 250) % 250}.${counter++ % 250}`;

export async function registerUser(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = STRONG_PASSWORD,
): Promise<{ user: TUser; email: string; password: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { name: 'Test Parent', email, password },
    remoteAddress: uniqueIp(),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { user: (res.json() as { user: TUser }).user, email, password };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password = STRONG_PASSWORD,
  remoteAddress = uniqueIp(),
): Promise<TTokenSet> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    payload: { refresh_token: refreshToken },
  });

/** Polls until `probe` returns a value (mail is sent after the answer). */
export async function waitFor<T>(probe: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Undoes quoted-printable soft breaks and escapes, enough to read ASCII links in a raw mail. */
export const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The raw .eml files in DATA_DIR/outbox, oldest first. */
export function outboxMails(dataDir: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((file) => fs.readFileSync(path.join(outbox, file), 'utf8'));
}

/** The token of the first link to `route` in a mail to `to`, if one has arrived. */
export function findMailedToken(mails: string[], to: string, route: string): string | undefined {
  for (const raw of mails) {
    const mail = decodeQuotedPrintable(raw);
    if (!mail.includes(`To: ${to}`)) continue;
    const match = mail.match(new RegExp(`/${route}\\?token=([A-Za-z0-9_-]+)`));
    if (match?.[1]) return match[1];
  }
  return undefined;
}
