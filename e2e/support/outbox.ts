import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import PostalMime, { type Email } from 'postal-mime';
import { readState } from './state.ts';

export interface MailQuery {
  /** The recipient; each test uses its own address, so this picks the test's own mail. */
  to: string;
  /** Only mail whose subject contains this text. */
  subject?: string;
}

/**
 * The newest mail in DATA_DIR/outbox (where the server writes mail when SMTP_URL is unset) that
 * matches the query, waiting for it: the server sends some mail after it has answered.
 * postal-mime decodes the MIME parts, quoted-printable and base64 included.
 */
export async function waitForMail(query: MailQuery): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        found = await newestMail(query);
        return found !== undefined;
      },
      { message: `a mail to ${query.to} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in the mail's text that starts with `prefix` (e.g. the app's reset page). */
export function linkIn(mail: Email, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = mail.text?.match(new RegExp(`${escaped}[^\\s<>"]*`))?.[0];
  if (!link) {
    throw new Error(`No link starting with ${prefix} in mail "${mail.subject}":\n${mail.text}`);
  }
  return link;
}

async function newestMail(query: MailQuery): Promise<Email | undefined> {
  const outbox = path.join(readState().dataDir, 'outbox');
  let names: string[];
  try {
    names = (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const file = path.join(outbox, name);
      return { file, modified: (await fs.stat(file)).mtimeMs };
    }),
  );
  files.sort((a, b) => b.modified - a.modified || b.file.localeCompare(a.file));
  for (const { file } of files) {
    const mail = await PostalMime.parse(await fs.readFile(file));
    const recipients = (mail.to ?? []).flatMap((to) => (to.group ? to.group : [to]));
    const addressed = recipients.some((r) => r.address?.toLowerCase() === query.to.toLowerCase());
    if (addressed && (!query.subject || mail.subject?.includes(query.subject))) return mail;
  }
  return undefined;
}
