import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession, startSession } from '../../../lib/api-client';
import { enablePush } from '../../../lib/push';
import { createQueryClient } from '../../../lib/query-client';
import { tokenSet } from '../../../test/auth-fixtures';
import { installFakeFetch, type FakeFetch } from '../../../test/fake-fetch';
import { answerPushRoutes, fakeBrowserPush, removeBrowserPush } from '../../../test/fake-push';
import { renderWithShell } from '../../../test/render';
import { FeedbackProvider } from './feedback';
import { NotificationsSection } from './notifications-section';

let server: FakeFetch;
let pushServer: ReturnType<typeof answerPushRoutes>;

beforeEach(() => {
  window.localStorage.clear();
  server = installFakeFetch();
  pushServer = answerPushRoutes(server);
  startSession(tokenSet());
});

afterEach(() => {
  clearSession();
  removeBrowserPush();
});

function renderSection() {
  renderWithShell(
    <QueryClientProvider client={createQueryClient()}>
      <FeedbackProvider>
        <NotificationsSection />
      </FeedbackProvider>
    </QueryClientProvider>,
    { route: '/profile' },
  );
  return userEvent.setup();
}

const deviceList = () => screen.findByRole('list', { name: 'Devices with push notifications' });
const pushSwitch = () => screen.getByRole('switch', { name: /^Push notifications on this device/ });

describe('Profile → Notifications: the devices that get push (issue 28)', () => {
  it('lists each device, this one marked, newest first', async () => {
    fakeBrowserPush('granted');
    pushServer.addDevice({ device: 'Safari on iOS', createdAt: '2026-10-02T08:00:00.000Z' });
    await enablePush();
    renderSection();

    const rows = within(await deviceList()).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Chrome on AndroidThis device.*push\.example\.com.*Remove$/),
      expect.stringMatching(/^Safari on iOS.*fcm\.googleapis\.com.*Remove$/),
    ]);
    expect(within(rows[1]!).queryByText('This device')).toBeNull();
    await waitFor(() => expect(pushSwitch()).toBeChecked());
  });

  it('removing another device asks first; Cancel keeps it, Remove deletes it by id', async () => {
    fakeBrowserPush('granted');
    const tablet = pushServer.addDevice({ device: 'Safari on iOS' });
    await enablePush();
    const user = renderSection();
    await deviceList();

    await user.click(screen.getByRole('button', { name: 'Remove Safari on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Safari on iOS?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(`DELETE /api/v1/push/subscriptions/${tablet.id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Safari on iOS' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('Safari on iOS removed')).toBeVisible();
    expect(server.requestsTo(`DELETE /api/v1/push/subscriptions/${tablet.id}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Safari on iOS' })).toBeNull(),
    );
    // This device still gets push.
    await waitFor(() => expect(pushSwitch()).toBeChecked());
  });

  it('removing this device turns its switch off and unsubscribes the browser', async () => {
    const browser = fakeBrowserPush('granted');
    await enablePush();
    const user = renderSection();
    await deviceList();
    await waitFor(() => expect(pushSwitch()).toBeChecked());

    await user.click(
      screen.getByRole('button', { name: 'Remove Chrome on Android (this device)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Push notifications turned off on this device')).toBeVisible();
    await waitFor(() => expect(pushSwitch()).not.toBeChecked());
    expect(browser.current()).toBeNull();
    expect(await screen.findByText(/^None yet/)).toBeVisible();
  });

  it('works by keyboard: Tab to Remove, Enter asks with Cancel focused, Escape keeps the device', async () => {
    fakeBrowserPush('granted');
    pushServer.addDevice({ device: 'Firefox on Linux' });
    const user = renderSection();
    await deviceList();
    const remove = screen.getByRole('button', { name: 'Remove Firefox on Linux' });
    for (let tabs = 0; tabs < 10 && document.activeElement !== remove; tabs += 1) {
      await user.tab();
    }
    expect(remove).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Firefox on Linux?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Remove Firefox on Linux' })).toBeVisible();
    expect(server.requestsTo('DELETE /api/v1/push/subscriptions/s1')).toHaveLength(0);
  });

  it('a removal the server refuses says why and keeps the device listed', async () => {
    fakeBrowserPush('granted');
    const gone = pushServer.addDevice({ device: 'Safari on iOS' });
    server.on(`DELETE /api/v1/push/subscriptions/${gone.id}`, () =>
      Response.json(
        { detail: 'Push subscription not found', code: 'DATA_NOT_FOUND' },
        { status: 404 },
      ),
    );
    const user = renderSection();
    await deviceList();
    await user.click(screen.getByRole('button', { name: 'Remove Safari on iOS' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/not found/i);
    expect(screen.getByRole('button', { name: 'Remove Safari on iOS' })).toBeVisible();
  });

  it('no device yet: says how to add one', async () => {
    fakeBrowserPush('default');
    renderSection();
    expect(await screen.findByText(/^None yet: turn push on above/)).toBeVisible();
  });
});
