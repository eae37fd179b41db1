import { createJobs } from '../../jobs/jobs.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEFAULT_AUTH_RATE_LIMITS } from './rate-limit.ts';
import { AuthService, PASSWORD_RESET_MAIL_JOB } from './service.ts';
import { registerUser, uniqueEmail, uniqueIp } from './test-helpers.ts';

describe('mails per address (issue 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends at most the limit to one address in the window and drops the rest', async () => {
    const sent: MailMessage[] = [];
    // The reset mails are this service's jobs, run here with its mailer.
    const jobs = createJobs(t.app.database, t.app.clock, t.app.log);
    const service = new AuthService({
      db: t.app.database.db,
      dbKind: t.app.database.kind,
      config: t.app.config,
      accessTokens: t.app.accessTokens,
      mailer: { send: async (message) => void sent.push(message) },
      log: t.app.log,
      rateLimitStore: t.app.rateLimitStore,
      jobs,
      // Resets per account and IP would stop the requests first; this test is about mail.
      rateLimits: {
        ...DEFAULT_AUTH_RATE_LIMITS,
        resetRequests: { max: 100, windowMs: 60_000 },
        mailsPerAddress: { max: 3, windowMs: 60_000 },
      },
    });
    jobs.handle(PASSWORD_RESET_MAIL_JOB, (payload, context) =>
      service.mailPasswordReset(payload, context),
    );
    const { email } = await registerUser(t.app, uniqueEmail('flooded'));
    const other = (await registerUser(t.app, uniqueEmail('neighbour'))).email;
    for (let i = 0; i < 6; i += 1) await service.requestPasswordReset(email, uniqueIp());
    await service.requestPasswordReset(other, uniqueIp());
    expect(await jobs.runDue()).toBe(7);
    // The limit counts every mail to the address, whichever service (or process) sends it: the
    // app's verification mail at sign-up was the first of the three.
    expect(sent.filter((m) => m.to === email)).toHaveLength(2);
    expect(sent.filter((m) => m.to === other)).toHaveLength(1);
  });
});
