import { localDay } from '@kkb/core/achievements/calendar';
import { makeActivity } from '@kkb/core/activities/test-activity';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import type { TPlan, TPlanItem, TSavedPlan } from '@kkb/core/planner/schema';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { completeProfile, familyWith } from '../../../test/auth-fixtures';
import { setNavigatorOnline } from '../../../test/browser';
import { deviceCatalogue, holdCatalogue } from '../../../test/held-catalogue';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { completionResult, firstSteps } from '../../achievements/test/fixtures';
import { renderPage } from '../../activities/pages/render-page.test-utils';
import { periodDates } from '../components/plan-period';
import { AiPlannerPage } from './ai-planner-page';

let server: FakeFetch;
const NOW = '2026-05-15T17:00:00.000Z';
const SATURDAY = '2026-05-16';

function profile(): TFamilyProfile {
  const base = completeProfile();
  const child = base.familyInfo.children[0]!;
  return {
    ...base,
    familyInfo: {
      ...base.familyInfo,
      children: [
        {
          ...child,
          id: 'noa',
          name: 'Noa',
          age: 3,
          preferences: { ...child.preferences, availableTimeSlots: ['weekend'] },
        },
        {
          ...child,
          id: 'eli',
          name: 'Eli',
          age: 8,
          preferences: { ...child.preferences, availableTimeSlots: ['weekend', 'evening'] },
        },
      ],
    },
  };
}

const castle = makeActivity({ id: 'castle', title: 'Cardboard Castle', duration: 30 });
const bugs = makeActivity({ id: 'bugs', title: 'Bug Safari', duration: 20, category: 'nature' });
const drums = makeActivity({ id: 'drums', title: 'Pot Drums', duration: 15 });
const puppets = makeActivity({ id: 'puppets', title: 'Sock Puppets', duration: 30 });

const item = (
  activity: typeof castle,
  start: string,
  overrides: Partial<TPlanItem> = {},
): TPlanItem => ({
  start,
  minutes: activity.duration,
  activity,
  childIds: ['noa', 'eli'],
  why: `Why ${activity.title}`,
  locked: false,
  ...overrides,
});

function plan(items: TPlanItem[], overrides: Partial<TPlan> = {}): TPlan {
  return {
    startDate: SATURDAY,
    childIds: ['noa', 'eli'],
    slots: [{ start: '10:00', minutes: 60, on: 'every-day' }],
    days: [
      {
        date: SATURDAY,
        forecast: {
          date: SATURDAY,
          condition: 'rainy',
          description: 'Moderate rain',
          weatherCode: 63,
          temperatureMax: 17,
          temperatureMin: 11,
          precipitationProbability: 90,
          sunrise: null,
          sunset: null,
          units: 'metric',
          source: 'open-meteo',
        },
        slots: [{ start: '10:00', minutes: 60 }],
        items,
      },
    ],
    plannedBy: 'rules',
    model: null,
    modelFailed: false,
    ...overrides,
  };
}

const firstPlan = plan([item(castle, '10:00'), item(bugs, '10:30', { childIds: ['eli'] })]);

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/v1/profile', () => jsonResponse(200, profile()));
  server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('parent')));
  server.on('GET /api/v1/user-activities', () =>
    jsonResponse(200, { userActivities: [], total: 0, skip: 0, limit: 100 }),
  );
  server.on('POST /api/v1/planner', () => jsonResponse(200, firstPlan));
  server.on('GET /api/v1/planner/plans', () =>
    jsonResponse(200, { plans: [], total: 0, skip: 0, limit: 50 }),
  );
});

const open = (url = '/ai-planner') => renderPage(<AiPlannerPage />, { path: '/ai-planner', url });

async function makeAPlan() {
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Plan it' }));
  return screen.findByRole('heading', { level: 3, name: 'Saturday, May 16' });
}

const itemTitles = () =>
  screen
    .getAllByRole('link')
    .map((link) => link.textContent)
    .filter((t) => t !== 'Start');

describe('/ai-planner', () => {
  it("starts from the children's time slots and the default time, and plans the weekend for both", async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'AI Planner' })).toBeVisible();
    expect(await screen.findByRole('checkbox', { name: 'Noa (3)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Eli (8)' })).toBeChecked();
    // Weekend mornings and afternoons, and evenings (Eli), 30 minutes each.
    expect(screen.getByLabelText('Time 1 starts')).toHaveValue('10:00');
    expect(screen.getByLabelText('Time 2 starts')).toHaveValue('15:00');
    expect(screen.getByLabelText('Time 3 starts')).toHaveValue('18:00');
    await userEvent.click(screen.getByRole('button', { name: 'Plan it' }));

    await screen.findByRole('heading', { level: 3, name: 'Saturday, May 16' });
    const [request] = server.requestsTo('POST /api/v1/planner');
    const today = localDay(new Date().toISOString(), profile().familyInfo.timezone);
    expect(request!.body).toEqual({
      ...periodDates('weekend', today),
      childIds: ['noa', 'eli'],
      slots: [
        { start: '10:00', minutes: 30, on: 'weekends' },
        { start: '15:00', minutes: 30, on: 'weekends' },
        { start: '18:00', minutes: 30, on: 'every-day' },
      ],
    });
    expect(screen.getByText('Moderate rain · 11–17°C · 90% chance of rain')).toBeVisible();
    expect(screen.getByText('Planned by the rules')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cardboard Castle' })).toBeVisible();
    expect(screen.getByText('10:00 · 30 min · Creative Arts')).toBeVisible();
    expect(screen.getByText('For Noa and Eli')).toBeVisible();
    expect(screen.getByText('Why Cardboard Castle')).toBeVisible();
    expect(screen.getByText('For Eli')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start Bug Safari' })).toHaveAttribute(
      'href',
      '/activity-theater/bugs',
    );
  });

  it('asks for at least one child', async () => {
    open();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Noa (3)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Eli (8)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Plan it' }));
    expect(await screen.findByText('Pick at least one child')).toBeVisible();
    expect(server.requestsTo('POST /api/v1/planner')).toHaveLength(0);
  });

  it('swaps an item for the next best: every other item kept, the swapped one avoided', async () => {
    await makeAPlan();
    server.on('POST /api/v1/planner', () =>
      jsonResponse(200, plan([item(puppets, '10:00'), item(bugs, '10:30', { childIds: ['eli'] })])),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Swap Cardboard Castle' }));
    expect(await screen.findByRole('link', { name: 'Sock Puppets' })).toBeVisible();
    const swap = server.requestsTo('POST /api/v1/planner')[1]!.body as Record<string, unknown>;
    expect(swap).toMatchObject({ startDate: SATURDAY, days: 1, avoid: ['castle'] });
    expect(swap.keep).toEqual([
      {
        date: SATURDAY,
        start: '10:30',
        activityId: 'bugs',
        childIds: ['eli'],
        why: 'Why Bug Safari',
        locked: false,
      },
    ]);
  });

  it('locks an item and plans the rest again around it', async () => {
    await makeAPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Lock Bug Safari' }));
    expect(screen.getByRole('button', { name: 'Unlock Bug Safari' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    server.on('POST /api/v1/planner', () =>
      jsonResponse(
        200,
        plan([item(drums, '10:00'), item(bugs, '10:30', { childIds: ['eli'], locked: true })]),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Plan again' }));
    expect(await screen.findByRole('link', { name: 'Pot Drums' })).toBeVisible();
    const again = server.requestsTo('POST /api/v1/planner')[1]!.body as Record<string, unknown>;
    expect(again.avoid).toEqual(['castle']);
    expect(again.keep).toEqual([expect.objectContaining({ activityId: 'bugs', locked: true })]);
    expect(screen.getByRole('button', { name: 'Swap Bug Safari' })).toBeDisabled();
  });

  it('moves an item later and removes one, on the page', async () => {
    await makeAPlan();
    await userEvent.click(screen.getByRole('button', { name: 'More for Cardboard Castle' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Move later' }));
    expect(itemTitles()).toEqual(['Bug Safari', 'Cardboard Castle']);
    expect(screen.getByText('10:00 · 20 min · Nature')).toBeVisible();
    expect(screen.getByText('10:20 · 30 min · Creative Arts')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'More for Bug Safari' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(itemTitles()).toEqual(['Cardboard Castle']);
  });

  it('adds an activity from browse, locked, for the children whose ages it fits', async () => {
    server.on('GET /api/v1/activities', ({ query }) =>
      jsonResponse(200, {
        activities: query.get('search') === 'drum' ? [drums] : [drums, puppets],
        total: 2,
        skip: 0,
        limit: 20,
      }),
    );
    await makeAPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Add an activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Saturday, May 16' });
    await userEvent.type(
      within(dialog).getByRole('searchbox', { name: 'Search activities' }),
      'drum',
    );
    await waitFor(() => expect(within(dialog).queryByText('Sock Puppets')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Pot Drums' }));
    expect(await screen.findByRole('link', { name: 'Pot Drums' })).toBeVisible();
    // Ages 3 to 8 fit both children; 10 minutes are left in the window: right after the last.
    expect(screen.getByText('10:50 · 15 min · Creative Arts')).toBeVisible();
    expect(screen.getAllByText('For Noa and Eli')).toHaveLength(2);
    expect(screen.getByText('Added by you')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Unlock Pot Drums' })).toBeVisible();
  });

  it('saves the plan with a name; the address then opens it, and changes are saved to it', async () => {
    const saved: TSavedPlan = {
      ...firstPlan,
      id: 'plan-1',
      title: 'Rainy Saturday',
      createdAt: NOW,
      updatedAt: NOW,
    };
    server.on('POST /api/v1/planner/plans', () => jsonResponse(201, saved));
    server.on('GET /api/v1/planner/plans/plan-1', () => jsonResponse(200, saved));
    server.on('PUT /api/v1/planner/plans/plan-1', ({ body }) =>
      jsonResponse(200, {
        ...saved,
        days: [{ ...saved.days[0]!, items: saved.days[0]!.items.slice(1) }],
        title: (body as { title: string }).title,
      }),
    );
    await makeAPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this plan' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Plan for Sat, May 16');
    await userEvent.clear(name);
    await userEvent.type(name, 'Rainy Saturday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(screen.getByTestId('current-url')).toHaveTextContent('/ai-planner?plan=plan-1'),
    );
    const [post] = server.requestsTo('POST /api/v1/planner/plans');
    expect(post!.body).toMatchObject({
      title: 'Rainy Saturday',
      startDate: SATURDAY,
      days: [
        {
          date: SATURDAY,
          items: [
            { activityId: 'castle', start: '10:00' },
            { activityId: 'bugs', childIds: ['eli'] },
          ],
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Rainy Saturday' })).toBeVisible();
    expect(screen.getByText('Saved')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'More for Cardboard Castle' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(server.requestsTo('PUT /api/v1/planner/plans/plan-1')).toHaveLength(1),
    );
    expect(await screen.findByText('Saved')).toBeVisible();
  });

  it('lists saved plans and opens one by its address', async () => {
    server.on('GET /api/v1/planner/plans', () =>
      jsonResponse(200, {
        plans: [
          {
            id: 'plan-1',
            title: 'Rainy Saturday',
            startDate: SATURDAY,
            dayCount: 2,
            itemCount: 5,
            createdAt: NOW,
            updatedAt: NOW,
          },
        ],
        total: 1,
        skip: 0,
        limit: 50,
      }),
    );
    server.on('DELETE /api/v1/planner/plans/plan-1', () => new Response(null, { status: 204 }));
    open('/ai-planner?tab=saved');
    const list = await screen.findByRole('list', { name: 'Saved plans' });
    expect(within(list).getByText('Sat, May 16 – Sun, May 17')).toBeVisible();
    expect(within(list).getByText(/^5 activities · saved/)).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: 'Open Rainy Saturday' }));
    expect(screen.getByTestId('current-url')).toHaveTextContent('/ai-planner?plan=plan-1');
  });

  it('deletes a saved plan after asking', async () => {
    server.on(
      'GET /api/v1/planner/plans',
      () =>
        jsonResponse(200, {
          plans: [
            {
              id: 'plan-1',
              title: 'Rainy Saturday',
              startDate: SATURDAY,
              dayCount: 2,
              itemCount: 5,
              createdAt: NOW,
              updatedAt: NOW,
            },
          ],
          total: 1,
          skip: 0,
          limit: 50,
        }),
      () => jsonResponse(200, { plans: [], total: 0, skip: 0, limit: 50 }),
    );
    server.on('DELETE /api/v1/planner/plans/plan-1', () => new Response(null, { status: 204 }));
    open('/ai-planner?tab=saved');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Rainy Saturday' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this plan?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No saved plans yet/)).toBeVisible();
    expect(server.requestsTo('DELETE /api/v1/planner/plans/plan-1')).toHaveLength(1);
  });

  it('a caregiver plans but has no Save, nor Delete', async () => {
    server.on('GET /api/v1/family', () => jsonResponse(200, familyWith('caregiver')));
    await makeAPlan();
    expect(screen.getByRole('button', { name: 'Plan again' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("says when a model planned it, and when the model's answer could not be used", async () => {
    server.on(
      'POST /api/v1/planner',
      () => jsonResponse(200, { ...firstPlan, plannedBy: 'model', model: 'llama3.2' }),
      () => jsonResponse(200, { ...firstPlan, modelFailed: true }),
    );
    await makeAPlan();
    expect(screen.getByText('Planned with llama3.2')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Plan again' }));
    expect(await screen.findByText(/answer could not be used/)).toBeVisible();
    expect(screen.getByText('Planned by the rules')).toBeVisible();
  });

  it('shares the plan as text, copying it where the browser cannot share', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    await makeAPlan();
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Plan copied: paste it into a message')).toBeVisible();
    const text = (writeText.mock.calls[0] as unknown as [string])[0];
    expect(text).toContain('Plan for Sat, May 16');
    expect(text).toContain('10:00 Cardboard Castle (30 min) · Noa and Eli');
    expect(text).toContain('10:30 Bug Safari (20 min) · Eli');
  });

  it('sets a reminder for an item at its time in the family time zone', async () => {
    server.on('POST /api/v1/notifications/activity-reminder', () =>
      jsonResponse(202, {
        status: 'scheduled',
        notification: null,
        deliverAt: '2026-05-16T17:00:00.000Z',
      }),
    );
    await makeAPlan();
    await userEvent.click(screen.getByRole('button', { name: 'More for Bug Safari' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Remind me at 10:30' }));
    expect(await screen.findByText("We'll remind you at 10:30 on Saturday, May 16")).toBeVisible();
    const [request] = server.requestsTo('POST /api/v1/notifications/activity-reminder');
    expect(request!.body).toEqual({
      activity_name: 'Bug Safari',
      // 10:30 in Los Angeles (summer time, UTC-7).
      scheduled_time: '2026-05-16T17:30:00.000Z',
      activity_id: 'bugs',
      child_name: 'Eli',
    });
  });

  it('shows a done activity as done on its day', async () => {
    server.on('GET /api/v1/user-activities', () =>
      jsonResponse(200, {
        userActivities: [
          {
            id: 'r1',
            userId: 'user-1',
            activityId: 'castle',
            status: 'tried',
            favorite: false,
            tried: true,
            // 10:00 in Los Angeles on the plan's Saturday.
            completedAt: '2026-05-16T17:00:00.000Z',
            completedBy: 'user-1',
            completedChildIds: ['eli'],
            createdAt: NOW,
            updatedAt: NOW,
          },
        ],
        total: 1,
        skip: 0,
        limit: 100,
      }),
    );
    await makeAPlan();
    expect(screen.getByText('Done')).toBeVisible();
    expect(screen.getByText(/^On Sat, May 16 by you, with Eli$/)).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Mark as done' })).toHaveLength(1);
  });

  it('issue 29: marked done from the plan ahead of its day, the item says done: when, by whom, with whom', async () => {
    let done: string | null = null;
    server.on('GET /api/v1/user-activities', () =>
      jsonResponse(200, {
        userActivities:
          done === null
            ? []
            : [
                {
                  id: 'r1',
                  userId: 'user-1',
                  activityId: 'bugs',
                  status: 'tried',
                  favorite: false,
                  tried: true,
                  completedAt: done,
                  completedBy: 'user-1',
                  completedChildIds: ['eli'],
                  createdAt: done,
                  updatedAt: done,
                },
              ],
        total: done === null ? 0 : 1,
        skip: 0,
        limit: 100,
      }),
    );
    server.on('POST /api/v1/activities/bugs/complete', () => {
      done = new Date().toISOString();
      return jsonResponse(200, completionResult([firstSteps()]));
    });
    const user = userEvent.setup();
    await makeAPlan();
    const safari = screen
      .getAllByRole('listitem')
      .find((li) => within(li).queryByText('Bug Safari'))!;
    await user.click(within(safari).getByRole('button', { name: 'Mark as done' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as done' });
    // The item's children are who played, to start with.
    expect(within(dialog).getByRole('checkbox', { name: 'Eli' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Noa' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(safari).findByText('Done')).toBeVisible();
    // What the completion opened stays, though its button has gone.
    expect(screen.getByRole('dialog', { name: 'Achievement unlocked!' })).toBeVisible();
    expect(within(safari).getByText(/^Today at .+ by you, with Eli$/)).toBeVisible();
    expect(within(safari).queryByRole('button', { name: 'Mark as done' })).toBeNull();
    expect(server.requestsTo('POST /api/v1/activities/bugs/complete')[0]?.body).toMatchObject({
      childIds: ['eli'],
    });
  });

  describe('issue 29: an unsaved plan is kept until it is saved or discarded', () => {
    it('through a visit to "Saved plans": the plan with its locks and swaps, and the form', async () => {
      open();
      await userEvent.click(await screen.findByRole('button', { name: 'Today' }));
      await userEvent.click(screen.getByRole('checkbox', { name: 'Noa (3)' }));
      await userEvent.click(screen.getByRole('button', { name: 'Plan it' }));
      await screen.findByRole('heading', { level: 3, name: 'Saturday, May 16' });
      server.on('POST /api/v1/planner', () =>
        jsonResponse(
          200,
          plan([item(puppets, '10:00'), item(bugs, '10:30', { childIds: ['eli'] })]),
        ),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Swap Cardboard Castle' }));
      await screen.findByRole('link', { name: 'Sock Puppets' });
      await userEvent.click(screen.getByRole('button', { name: 'Lock Bug Safari' }));
      expect(screen.getByText('Not saved')).toBeVisible();

      await userEvent.click(screen.getByRole('tab', { name: 'Saved plans' }));
      await screen.findByText(/No saved plans yet/);
      await userEvent.click(screen.getByRole('tab', { name: 'Plan' }));

      expect(await screen.findByRole('link', { name: 'Sock Puppets' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Unlock Bug Safari' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByRole('checkbox', { name: 'Noa (3)' })).not.toBeChecked();
      // The swapped-out castle is still avoided by the next swap.
      await userEvent.click(screen.getByRole('button', { name: 'Swap Sock Puppets' }));
      await waitFor(() => expect(server.requestsTo('POST /api/v1/planner')).toHaveLength(3));
      expect(server.requestsTo('POST /api/v1/planner')[2]!.body).toMatchObject({
        avoid: ['castle', 'puppets'],
      });
    });

    it('through a reload; Discard (asked first) drops it for good', async () => {
      const first = await makeAPlan();
      expect(first).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Lock Cardboard Castle' }));
      cleanup();

      open();
      expect(
        await screen.findByRole('button', { name: 'Unlock Cardboard Castle' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
      const confirm = await screen.findByRole('dialog', { name: 'Discard this plan?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Discard' }));
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Cardboard Castle' })).toBeNull(),
      );
      cleanup();

      open();
      expect(await screen.findByRole('button', { name: 'Plan it' })).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Cardboard Castle' })).toBeNull();
    });

    it('a saved plan is no longer kept as a draft', async () => {
      const saved: TSavedPlan = {
        ...firstPlan,
        id: 'plan-1',
        title: 'Rainy Saturday',
        createdAt: NOW,
        updatedAt: NOW,
      };
      server.on('POST /api/v1/planner/plans', () => jsonResponse(201, saved));
      server.on('GET /api/v1/planner/plans/plan-1', () => jsonResponse(200, saved));
      await makeAPlan();
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const dialog = await screen.findByRole('dialog', { name: 'Save this plan' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(screen.getByTestId('current-url')).toHaveTextContent('/ai-planner?plan=plan-1'),
      );
      cleanup();

      open();
      expect(await screen.findByRole('button', { name: 'Plan it' })).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Cardboard Castle' })).toBeNull();
    });

    it("a saved plan's unsaved changes are kept too, until discarded", async () => {
      const saved: TSavedPlan = {
        ...firstPlan,
        id: 'plan-1',
        title: 'Rainy Saturday',
        createdAt: NOW,
        updatedAt: NOW,
      };
      server.on('GET /api/v1/planner/plans/plan-1', () => jsonResponse(200, saved));
      open('/ai-planner?plan=plan-1');
      await userEvent.click(
        await screen.findByRole('button', { name: 'More for Cardboard Castle' }),
      );
      await userEvent.click(screen.getByRole('menuitem', { name: 'Remove' }));
      cleanup();

      open('/ai-planner?plan=plan-1');
      expect(await screen.findByText('Unsaved changes')).toBeVisible();
      expect(screen.queryByRole('link', { name: 'Cardboard Castle' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
      const confirm = await screen.findByRole('dialog', { name: 'Discard your changes?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Discard changes' }));
      expect(await screen.findByRole('link', { name: 'Cardboard Castle' })).toBeVisible();
      expect(screen.getByText('Saved')).toBeVisible();
    });
  });

  it('a family without children is asked to add one first', async () => {
    const childless = profile();
    childless.familyInfo.children = [];
    server.on('GET /api/v1/profile', () => jsonResponse(200, childless));
    open();
    expect(await screen.findByRole('link', { name: 'Add a child' })).toHaveAttribute(
      'href',
      '/profile#children',
    );
  });
});

describe('/ai-planner on a device holding the catalogue (issue 30)', () => {
  // The device's planner is a chunk of its own, compiled on its first use here.
  const PLANNED_ON_DEVICE = { timeout: 15_000 };
  const held = Array.from({ length: 12 }, (_, i) =>
    makeActivity({ id: `held-${i}`, title: `Held plan idea ${i}`, duration: 20 + (i % 3) * 10 }),
  );
  const holding = () => holdCatalogue(createQueryClient(), deviceCatalogue(held));

  it('offline: says the model needs the network, and plans on the device by the rules, for days of unknown weather', async () => {
    setNavigatorOnline(false);
    onlineManager.setOnline(false);
    // What the device kept of the family (the sign-in loaded it).
    const queryClient = holding();
    queryClient.setQueryData(['family', 'profile'], profile());
    renderPage(<AiPlannerPage />, { path: '/ai-planner', url: '/ai-planner', queryClient });
    expect(await screen.findByText(/Planning with the AI model needs the network/)).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Plan it' }));
    expect(await screen.findByText('Planned by the rules', {}, PLANNED_ON_DEVICE)).toBeVisible();
    expect(screen.getAllByText(/Forecast unknown/).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: /^Held plan idea/ }).length).toBeGreaterThan(0);
    expect(server.requestsTo('POST /api/v1/planner')).toHaveLength(0);
  });

  it('plans on the device when the server cannot be reached', async () => {
    server.on('POST /api/v1/planner', () => Promise.reject(new TypeError('Failed to fetch')));
    renderPage(<AiPlannerPage />, {
      path: '/ai-planner',
      url: '/ai-planner',
      queryClient: holding(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Plan it' }));
    expect(await screen.findByText('Planned by the rules', {}, PLANNED_ON_DEVICE)).toBeVisible();
    expect(screen.getAllByRole('link', { name: /^Held plan idea/ }).length).toBeGreaterThan(0);
    expect(server.requestsTo('POST /api/v1/planner')).toHaveLength(1);
  });
});
