import fs from 'node:fs';
import type { TAnimationList } from '@kkb/core/animation/schema';
import type { TFamilyStats } from '@kkb/core/achievements/schema';
import type { APIRequestContext, Page } from '@playwright/test';
import { logIn, type TestAccount } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

async function apiGet<T>(
  request: APIRequestContext,
  account: TestAccount,
  path: string,
): Promise<T> {
  const { access_token } = await logIn(request, account);
  const response = await request.get(path, {
    headers: { Authorization: `Bearer ${access_token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Turns the theater's pages with Next (and Finish) until the activity is done. */
async function playToTheEnd(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const done = page.getByRole('heading', { name: 'All done!' });
  for (let turns = 0; turns < 45 && !(await done.isVisible()); turns += 1) {
    await page.getByRole('button', { name: /^(Next|Finish)$/ }).click();
  }
  await expect(done).toBeVisible();
}

/** Draws a short stroke across the canvas, from and to the given fractions of its size. */
async function drawStroke(page: Page, from: [number, number], to: [number, number]) {
  const canvas = page.getByRole('img', { name: /^Drawing of frame/ });
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('The canvas is not on screen');
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  for (let step = 1; step <= 8; step += 1) {
    await page.mouse.move(
      box.x + box.width * (from[0] + ((to[0] - from[0]) * step) / 8),
      box.y + box.height * (from[1] + ((to[1] - from[1]) * step) / 8),
    );
  }
  await page.mouse.up();
}

test.describe('play modes (issue 13)', () => {
  test('an activity started from the suggestions is played step by step and marked as done', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    test.slow();
    await page.goto('/activity-theater');
    await expect(page.getByRole('heading', { name: 'Activity Theater', level: 1 })).toBeVisible();
    const start = page.getByRole('link', { name: /^Start / }).first();
    await expect(start).toBeVisible();
    await expectNoA11yViolations(page);
    await start.click();
    await expect(page).toHaveURL(/\/activity-theater\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'What you need' })).toBeVisible();
    await expectNoA11yViolations(page);

    await playToTheEnd(page);
    await page.getByRole('button', { name: 'Mark as done' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark as done' });
    await expect(dialog.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(/^\d+$/);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Achievement unlocked!' })).toBeVisible();

    const stats = await apiGet<TFamilyStats>(request, account, '/api/v1/stats');
    expect(stats.totalActivities).toBe(1);
  });

  test('the wheel picks an activity fairly and opens it in the theater', async ({
    signedInPage: page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/circular-activities');
    await expect(page.getByRole('img', { name: /^A wheel of \d+ activities/ })).toBeVisible();
    // Frameless (spec §2): no bottom navigation.
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Spin the wheel' }).click();
    const result = page.getByRole('heading', { name: /^The wheel picked: / });
    await expect(result).toBeVisible();
    const title = (await result.textContent())?.replace('The wheel picked: ', '') ?? '';
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Play it now' }).click();
    await expect(page).toHaveURL(/\/activity-theater\/[^/]+$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  });

  test('two frames drawn in the studio are saved, survive a reload and export as a GIF', async ({
    signedInPage: page,
    request,
    account,
  }) => {
    test.slow();
    // What the studio sends: each frame's PNG on its own, then the animation naming them.
    const sent: string[] = [];
    page.on('request', (outgoing) => {
      const { pathname } = new URL(outgoing.url());
      if (!pathname.startsWith('/api/v1/animations') || outgoing.method() === 'GET') return;
      const type = outgoing.headers()['content-type'];
      const bytes = outgoing.postDataBuffer()?.length ?? 0;
      sent.push(
        `${outgoing.method()} ${pathname} ${type} ${bytes > 1024 * 1024 ? 'over' : 'under'} 1 MB`,
      );
    });
    await page.goto('/animation-studio');
    await expect(page.getByRole('heading', { name: 'Animation Studio', level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('textbox', { name: 'Title' }).fill('Bouncing ball');
    await drawStroke(page, [0.2, 0.2], [0.5, 0.6]);
    await page.getByRole('button', { name: 'Add frame' }).click();
    await expect(page.getByRole('button', { name: 'Frame 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await page.getByRole('radio', { name: 'Red' }).click();
    await drawStroke(page, [0.6, 0.3], [0.8, 0.7]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();

    const { animations } = await apiGet<TAnimationList>(request, account, '/api/v1/animations');
    expect(animations).toHaveLength(1);
    expect(animations[0]).toMatchObject({ title: 'Bouncing ball', frameCount: 2 });
    // The first save uploads its frames before it names them; no request comes near 1 MB.
    const upload = 'POST /api/v1/animations/frame-uploads image/png under 1 MB';
    const save =
      /^(POST \/api\/v1\/animations|PUT \/api\/v1\/animations\/\w+) application\/json under 1 MB$/;
    expect(sent[0]).toBe(upload);
    for (const line of sent) expect(line === upload || save.test(line), line).toBe(true);
    expect(sent.at(-1)).toMatch(save);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Bouncing ball');
    await expect(page.getByRole('button', { name: /^Frame \d+$/ })).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Bouncing ball' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export GIF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Bouncing-ball.gif');
    const path = await file.path();
    const bytes = fs.readFileSync(path);
    expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    await expectNoA11yViolations(page);
  });
});
