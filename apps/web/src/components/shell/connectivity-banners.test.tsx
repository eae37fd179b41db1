import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { enqueueAction } from '../../lib/offline-actions';
import { readQueue, removeActions } from '../../lib/offline-queue';
import { goOnline, setNavigatorOnline } from '../../test/browser';
import { renderWithShell } from '../../test/render';
import { ConnectivityBanners } from './connectivity-banners';

const OFFLINE_TEXT = "Some features may be limited. Your data will sync when you're back online.";

/**
 * The banners are drawn by a chunk of their own, loaded once first needed: opening offline once
 * loads it, as a page does after its first paint, so a test on fake timers finds it there.
 */
async function loadBannerChunk() {
  setNavigatorOnline(false);
  renderWithShell(<ConnectivityBanners />);
  await screen.findByRole('alert');
  cleanup();
}

describe('ConnectivityBanners', () => {
  it('shows nothing while online', () => {
    setNavigatorOnline(true);
    renderWithShell(<ConnectivityBanners />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('§2 offline banner: the warning shows when the connection drops and can be dismissed', async () => {
    setNavigatorOnline(true);
    renderWithShell(<ConnectivityBanners />);
    goOnline(false);

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent("You're offline");
    expect(banner).toHaveTextContent(OFFLINE_TEXT);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByText("You're offline")).not.toBeInTheDocument());
  });

  it('§2 offline banner: shows when the app opens offline', async () => {
    setNavigatorOnline(false);
    renderWithShell(<ConnectivityBanners />);
    expect(await screen.findByRole('alert')).toHaveTextContent("You're offline");
  });

  it('§9 back-online banner shows on reconnection and hides itself after 3 s', async () => {
    await loadBannerChunk();
    // Only the timers: the offline queue's IndexedDB keeps its own scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setNavigatorOnline(false);
    renderWithShell(<ConnectivityBanners />);
    goOnline(true);

    expect(screen.getByText("You're back online!")).toBeInTheDocument();
    // Nothing was queued: nothing to sync, and it does not pretend to.
    expect(screen.getByText('Your data is up to date.')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByText("You're back online!")).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // The exit transition runs after the 3 s timer.
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText("You're back online!")).not.toBeInTheDocument();
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
  });

  it('§2 the back-online banner says "Syncing your data..." while queued actions wait to be sent', async () => {
    await enqueueAction({ kind: 'addAchievement', payload: { activityId: 'a1' } });
    setNavigatorOnline(false);
    renderWithShell(<ConnectivityBanners />);
    goOnline(true);
    expect(await screen.findByText('Syncing your data...')).toBeInTheDocument();

    // The sync took them: the banner says so, and only then counts its 3 s.
    const [action] = await readQueue();
    await act(() => removeActions([action?.clientId ?? '']));
    expect(await screen.findByText('Your data is up to date.')).toBeInTheDocument();
  });
});
