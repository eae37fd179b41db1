import { MAX_COMPLETION_MINUTES } from '@kkb/core/achievements/schema';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '../../../lib/api-client';
import { readQueue } from '../../../lib/offline-queue';
import { completeProfile, testUser, tokenSet } from '../../../test/auth-fixtures';
import { setNavigatorOnline } from '../../../test/browser';
import { getProfileQueryOptions } from '../../family/api/get-profile';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { answerPushRoutes, fakeBrowserPush, removeBrowserPush } from '../../../test/fake-push';
import { getStatsQueryOptions } from '../api/get-stats';
import { completionResult, firstSteps, stats, stubReducedMotion } from '../test/fixtures';
import { renderWithQuery } from '../test/render';
import { MarkDoneButton } from './mark-done-button';

const COMPLETE = 'POST /api/v1/activities/act-1/complete';
let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  stubReducedMotion(true);
});

async function openDialog() {
  const user = userEvent.setup();
  const view = renderWithQuery(<MarkDoneButton activityId="act-1" defaultMinutes={30} />);
  await user.click(screen.getByRole('button', { name: 'Mark as done' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark as done' });
  return { user, dialog, ...view };
}

describe('MarkDoneButton', () => {
  it("opens a dialog with the activity's minutes prefilled", async () => {
    await openDialog();
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(30);
  });

  it("refuses minutes outside core's limits without calling the server", async () => {
    const { user } = await openDialog();
    const minutes = screen.getByRole('spinbutton', { name: 'Minutes' });
    await user.clear(minutes);
    await user.type(minutes, String(MAX_COMPLETION_MINUTES + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`Enter whole minutes from 1 to ${MAX_COMPLETION_MINUTES}`),
    ).toBeVisible();
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(server.requestsTo(COMPLETE)).toHaveLength(0);
  });

  it('sends the minutes with a client id, updates the stats and celebrates what unlocked', async () => {
    server.on(COMPLETE, () => jsonResponse(200, completionResult([firstSteps()])));
    const { user, queryClient } = await openDialog();
    queryClient.setQueryData(['user-activities'], { userActivities: [] });
    const minutes = screen.getByRole('spinbutton', { name: 'Minutes' });
    await user.clear(minutes);
    await user.type(minutes, '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const celebration = await screen.findByRole('dialog', { name: 'Achievement unlocked!' });
    expect(celebration).toHaveTextContent('First Steps');
    expect(celebration).toHaveTextContent('+10 points');
    const [request] = server.requestsTo(COMPLETE);
    expect(request?.body).toEqual({ minutes: 45, clientId: expect.any(String) });
    expect(queryClient.getQueryData(getStatsQueryOptions().queryKey)?.currentStreak).toBe(1);
    // The activity is now tried: the activities feature's list must be fetched again.
    expect(queryClient.getQueryState(['user-activities'])?.isInvalidated).toBe(true);
  });

  it('retries a failed completion with the same client id, so it counts once', async () => {
    server.on(
      COMPLETE,
      () => jsonResponse(500, { detail: 'Something went wrong', code: 'UNKNOWN_ERROR' }),
      () => jsonResponse(200, completionResult([])),
    );
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Marked as done. Nice work!')).toBeVisible();
    const [first, retry] = server.requestsTo(COMPLETE);
    expect(retry?.body).toEqual(first?.body);
    expect(screen.queryByRole('dialog', { name: 'Achievement unlocked!' })).toBeNull();
  });

  it('a new completion after a successful one gets a new client id', async () => {
    server.on(COMPLETE, () => jsonResponse(200, completionResult([])));
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mark as done' })).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.requestsTo(COMPLETE)).toHaveLength(2));
    const [first, second] = server.requestsTo(COMPLETE);
    expect(first?.body).not.toEqual(second?.body);
  });

  it('offline, Save queues the completion with its minutes and time: at once, counted on screen', async () => {
    setNavigatorOnline(false);
    const { user, queryClient } = await openDialog();
    const profile = completeProfile();
    profile.familyInfo.timezone = 'UTC';
    queryClient.setQueryData(getProfileQueryOptions().queryKey, profile);
    queryClient.setQueryData(
      getStatsQueryOptions().queryKey,
      stats({
        totalActivities: 3,
        totalTimeSpent: 60,
        currentStreak: 2,
        lastActivityDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
        byMember: [{ userId: testUser.id, name: testUser.name, activities: 3, minutes: 60 }],
      }),
    );
    queryClient.setQueryData(['user-activities'], []);
    const minutes = screen.getByRole('spinbutton', { name: 'Minutes' });
    await user.clear(minutes);
    await user.type(minutes, '25');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText("Marked as done. Nice work! It will sync when you're back online."),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mark as done' })).not.toBeInTheDocument(),
    );
    expect(server.requestsTo(COMPLETE)).toHaveLength(0);
    expect(await readQueue()).toEqual([
      {
        clientId: expect.any(String),
        kind: 'addAchievement',
        payload: {
          activityId: 'act-1',
          minutes: 25,
          completedAt: expect.any(String),
          childIds: ['child-1'],
        },
        queuedAt: expect.any(String),
      },
    ]);
    expect(queryClient.getQueryData(getStatsQueryOptions().queryKey)).toMatchObject({
      totalActivities: 4,
      totalTimeSpent: 85,
      currentStreak: 3,
      byMember: [{ activities: 4, minutes: 85 }],
    });
    expect(queryClient.getQueryData(['user-activities'])).toEqual([
      expect.objectContaining({
        activityId: 'act-1',
        tried: true,
        completedBy: testUser.id,
        completedChildIds: ['child-1'],
      }),
    ]);
  });

  describe('issue 29: who played', () => {
    const twoChildren = () => {
      const profile = completeProfile();
      const [noa] = profile.familyInfo.children;
      profile.familyInfo.children.push({ ...noa!, id: 'child-2', name: 'Eli' });
      return profile;
    };

    async function openWith(defaultChildIds?: string[]) {
      server.on('GET /api/v1/profile', () => jsonResponse(200, twoChildren()));
      server.on(COMPLETE, () => jsonResponse(200, completionResult([])));
      const user = userEvent.setup();
      renderWithQuery(
        <MarkDoneButton activityId="act-1" defaultMinutes={30} defaultChildIds={defaultChildIds} />,
      );
      await user.click(screen.getByRole('button', { name: 'Mark as done' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark as done' });
      await within(dialog).findByRole('group', { name: 'Who played' });
      return user;
    }

    it('asks which children played, starting from those chosen, and sends them', async () => {
      const user = await openWith(['child-2']);
      expect(screen.getByRole('checkbox', { name: 'Noa' })).not.toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Eli' })).toBeChecked();
      await user.click(screen.getByRole('checkbox', { name: 'Noa' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(server.requestsTo(COMPLETE)).toHaveLength(1));
      // In the family's order.
      expect(server.requestsTo(COMPLETE)[0]?.body).toMatchObject({
        childIds: ['child-1', 'child-2'],
      });
    });

    it('with no choice made where it was opened, every child is ticked', async () => {
      const user = await openWith();
      expect(screen.getByRole('checkbox', { name: 'Noa' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Eli' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(server.requestsTo(COMPLETE)).toHaveLength(1));
      expect(server.requestsTo(COMPLETE)[0]?.body).toMatchObject({
        childIds: ['child-1', 'child-2'],
      });
    });

    it('with nobody ticked it says to pick who played, and sends nothing', async () => {
      const user = await openWith(['child-1']);
      await user.click(screen.getByRole('checkbox', { name: 'Noa' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Pick who played')).toBeVisible();
      expect(server.requestsTo(COMPLETE)).toHaveLength(0);
      await user.click(screen.getByRole('checkbox', { name: 'Eli' }));
      expect(screen.queryByText('Pick who played')).toBeNull();
    });
  });

  it('a completion whose call got no answer is queued under the same client id', async () => {
    server.on(COMPLETE, () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/It will sync when you're back online/)).toBeVisible();
    const [request] = server.requestsTo(COMPLETE);
    const [queued] = await readQueue();
    expect(queued?.clientId).toBe((request?.body as { clientId: string }).clientId);
  });
});

describe('MarkDoneButton: the one-time push offer', () => {
  beforeEach(() => {
    server.on(COMPLETE, () => jsonResponse(200, completionResult([])));
    answerPushRoutes(server);
    startSession(tokenSet());
  });

  afterEach(() => {
    clearSession();
    removeBrowserPush();
  });

  const offer = () => screen.queryByRole('dialog', { name: 'Get reminders on this phone?' });

  async function complete(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Mark as done' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Mark as done' })).not.toBeInTheDocument(),
    );
  }

  it('never on first load; after the first completion once, and never again after "Not now"', async () => {
    fakeBrowserPush('default');
    const user = userEvent.setup();
    const view = renderWithQuery(<MarkDoneButton activityId="act-1" defaultMinutes={30} />);
    expect(offer()).toBeNull();

    await complete(user);
    expect(offer()).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(
      await screen.findByText(
        'You can turn push notifications on any time in Profile → Notifications',
      ),
    ).toBeVisible();
    expect(offer()).toBeNull();

    // Another visit (a fresh page), another completion: no second offer.
    view.unmount();
    renderWithQuery(<MarkDoneButton activityId="act-1" defaultMinutes={30} />);
    await complete(user);
    expect(await screen.findByText('Marked as done. Nice work!')).toBeVisible();
    expect(offer()).toBeNull();
  });

  it('"Turn on" asks the browser and sends the subscription', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    const user = userEvent.setup();
    renderWithQuery(<MarkDoneButton activityId="act-1" defaultMinutes={30} />);
    await complete(user);
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Push notifications are on for this device')).toBeVisible();
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(server.requestsTo('POST /api/v1/push/subscriptions')).toHaveLength(1);
  });

  it('is not made when the browser was already asked', async () => {
    fakeBrowserPush('denied');
    const user = userEvent.setup();
    renderWithQuery(<MarkDoneButton activityId="act-1" defaultMinutes={30} />);
    await complete(user);
    expect(await screen.findByText('Marked as done. Nice work!')).toBeVisible();
    expect(offer()).toBeNull();
  });
});
