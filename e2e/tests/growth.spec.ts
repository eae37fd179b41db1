import fs from 'node:fs';
import type { TSkillPlay } from '@kkb/core/achievements/skill-play';
import { CATALOGUE_RULES } from '@kkb/core/activities/catalogue-rules';
import { ZActivity, type TActivity } from '@kkb/core/activities/schema';
import type { TChild } from '@kkb/core/family/schema';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { logIn, type TestAccount } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { PHONE } from '../support/devices.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 35 on a phone: each child's growth at a glance on the achievements page (a chart, and the
 * same numbers as a table), a family's own activity exported as a catalogue file, and play that
 * can start right now (no prep, no mess) on the dashboard and in browse.
 */

test.use({ viewport: PHONE });

/** A picture of one part of the page, as a phone shows it, among the test's results. */
const shot = (part: Locator, name: string) =>
  part.screenshot({ path: test.info().outputPath(`${name}.png`) });

async function authHeaders(request: APIRequestContext, account: TestAccount) {
  const { access_token } = await logIn(request, account);
  return { Authorization: `Bearer ${access_token}` };
}

/** Mia (from the profile) and Leo, 5. */
async function miaAndLeo(request: APIRequestContext, account: TestAccount) {
  const headers = await authHeaders(request, account);
  const added = await request.post('/api/v1/children', { headers, data: { name: 'Leo', age: 5 } });
  expect(added.status(), await added.text()).toBe(201);
  const { children } = (await (await request.get('/api/v1/children', { headers })).json()) as {
    children: TChild[];
  };
  return {
    headers,
    mia: children.find((child) => child.name === 'Mia')!,
    leo: children.find((child) => child.name === 'Leo')!,
  };
}

/** Built-in activities for ages 5 and 6 with their skill areas, through the API. */
async function activitiesForBoth(request: APIRequestContext, headers: Record<string, string>) {
  const response = await request.get('/api/v1/activities', {
    headers,
    params: { ageMin: 5, ageMax: 6, limit: 20 },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { activities: TActivity[] }).activities;
}

/** 'Mark as done' on the activity's page, for the children named (the others unticked). */
async function markDoneFor(page: Page, activity: TActivity, playing: string[]) {
  await page.goto(`/activity/${activity.id}`);
  await page.getByRole('button', { name: 'Mark as done' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as done' });
  for (const name of ['Mia', 'Leo']) {
    const box = dialog.getByRole('checkbox', { name });
    if (playing.includes(name)) await box.check();
    else await box.uncheck();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Closes what a first completion opens: the celebration, then the offer of reminders. */
async function closeFirstCompletionDialogs(page: Page) {
  await page.getByRole('dialog', { name: 'Achievement unlocked!' }).press('Escape');
  await page
    .getByRole('dialog', { name: 'Get reminders on this phone?' })
    .getByRole('button', { name: 'Not now' })
    .click();
}

/** The page's answers and the chart's chunk (300 KB of script) may take a while on two shared cores. */
const CHART_CHUNK = { timeout: 30_000 };

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("issue 35: each child's growth", () => {
  test('two children play; the achievements page shows each one by skill area as a chart and as a table', async ({
    signedInPage: page,
    account,
  }) => {
    test.slow();
    const { headers, leo } = await miaAndLeo(page.request, account);
    const [first, second, third] = await activitiesForBoth(page.request, headers);
    await markDoneFor(page, first!, ['Mia']);
    await closeFirstCompletionDialogs(page);
    await markDoneFor(page, second!, ['Mia', 'Leo']);
    const done = await page.request.post(`/api/v1/activities/${third!.id}/complete`, {
      headers,
      data: { childIds: [leo.id] },
    });
    expect(done.status(), await done.text()).toBe(200);
    const answer = await page.request.get('/api/v1/stats/skills', { headers });
    const skillPlay = (await answer.json()) as TSkillPlay;

    await page.goto('/achievements');
    const growth = page.getByRole('region', { name: "Each child's growth" });
    const mia = growth.getByRole('region', { name: 'Mia' });
    const leoPart = growth.getByRole('region', { name: 'Leo' });
    await expect(mia.getByText(/^2 activities in 4 weeks; most of all /)).toBeVisible(CHART_CHUNK);
    await expect(leoPart.getByText(/^2 activities in 4 weeks; most of all /)).toBeVisible();
    // The chart: one stacked bar a week (inert: the table below says the same to everyone).
    const chart = mia.locator('svg.MuiChartsSvgLayer-root');
    await expect(chart).toBeVisible(CHART_CHUNK);
    await expect(chart).toContainText('This week');
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoSidewaysScroll(page);
    await shot(mia, 'growth-chart-390');

    // The text alternative: the same numbers as a table, week by week.
    await mia.getByText('Show as table').click();
    const table = mia.getByRole('table', { name: "Mia's activities by skill area, week by week" });
    await expect(table).toBeVisible();
    const miaThisWeek = skillPlay.children.find((c) => c.name === 'Mia')!.weeks[3]!;
    await expect(table.getByRole('row', { name: /^All activities/ })).toContainText('2');
    for (const [skill, label] of [
      ['gross-motor', 'Moving'],
      ['language', 'Language'],
      ['creative', 'Creative'],
    ] as const) {
      const cells = table.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');
      await expect(cells.last()).toHaveText(String(miaThisWeek.skills[skill]));
    }
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await shot(mia, 'growth-table-390');
  });

  test.describe('in dark mode', () => {
    test.use({ colorScheme: 'dark' });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => window.localStorage.setItem('mui-mode', 'dark'));
    });

    test('the chart and its table pass axe', async ({ signedInPage: page, account }) => {
      test.slow();
      const { headers, mia, leo } = await miaAndLeo(page.request, account);
      const [first] = await activitiesForBoth(page.request, headers);
      const done = await page.request.post(`/api/v1/activities/${first!.id}/complete`, {
        headers,
        data: { childIds: [mia.id, leo.id] },
      });
      expect(done.status(), await done.text()).toBe(200);
      await page.goto('/achievements');
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      const growth = page.getByRole('region', { name: "Each child's growth" });
      await expect(growth.locator('svg.MuiChartsSvgLayer-root')).toHaveCount(2, CHART_CHUNK);
      await growth.getByText('Show as table').first().click();
      await expect(growth.getByRole('table').first()).toBeVisible();
      await expectNoA11yViolations(page);
      await shot(growth, 'growth-dark-390');
    });
  });
});

/** An own activity with all the catalogue asks of a file. */
const PAPER_BOATS = {
  title: 'Paper Boat Regatta',
  description:
    'Fold paper boats together and race them across a bowl of water by blowing. The boat that keeps afloat longest wins a cheer.',
  category: 'creative-arts',
  difficulty: 'medium',
  duration: 25,
  location: 'indoor',
  ageRange: [4, 9],
  energyLevel: 'Low',
  materials: ['Sheets of paper', 'A washing-up bowl of water'],
  learningObjectives: ['Follow folding steps in order', 'Notice what floats and why'],
  instructions: [
    'Fold a sheet of paper in half, then fold the corners down to make a hat.',
    'Open the hat, flatten it into a square and fold the flaps up on both sides.',
    'Pull the sides apart gently until a boat shape pops out.',
    'Set the boats on the water and blow them across to the other side.',
  ],
  tips: [
    'Crease each fold firmly with a thumbnail.',
    'Wax crayon on the hull keeps it dry longer.',
  ],
  variations: [
    'Younger children decorate boats an adult folded.',
    'Older children add a sail with a straw and tape.',
  ],
  safetyTips: ['Stay within reach of children near water and empty the bowl afterwards.'],
  tags: ['water-play'],
};

test.describe('issue 35: families contribute', () => {
  test('an own activity is exported as a catalogue file that the catalogue schema and rules accept; an unfinished one says what it lacks', async ({
    signedInPage: page,
    account,
  }) => {
    const headers = await authHeaders(page.request, account);
    const created = await page.request.post('/api/v1/activities', { headers, data: PAPER_BOATS });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as TActivity;

    await page.goto(`/activity/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: PAPER_BOATS.title })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as catalogue file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('paper-boat-regatta.json');
    const file = ZActivity.parse(JSON.parse(fs.readFileSync(await download.path(), 'utf8')));
    expect(file).toMatchObject({ id: 'paper-boat-regatta', title: PAPER_BOATS.title });
    for (const rule of CATALOGUE_RULES) expect(rule.check(file), rule.name).toBeUndefined();
    await expectNoSidewaysScroll(page);

    const sparse = await page.request.post('/api/v1/activities', {
      headers,
      data: { ...PAPER_BOATS, title: 'Boats Without Steps', instructions: [], tips: [] },
    });
    expect(sparse.status(), await sparse.text()).toBe(201);
    await page.goto(`/activity/${((await sparse.json()) as TActivity).id}`);
    await page.getByRole('button', { name: 'Export as catalogue file' }).click();
    const note = page.getByRole('status').filter({ hasText: 'Not ready for the catalogue yet' });
    await expect(note).toContainText('instructions: 4 to 8 instructions (it has 0)');
    await expect(note).toContainText('tips: 2 to 4 tips (it has 0)');
    await note.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await shot(note.locator('xpath=../..'), 'export-not-ready-390');
  });
});

/** The activities the dashboard suggests now, by their pages' ids. */
async function suggestedIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('list', { name: 'Recommended activities' })
    .locator('a[href^="/activity/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((href) => href.replace(/^\/activity\//, '').split(/[?#]/)[0]!))];
}

/** "12 activities found" on /browse, as a number. */
async function foundCount(page: Page): Promise<number> {
  const found = page.getByText(/^\d+ activit(y|ies) found$/);
  await expect(found).toBeVisible();
  return Number((await found.textContent())?.split(' ')[0]);
}

test.describe('issue 35: play that can start right now', () => {
  test('"Right now" on the dashboard suggests only activities with no prep and no mess, and the URL keeps it; "Mess: No mess" narrows browse', async ({
    signedInPage: page,
    account,
  }) => {
    test.slow();
    const headers = await authHeaders(page.request, account);
    const summary = page.getByRole('button', { name: /What suits you right now\?/ });
    await summary.click();
    const rightNow = page.getByRole('switch', { name: /^Right now/ });
    // Checked once the URL holds it (the switch shows the URL's choice), so a click, not check().
    await rightNow.click();
    await expect(rightNow).toBeChecked();
    await expect(page).toHaveURL(/[?&]rightNow=true/);
    await expect(summary).toContainText('Right now');

    // Every suggestion shown, read through the API, needs no prep and leaves no mess.
    const practicalOf = async (id: string) => {
      const response = await page.request.get(`/api/v1/activities/${id}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      const { prepMinutes, mess } = (await response.json()) as TActivity;
      return { id, prepMinutes, mess };
    };
    await expect(async () => {
      const ids = await suggestedIds(page);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        expect(await practicalOf(id)).toEqual({ id, prepMinutes: 0, mess: 'none' });
      }
    }).toPass({ timeout: 20_000 });
    await shot(page.getByRole('list', { name: 'Recommended activities' }), 'right-now-390');

    // A reload keeps the choice.
    await page.reload();
    await expect(page).toHaveURL(/[?&]rightNow=true/);
    await expect(summary).toContainText('Right now');
    await summary.click();
    await expect(rightNow).toBeChecked();
    await expectNoSidewaysScroll(page);

    // Browse: the Mess filter behind the Filters button narrows the list.
    await page.goto('/browse');
    const before = await foundCount(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('combobox', { name: 'Mess' }).click();
    await page.getByRole('option', { name: 'No mess' }).click();
    await expect(page).toHaveURL(/[?&]mess=none/);
    await sheet.getByRole('button', { name: /^Show / }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'No mess: remove this filter' })).toBeVisible();
    await expect.poll(() => foundCount(page)).toBeLessThan(before);
    const after = await foundCount(page);
    expect(after).toBeGreaterThan(0);
    const grid = page.getByRole('list', { name: 'Activities' });
    const firstId = (
      (await grid.locator('a[href^="/activity/"]').first().getAttribute('href')) ?? ''
    ).replace(/^\/activity\//, '');
    expect((await practicalOf(firstId)).mess).toBe('none');
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
  });
});
