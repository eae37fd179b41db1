import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, startSession } from '../../lib/api-client';
import { enablePush, PUSH_SUBSCRIBE_TIMEOUT_MS } from '../../lib/push';
import { tokenSet } from '../../test/auth-fixtures';
import { installFakeFetch, type FakeFetch } from '../../test/fake-fetch';
import {
  answerPushRoutes,
  fakeBrowserPush,
  pretendIphone,
  removeBrowserPush,
} from '../../test/fake-push';
import { renderWithShell } from '../../test/render';
import { FAILURE_MESSAGES, PushDeviceControl } from './push-device-control';

let server: FakeFetch;

beforeEach(() => {
  server = installFakeFetch();
  answerPushRoutes(server);
  startSession(tokenSet());
});

afterEach(() => {
  clearSession();
  removeBrowserPush();
  vi.useRealTimers();
});

const control = () => screen.getByRole('switch', { name: /^Push notifications on this device/ });

describe('Push notifications on this device (spec §4 push permission)', () => {
  it('undecided: turning it on asks the browser, subscribes and says it is on', async () => {
    const browser = fakeBrowserPush('default', 'granted');
    renderWithShell(<PushDeviceControl />);
    await waitFor(() => expect(control()).toBeEnabled());
    expect(control()).not.toBeChecked();
    expect(screen.getByText('Off. Turning it on asks your browser for permission.')).toBeVisible();
    await userEvent.click(control());
    await waitFor(() => expect(control()).toBeChecked());
    expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
    expect(server.requestsTo('POST /api/v1/push/subscriptions')).toHaveLength(1);
    expect(screen.getByText(/^On: notifications reach this device/)).toBeVisible();
  });

  it('undecided, then refused: off, with how to allow it, and no error', async () => {
    fakeBrowserPush('default', 'denied');
    renderWithShell(<PushDeviceControl />);
    await waitFor(() => expect(control()).toBeEnabled());
    await userEvent.click(control());
    expect(await screen.findByText(/^Notifications are blocked for this site/)).toBeVisible();
    expect(control()).not.toBeChecked();
    expect(control()).toBeDisabled();
    expect(screen.queryByText(/could not be turned on/)).toBeNull();
  });

  it('granted and subscribed: on; turning it off removes the subscription', async () => {
    const browser = fakeBrowserPush('granted');
    await enablePush();
    renderWithShell(<PushDeviceControl />);
    await waitFor(() => expect(control()).toBeChecked());
    await userEvent.click(control());
    await waitFor(() => expect(control()).not.toBeChecked());
    expect(server.requestsTo('DELETE /api/v1/push/subscriptions')).toHaveLength(1);
    expect(browser.current()).toBeNull();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('granted but the server cannot take the subscription: off, with a gentle word', async () => {
    fakeBrowserPush('granted');
    server.on('POST /api/v1/push/subscriptions', () => new Response(null, { status: 503 }));
    renderWithShell(<PushDeviceControl />);
    await waitFor(() => expect(control()).toBeEnabled());
    await userEvent.click(control());
    expect(await screen.findByText(/could not be turned on just now/)).toBeVisible();
    expect(control()).not.toBeChecked();
  });

  it('issue 29: granted, but the push service never answers: after 15 s off, usable, and what to do', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const browser = fakeBrowserPush('granted');
    browser.pushManager.subscribe.mockImplementation(() => new Promise(() => {}));
    renderWithShell(<PushDeviceControl />);
    await waitFor(() => expect(control()).toBeEnabled());
    fireEvent.click(control());
    await waitFor(() => expect(control()).toBeDisabled());
    expect(screen.getByText('Turning on…')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(PUSH_SUBSCRIBE_TIMEOUT_MS));
    expect(await screen.findByText(FAILURE_MESSAGES['push-service-unreachable'])).toBeVisible();
    expect(
      screen.getByText(/could not sign up with its push service.*online.*settings.*try again/),
    ).toBeVisible();
    expect(control()).toBeEnabled();
    expect(control()).not.toBeChecked();
  });

  it('denied: explains the browser site settings, never asks', async () => {
    const browser = fakeBrowserPush('denied');
    renderWithShell(<PushDeviceControl />);
    expect(await screen.findByText(/^Notifications are blocked for this site/)).toBeVisible();
    expect(control()).toBeDisabled();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('a browser without push: says so', async () => {
    renderWithShell(<PushDeviceControl />);
    expect(
      await screen.findByText(/^This browser cannot receive push notifications/),
    ).toBeVisible();
    expect(control()).toBeDisabled();
  });

  it('an iPhone in Safari: explains Add to Home Screen', async () => {
    pretendIphone();
    renderWithShell(<PushDeviceControl />);
    expect(await screen.findByText(/tap Share, then "Add to Home Screen"/)).toBeVisible();
    expect(control()).toBeDisabled();
  });
});
