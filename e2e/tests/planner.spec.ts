import type { TChild } from '@kkb/core/family/schema';
import { logIn } from '../support/api.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('the AI planner (issue 14)', () => {
  test('plans a weekend for two children, swaps an item, saves, reloads and starts one in the theater', async ({
    signedInPage: page,
    account,
  }) => {
    test.slow();
    // Mia (6) came with the profile; Leo (3) joins her. Both are free at weekends.
    const { access_token } = await logIn(page.request, account);
    const headers = { Authorization: `Bearer ${access_token}` };
    const leo = await page.request.post('/api/v1/children', {
      headers,
      data: { name: 'Leo', age: 3, preferences: { availableTimeSlots: ['weekend'] } },
    });
    expect(leo.status(), await leo.text()).toBe(201);
    const children = (await (await page.request.get('/api/v1/children', { headers })).json()) as {
      children: TChild[];
    };
    const mia = children.children.find((child) => child.name === 'Mia')!;
    await page.request.patch(`/api/v1/children/${mia.id}`, {
      headers,
      data: { preferences: { availableTimeSlots: ['weekend'] } },
    });

    await page.getByRole('link', { name: 'AI Plan' }).click();
    await expect(page.getByRole('heading', { name: 'AI Planner', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'The weekend' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('checkbox', { name: 'Mia (6)' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Leo (3)' })).toBeChecked();
    await page.getByRole('button', { name: 'Plan it' }).click();

    const plan = page.getByRole('region', { name: /^Plan for / });
    await expect(plan.getByRole('heading', { level: 3 })).toHaveCount(2);
    const firstSwap = plan.getByRole('button', { name: /^Swap / }).first();
    await expect(firstSwap).toBeVisible();
    await expect(plan.getByText('Planned by the rules')).toBeVisible();
    await expectNoA11yViolations(page);

    // Swap the first activity for the next best.
    const swappedTitle = ((await firstSwap.getAttribute('aria-label')) ?? '').replace(/^Swap /, '');
    await firstSwap.click();
    await expect(plan.getByRole('link', { name: swappedTitle, exact: true })).toHaveCount(0);
    const firstItem = plan.locator('.kkb-plan-item').first();
    const newTitle = await firstItem.getByRole('link').first().textContent();
    expect(newTitle).not.toBe(swappedTitle);

    await plan.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this plan' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Our weekend');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/ai-planner\?plan=[0-9a-f]+$/);

    await page.reload();
    const saved = page.getByRole('region', { name: 'Our weekend' });
    await expect(saved.getByText('Saved', { exact: true })).toBeVisible();
    await expect(saved.getByRole('link', { name: newTitle ?? '', exact: true })).toBeVisible();

    await saved.getByRole('link', { name: `Start ${newTitle ?? ''}` }).click();
    await expect(page).toHaveURL(/\/activity-theater\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'What you need' })).toBeVisible();
  });
});
