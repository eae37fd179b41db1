import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends (or, without SMTP, files) one message; rejects when the transport fails. */
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

/**
 * SMTP when SMTP_URL is set (nodemailer reads host, port, credentials and options such as
 * `?ignoreTLS=true` from the URL). Without it every message is written to DATA_DIR/outbox as a
 * raw .eml file, so a self-hoster can still open verification and reset links.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.mailFrom });
    return {
      async send(message) {
        await transport.sendMail(message);
        options.log.info({ subject: message.subject }, 'mail sent over SMTP');
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from: options.mailFrom },
  );
  return {
    async send(message) {
      const info = await transport.sendMail(message);
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${crypto.randomBytes(6).toString('hex')}.eml`);
      await fs.writeFile(file, info.message, { mode: 0o600 });
      options.log.info({ file, subject: message.subject }, 'no SMTP_URL: mail written to outbox');
    },
  };
}
