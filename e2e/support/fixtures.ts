import crypto from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { completeProfile, logIn, newAccount, registerAccount, type TestAccount } from './api.ts';
import { readState, type E2EState } from './state.ts';

interface TestFixtures {
  /** A new account registered through the API; not signed in anywhere. */
  account: TestAccount;
  /** `page`, signed in as `account` through the API, with a complete profile, on /dashboard. */
  signedInPage: Page;
}

interface WorkerFixtures {
  e2e: E2EState;
}

/**
 * The login and reset limits count per client address. The server runs as behind a reverse
 * proxy on loopback (TRUST_PROXY=127.0.0.1) and so reads the client from X-Forwarded-For: each
 * test presents itself as its own client (198.18.0.0/15 is reserved for tests) and no test uses
 * up another's attempts.
 */
function testClientAddress(): string {
  const [a = 0, b = 0, c = 0] = crypto.randomBytes(3);
  return `198.${18 + (a % 2)}.${b}.${(c % 254) + 1}`;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures declare "no dependencies" this way.
  e2e: [async ({}, use) => use(readState()), { scope: 'worker' }],
  baseURL: async ({ e2e }, use) => use(e2e.baseUrl),
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) =>
    use({ ...extraHTTPHeaders, 'X-Forwarded-For': testClientAddress() }),
  account: async ({ request }, use) => {
    const account = newAccount();
    await registerAccount(request, account);
    await use(account);
  },
  signedInPage: async ({ page, account }, use) => {
    // page.request shares the browser context's cookies: the refresh cookie set by /login is
    // what the web app's start-up refresh uses to sign in.
    const tokens = await logIn(page.request, account);
    await completeProfile(page.request, tokens.access_token);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    // The frame is drawn once the user menu shows: the auth state and the profile have loaded.
    await expect(page.getByRole('button', { name: account.name })).toBeVisible();
    await use(page);
  },
});

export { expect };
