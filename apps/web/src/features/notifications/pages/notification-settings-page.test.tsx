import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type TNotificationPreferences,
} from '@kkb/core/notifications/schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, jsonResponse, type FakeFetch } from '../../../test/fake-fetch';
import { renderRoute } from '../test/render';
import { NotificationSettingsPage } from './notification-settings-page';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  server.on('GET /api/v1/notifications/preferences', () =>
    jsonResponse(200, DEFAULT_NOTIFICATION_PREFERENCES),
  );
  server.on('PUT /api/v1/notifications/preferences', ({ body }) =>
    jsonResponse(200, { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(body as object) }),
  );
});

const open = () => renderRoute(<NotificationSettingsPage />, { path: '/notifications/settings' });
const toggle = (name: string) => screen.getByRole('switch', { name: new RegExp(`^${name}`) });

describe('/notifications/settings', () => {
  it('shows the saved settings', async () => {
    open();
    expect(await screen.findByRole('switch', { name: /^Send me notifications/ })).toBeChecked();
    for (const kind of [
      'Activity reminders',
      'Weather alerts',
      'Achievements',
      'Suggestions',
      'Daily summary',
    ]) {
      expect(toggle(kind)).toBeChecked();
    }
    expect(screen.getByLabelText(/Daily summary at/)).toHaveValue('19:00');
    expect(toggle('Quiet hours')).toBeChecked();
    expect(screen.getByLabelText(/From/)).toHaveValue('21:00');
    expect(screen.getByLabelText(/Until/)).toHaveValue('07:00');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('saves the switches, the summary time and quiet hours', async () => {
    open();
    await userEvent.click(await screen.findByRole('switch', { name: /^Weather alerts/ }));
    fireEvent.change(screen.getByLabelText(/Daily summary at/), { target: { value: '20:30' } });
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: '22:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Notification settings saved')).toBeVisible();
    const [saved] = server.requestsTo('PUT /api/v1/notifications/preferences');
    expect(saved?.body).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      weatherAlerts: false,
      dailySummaryTime: '20:30',
      quietHours: { enabled: true, start: '22:00', end: '07:00' },
    } satisfies TNotificationPreferences);
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('the master switch off greys out the kinds but keeps their choices', async () => {
    open();
    await userEvent.click(await screen.findByRole('switch', { name: /^Send me notifications/ }));
    expect(toggle('Achievements')).toBeDisabled();
    expect(toggle('Achievements')).toBeChecked();
    expect(screen.getByLabelText(/Daily summary at/)).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(server.requestsTo('PUT /api/v1/notifications/preferences')[0]?.body).toMatchObject({
        enabled: false,
        achievements: true,
      }),
    );
  });

  it('saves which kinds go out as push; a kind switched off has no push to choose', async () => {
    open();
    expect(await screen.findByRole('switch', { name: 'Push daily summary' })).toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Push daily summary' }));
    await userEvent.click(screen.getByRole('switch', { name: /^Weather alerts/ }));
    expect(screen.getByRole('switch', { name: 'Push weather alerts' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(server.requestsTo('PUT /api/v1/notifications/preferences')[0]?.body).toMatchObject({
        weatherAlerts: false,
        push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push, dailySummary: false },
      }),
    );
  });

  it('quiet hours off greys out their times', async () => {
    open();
    await userEvent.click(await screen.findByRole('switch', { name: /^Quiet hours/ }));
    expect(screen.getByLabelText(/From/)).toBeDisabled();
    expect(screen.getByLabelText(/Until/)).toBeDisabled();
  });

  it('an empty time is refused before anything is sent', async () => {
    open();
    fireEvent.change(await screen.findByLabelText(/Until/), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a time of day, such as 19:00')).toBeVisible();
    expect(server.requestsTo('PUT /api/v1/notifications/preferences')).toHaveLength(0);
  });

  it('says what went wrong when saving fails', async () => {
    server.on('PUT /api/v1/notifications/preferences', () =>
      jsonResponse(503, {
        detail: 'Notifications is currently unavailable',
        code: 'SERVICE_UNAVAILABLE',
      }),
    );
    open();
    await userEvent.click(await screen.findByRole('switch', { name: /^Achievements/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Notifications is currently unavailable')).toBeVisible();
  });

  it('shows the page error when the settings cannot load', async () => {
    server.on('GET /api/v1/notifications/preferences', () =>
      jsonResponse(404, { detail: 'Not found', code: 'DATA_NOT_FOUND' }),
    );
    open();
    expect(await screen.findByRole('button', { name: 'Refresh Page' })).toBeVisible();
  });
});
