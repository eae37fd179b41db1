import type { Locator, Page } from '@playwright/test';
import { logIn } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { PHONE } from '../support/devices.ts';
import { expect, test } from '../support/fixtures.ts';

/** The signed-in pages a parent reaches from the navigation (spec §2). */
const MAIN_ROUTES = [
  '/dashboard',
  '/browse',
  '/my-activities',
  '/notifications',
  '/notifications/settings',
  '/ai-planner',
  '/achievements',
  '/activity-theater',
  '/animation-studio',
  '/circular-activities',
  '/profile',
];

/** How far the page reaches past the right edge of the screen, in px. */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test.describe('phone layout (issue 29)', () => {
  for (const width of [390, 320]) {
    test(`no page scrolls sideways at ${width} px, and the bottom navigation stays on screen`, async ({
      signedInPage: page,
      account,
    }) => {
      test.slow();
      // An unread notification: its hidden "(unread)" label once made its page 511 px wide.
      const token = (await logIn(page.request, account)).access_token;
      const notification = await page.request.post('/api/v1/notifications', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          title: 'See your achievements',
          message: 'A notification with a link.',
          data: { link: '/achievements' },
        },
      });
      expect(notification.status(), await notification.text()).toBe(201);
      await page.setViewportSize({ width, height: 844 });

      const activityLink = page
        .getByRole('list', { name: 'Recommended activities' })
        .getByRole('link')
        .first();
      await expect(activityLink).toBeVisible();
      const activityPath = await activityLink.getAttribute('href');
      for (const route of [...MAIN_ROUTES, activityPath ?? '/browse']) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await sidewaysOverflow(page), `${route} is wider than the screen`).toBe(0);
        const nav = page.getByRole('navigation', { name: 'Bottom' });
        if (await nav.isVisible()) {
          const box = await nav.boundingBox();
          expect(box!.x, `${route}: the bottom navigation's left edge`).toBe(0);
          expect(box!.width, `${route}: the bottom navigation's width`).toBe(width);
        }
      }
    });
  }
});

/** Where the first screen ends: the top of the bottom navigation, else the bottom of the screen. */
async function foldOf(page: Page): Promise<number> {
  const nav = page.getByRole('navigation', { name: 'Bottom' });
  if (!(await nav.isVisible())) return page.viewportSize()!.height;
  return (await nav.boundingBox())!.y;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** Every picture in `scope` has a text alternative and has loaded (a drawn SVG has a size). */
async function expectPicturesShown(scope: Locator, count: number) {
  const pictures = scope.locator('img[src^="/pictures/"]');
  await expect(pictures).toHaveCount(count);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toHaveAttribute('alt', /\w/);
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

test.describe('phone layout at 390 × 844 (issue 29)', () => {
  test.use({ viewport: PHONE });

  test('the dashboard: the streak as a chip near the top, two suggestions on the first screen', async ({
    signedInPage: page,
  }) => {
    const cards = page.getByRole('list', { name: 'Recommended activities' }).getByRole('article');
    await expect(cards.nth(1)).toBeVisible();
    const fold = await foldOf(page);
    // The second suggestion's picture and title are above the bottom navigation.
    for (const index of [0, 1]) {
      const title = await boxOf(cards.nth(index).getByRole('heading'));
      const picture = await boxOf(cards.nth(index).getByRole('img'));
      expect(title.y + title.height, `suggestion ${index + 1}'s title`).toBeLessThanOrEqual(fold);
      expect(picture.y + picture.height, `suggestion ${index + 1}'s picture`).toBeLessThanOrEqual(
        fold,
      );
    }
    const streak = page.getByRole('main').getByRole('link', { name: /streak/i });
    await expect(streak).toHaveAttribute('href', '/achievements');
    const chip = await boxOf(streak);
    expect(chip.y + chip.height).toBeLessThan((await boxOf(cards.first())).y);
    expect(chip.height).toBeLessThanOrEqual(48);
    await page.screenshot({ path: test.info().outputPath('dashboard-390.png') });
  });

  test("browse: the filters wait behind one button, preset to the children's ages, which clear and stay cleared", async ({
    signedInPage: page,
  }) => {
    test.slow();
    await page.goto('/browse');
    // The fixture's child is 6.
    await expect(page).toHaveURL(/[?&]ageMin=6&ageMax=6/);
    const search = page.getByRole('searchbox', { name: 'Search activities' });
    const filters = page.getByRole('button', { name: 'Filters (1)' });
    await expect(filters).toBeVisible();
    await expect(page.getByRole('combobox')).toHaveCount(0);
    const fold = await foldOf(page);
    for (const control of [search, filters]) {
      const box = await boxOf(control);
      expect(box.y + box.height).toBeLessThanOrEqual(fold);
    }
    // The first activity starts on the first screen too.
    const cards = page.getByRole('list', { name: 'Activities' }).getByRole('article');
    expect((await boxOf(cards.first())).y).toBeLessThan(fold);
    await page.screenshot({ path: test.info().outputPath('browse-390.png') });

    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByRole('combobox')).toHaveCount(13);
    await expect(sheet.getByRole('combobox', { name: 'Youngest age' })).toHaveText('6');
    await expect(sheet.getByRole('combobox', { name: 'Oldest age' })).toHaveText('6');
    await sheet.getByRole('combobox', { name: 'Season' }).click();
    await page.getByRole('option', { name: 'Winter' }).click();
    await expect(page).toHaveURL(/[?&]season=winter/);
    await page.screenshot({ path: test.info().outputPath('browse-filters-390.png') });
    await expectNoA11yViolations(page);
    await sheet.getByRole('button', { name: /^Show \d+ activit/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();

    // The ages' chip clears them, and browse remembers it.
    await page.getByRole('button', { name: 'Age 6: remove this filter' }).click();
    await expect(page).not.toHaveURL(/ageMin|ageMax/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await page.goto('/browse');
    await expect(page.getByRole('list', { name: 'Activities' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    await expect(page).not.toHaveURL(/ageMin/);
  });

  test("the wheel's pick shows on the first screen", async ({ signedInPage: page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/circular-activities');
    await expect(page.getByRole('img', { name: /^A wheel of \d+ activities/ })).toBeVisible();
    await page.getByRole('button', { name: 'Spin the wheel' }).click();
    const pick = page.getByRole('dialog', { name: /^The wheel picked: / });
    await expect(pick).toBeVisible();
    for (const part of [
      pick.getByRole('heading'),
      pick.getByRole('img'),
      pick.getByRole('link', { name: 'Play it now' }),
    ]) {
      const box = await boxOf(part);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    // The focus moved into it, so that screen readers announce it.
    await expect
      .poll(() => pick.evaluate((dialog) => dialog.contains(document.activeElement)))
      .toBe(true);
    await page.screenshot({ path: test.info().outputPath('wheel-390.png') });
  });

  test('every card and the activity page show a picture with a text alternative', async ({
    signedInPage: page,
  }) => {
    test.slow();
    const suggestions = page.getByRole('list', { name: 'Recommended activities' });
    await expect(suggestions.getByRole('article').first()).toBeVisible();
    await expectPicturesShown(suggestions, await suggestions.getByRole('article').count());

    await page.goto('/browse');
    const browse = page.getByRole('list', { name: 'Activities' });
    await expect(browse.getByRole('article')).toHaveCount(12);
    await expectPicturesShown(browse, 12);

    await browse.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/activity\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectPicturesShown(page.getByRole('main'), 1);
    await page.screenshot({ path: test.info().outputPath('activity-390.png') });
  });

  test('the studio: Play and Add frame right under the canvas, all three on the first screen', async ({
    signedInPage: page,
  }) => {
    await page.goto('/animation-studio');
    const canvas = page.getByRole('img', { name: 'Drawing of frame 1' });
    const play = page.getByRole('button', { name: 'Play' });
    const addFrame = page.getByRole('button', { name: 'Add frame' });
    await expect(canvas).toBeVisible();
    await page.waitForLoadState('networkidle');
    const fold = await foldOf(page);
    const onFirstScreen = async (name: string, part: Locator) => {
      const box = await boxOf(part);
      expect(box.y, `${name}'s top`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${name}'s bottom`).toBeLessThanOrEqual(fold);
      return box;
    };
    const drawing = await onFirstScreen('the canvas', canvas);
    const playBox = await onFirstScreen('Play', play);
    const addBox = await onFirstScreen('Add frame', addFrame);
    // Under the canvas, side by side.
    expect(playBox.y).toBeGreaterThan(drawing.y + drawing.height);
    expect(Math.abs(addBox.y - playBox.y)).toBeLessThan(4);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: test.info().outputPath('studio-390.png') });

    // Both work from where they are: the page never scrolls.
    await addFrame.click();
    await expect(page.getByRole('button', { name: 'Frame 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await onFirstScreen('the second frame', page.getByRole('img', { name: 'Drawing of frame 2' }));
    await play.click();
    await onFirstScreen('the playback', page.getByRole('img', { name: /^Playing frame \d of 2$/ }));
    await onFirstScreen('Stop', page.getByRole('button', { name: 'Stop' }));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the profile: links at the top lead to each section, by keyboard too, and an address opens one', async ({
    signedInPage: page,
  }) => {
    test.slow();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/profile');
    const nav = page.getByRole('navigation', { name: 'Profile sections' });
    const sections = [
      { link: 'Family', title: 'Family', id: 'family' },
      { link: 'Children', title: 'Children', id: 'children' },
      { link: 'Members', title: 'Family members', id: 'members' },
      { link: 'Location', title: 'Location & timezone', id: 'location' },
      { link: 'Preferences', title: 'Preferences', id: 'preferences' },
      { link: 'Notifications', title: 'Notifications', id: 'notifications' },
      { link: 'Appearance', title: 'Appearance', id: 'appearance' },
      { link: 'Account', title: 'Account', id: 'account' },
    ];
    await expect(nav.getByRole('link')).toHaveText(sections.map(({ link }) => link));
    await page.waitForLoadState('networkidle');
    const fold = await foldOf(page);
    // Every link is on the first screen.
    for (const link of await nav.getByRole('link').all()) {
      expect((await boxOf(link)).y + (await boxOf(link)).height).toBeLessThanOrEqual(fold);
    }
    await page.screenshot({ path: test.info().outputPath('profile-390.png') });
    await expectNoA11yViolations(page);

    /** The section's heading has the focus and shows between the top bar and the fold. */
    const expectAt = async (title: string) => {
      const heading = page
        .getByRole('region', { name: title, exact: true })
        .getByRole('heading', { name: title, exact: true, level: 2 });
      await expect(heading).toBeFocused();
      await expect
        .poll(async () => {
          const box = await boxOf(heading);
          return box.y >= 56 && box.y + box.height <= fold;
        }, `${title} is on screen`)
        .toBe(true);
    };
    for (const { link, title, id } of sections) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await nav.getByRole('link', { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/profile#${id}$`));
      await expectAt(title);
    }
    await page.screenshot({ path: test.info().outputPath('profile-account-390.png') });

    // By keyboard: Enter on a link, and Tab goes on inside that section.
    await page.evaluate(() => window.scrollTo(0, 0));
    await nav.getByRole('link', { name: 'Preferences' }).focus();
    await page.keyboard.press('Enter');
    await expectAt('Preferences');
    await page.keyboard.press('Tab');
    await expect(
      page
        .getByRole('region', { name: 'Preferences' })
        .getByRole('switch', { name: 'Notifications' }),
    ).toBeFocused();

    // Smoothly without reduced motion, to the same place.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await nav.getByRole('link', { name: 'Members' }).click();
    await expectAt('Family members');

    // A link from elsewhere (a notification, the planner) opens the page at its section.
    await page.goto('/dashboard');
    await page.goto('/profile#devices');
    const devices = page.getByRole('heading', { name: 'Devices with push notifications' });
    await expect(devices).toBeFocused();
    const box = await boxOf(devices);
    expect(box.y).toBeGreaterThanOrEqual(56);
    expect(box.y + box.height).toBeLessThanOrEqual(fold);
    await page.screenshot({ path: test.info().outputPath('profile-devices-390.png') });
  });

  test("the theater's end is a celebration, with confetti unless motion is reduced", async ({
    signedInPage: page,
  }) => {
    test.slow();
    const finish = async () => {
      await page.goto('/activity-theater');
      await page
        .getByRole('link', { name: /^Start / })
        .first()
        .click();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      const done = page.getByRole('heading', { name: 'All done!' });
      for (let turns = 0; turns < 45 && !(await done.isVisible()); turns += 1) {
        await page.getByRole('button', { name: /^(Next|Finish)$/ }).click();
      }
      await expect(done).toBeVisible();
    };
    await finish();
    await expect(page.getByTestId('confetti')).toBeAttached();
    await expect(page.locator('img[src="/pictures/party-popper.svg"]')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('theater-end-390.png') });
    await expectNoA11yViolations(page);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await finish();
    await expect(page.locator('img[src="/pictures/party-popper.svg"]')).toBeVisible();
    await expect(page.getByTestId('confetti')).toHaveCount(0);
  });
});
