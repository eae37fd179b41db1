import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { notification, serveNotifications } from '../test/fake-notifications';
import { renderRoute } from '../test/render';
import { NotificationsPage } from './notifications-page';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
});

const reminder = notification({
  id: 'reminder',
  type: 'activity_reminder',
  title: 'Time for Kitchen Volcano',
  message: 'You planned Kitchen Volcano for 17:00.',
  data: { link: '/activity/volcano' },
  minutesAgo: 5,
});
const trophy = notification({
  id: 'trophy',
  type: 'achievement',
  title: 'First Steps unlocked',
  message: 'Your first activity together: 10 points.',
  read: true,
  read_at: '2026-01-05T10:00:00.000Z',
  readAt: '2026-01-05T10:00:00.000Z',
  minutesAgo: 3 * 60,
});
const storm = notification({
  id: 'storm',
  type: 'weather_alert',
  title: 'Storm this afternoon',
  message: 'Plan something indoors.',
  minutesAgo: 2 * 24 * 60,
});

const open = (url = '/notifications') =>
  renderRoute(<NotificationsPage />, { path: '/notifications', url });

const list = () => screen.findByRole('list', { name: 'Notifications' });
const item = (title: string) =>
  screen.getByRole('heading', { name: new RegExp(title) }).closest('li')!;
const currentUrl = () => screen.getByTestId('current-url').textContent;

describe('/notifications', () => {
  it('lists the notifications newest first with their kind, age and unread state', async () => {
    serveNotifications(server, [reminder, trophy, storm]);
    open();
    const items = within(await list()).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Time for Kitchen Volcano (unread)',
      'First Steps unlocked',
      'Storm this afternoon (unread)',
    ]);
    expect(within(items[0]!).getByText('5 minutes ago')).toBeVisible();
    expect(within(items[0]!).getByText(/Reminders/)).toBeVisible();
    expect(within(items[1]!).getByText('3 hours ago')).toBeVisible();
    expect(within(items[2]!).getByText('2 days ago')).toBeVisible();
    expect(within(items[2]!).getByText(/Weather/)).toBeVisible();
    // Only unread ones offer "mark as read".
    expect(within(items[1]!).queryByRole('button', { name: /^Mark as read/ })).toBeNull();
    expect(await screen.findByText('2 unread')).toBeVisible();
  });

  it('marks one read: it loses its unread state at once and the server is told', async () => {
    serveNotifications(server, [reminder, storm]);
    open();
    await list();
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark as read: Storm this afternoon' }),
    );
    expect(within(item('Storm')).getByRole('heading')).toHaveTextContent(/^Storm this afternoon$/);
    expect(server.requestsTo('POST /api/v1/notifications/storm/read')).toHaveLength(1);
    expect(await screen.findByText('1 unread')).toBeVisible();
  });

  it('puts a notification back, without a message, when marking it read fails', async () => {
    serveNotifications(server, [storm]);
    server.on('POST /api/v1/notifications/storm/read', () =>
      jsonResponse(503, { detail: 'Unavailable', code: 'SERVICE_UNAVAILABLE' }),
    );
    open();
    await list();
    await userEvent.click(
      screen.getByRole('button', { name: 'Mark as read: Storm this afternoon' }),
    );
    await waitFor(() =>
      expect(within(item('Storm')).getByRole('heading')).toHaveTextContent(/\(unread\)/),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('deletes one', async () => {
    serveNotifications(server, [reminder, storm]);
    open();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Delete: Storm this afternoon' }));
    expect(screen.queryByRole('heading', { name: /Storm/ })).toBeNull();
    expect(server.requestsTo('DELETE /api/v1/notifications/storm')).toHaveLength(1);
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('marks all read', async () => {
    serveNotifications(server, [reminder, trophy, storm]);
    open();
    await screen.findByText('2 unread');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.queryByText(/\(unread\)/)).toBeNull();
    expect(server.requestsTo('POST /api/v1/notifications/mark-all-read')).toHaveLength(1);
    expect(await screen.findByText('All caught up')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('clears the read ones after asking; unread ones stay', async () => {
    serveNotifications(server, [reminder, trophy, storm]);
    open();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Clear read' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear read notifications?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear read' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /First Steps/ })).toBeNull());
    const [cleared] = server.requestsTo('DELETE /api/v1/notifications');
    expect(cleared?.query.get('read_only')).toBe('true');
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('cancelling the clear keeps everything', async () => {
    serveNotifications(server, [trophy]);
    open();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Clear read' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo('DELETE /api/v1/notifications')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: /First Steps/ })).toBeVisible();
  });

  it('filters by kind with the chips, and keeps the filter in the URL', async () => {
    serveNotifications(server, [reminder, trophy, storm]);
    open();
    await list();
    await userEvent.click(screen.getByRole('button', { name: 'Weather' }));
    expect(screen.getByRole('button', { name: 'Weather' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('heading', { name: /Storm/ })).toBeVisible();
    expect(
      server.requestsTo('GET /api/v1/notifications').at(-1)?.query.get('notification_type'),
    ).toBe('weather_alert');
    expect(currentUrl()).toBe('/notifications?type=weather_alert');
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3),
    );
  });

  it('an empty kind says so and offers all of them', async () => {
    serveNotifications(server, [reminder]);
    open('/notifications?type=daily_summary');
    expect(await screen.findByText('Nothing under Daily summary')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await list()).toBeVisible();
  });

  it('says so when there are no notifications at all', async () => {
    serveNotifications(server, []);
    open();
    expect(await screen.findByText('No notifications yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear read' })).toBeDisabled();
  });

  it('opening a notification with a link marks it read and goes there', async () => {
    serveNotifications(server, [reminder]);
    open();
    await userEvent.click(await screen.findByRole('link', { name: /Time for Kitchen Volcano/ }));
    expect(currentUrl()).toBe('/activity/volcano');
    await waitFor(() =>
      expect(server.requestsTo('POST /api/v1/notifications/reminder/read')).toHaveLength(1),
    );
  });

  it('loads 50 at a time; "Load more" asks for the next 50', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      notification({ id: `bulk-${i}`, title: `Bulk ${i}`, minutesAgo: i }),
    );
    serveNotifications(server, many);
    open();
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(50);
    expect(server.requestsTo('GET /api/v1/notifications')[0]?.query.get('limit')).toBe('50');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(60),
    );
    expect(server.requestsTo('GET /api/v1/notifications').at(-1)?.query.get('skip')).toBe('50');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the page error when the list cannot load, and Refresh Page loads it again', async () => {
    serveNotifications(server, [reminder]);
    server.on(
      'GET /api/v1/notifications',
      () => jsonResponse(404, { detail: 'Not found', code: 'DATA_NOT_FOUND' }),
      () => jsonResponse(200, { notifications: [reminder] }),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh Page' }));
    expect(await list()).toBeVisible();
  });

  it('leads to the notification settings', async () => {
    serveNotifications(server, []);
    open();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notifications/settings',
    );
  });
});
