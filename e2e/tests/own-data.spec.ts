import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test } from '../support/fixtures.ts';

test('a parent downloads the family data as a ZIP, then deletes the account for good', async ({
  signedInPage: page,
  account,
}) => {
  await page.goto('/profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download our data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^keep-kid-busy-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const archive = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  const profile = JSON.parse(new TextDecoder().decode(archive['profile.json'])) as {
    email: string;
  };
  expect(profile.email).toBe(account.email);
  expect(JSON.parse(new TextDecoder().decode(archive['children.json']))).toHaveLength(1);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('the whole family is deleted with you');
  await dialog.getByLabel(/Password/).fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /invalid|incorrect/i })).toBeVisible();
  const signIn = await page.request.post('/api/v1/auth/login', {
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status()).toBe(401);
});
