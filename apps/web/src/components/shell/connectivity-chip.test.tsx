import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LAST_ONLINE_KEY, reportServerReachable } from '../../lib/connectivity';
import { enqueueAction } from '../../lib/offline-actions';
import { goOnline, setNavigatorOnline } from '../../test/browser';
import { renderWithShell } from '../../test/render';
import { ConnectivityChip } from './connectivity-chip';

describe('ConnectivityChip', () => {
  it("§2 online: shows 'Online' and nothing to open", () => {
    setNavigatorOnline(true);
    renderWithShell(<ConnectivityChip />);
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /offline/i })).not.toBeInTheDocument();
  });

  it('§2 offline: clicking reveals last online, pending actions and the sync note', async () => {
    localStorage.setItem(LAST_ONLINE_KEY, '2026-03-01T09:30:00.000Z');
    await enqueueAction({
      kind: 'saveUserActivity',
      payload: { activityId: 'a1', mark: 'favorite', on: true },
    });
    await enqueueAction({ kind: 'updateProfile', payload: { displayName: 'The Smiths' } });
    setNavigatorOnline(false);
    renderWithShell(<ConnectivityChip />);

    const chip = screen.getByRole('button', { name: 'Offline' });
    expect(chip).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(chip);

    const details = screen.getByRole('dialog', { name: 'Connection details' });
    expect(chip).toHaveAttribute('aria-expanded', 'true');
    expect(details).toHaveTextContent('Last online');
    const expected = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date('2026-03-01T09:30:00.000Z'));
    expect(details).toHaveTextContent(expected);
    await waitFor(() => expect(details).toHaveTextContent('Pending actions2'));
    expect(details).toHaveTextContent("Will sync when you're back online");

    await userEvent.keyboard('{Escape}');
    expect(chip).toHaveAttribute('aria-expanded', 'false');
  });

  it("§2 offline: last online is 'Unknown' when the app was never online here", async () => {
    setNavigatorOnline(false);
    renderWithShell(<ConnectivityChip />);
    await userEvent.click(screen.getByRole('button', { name: 'Offline' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Unknown');
    expect(screen.getByRole('dialog')).toHaveTextContent('Pending actions0');
  });

  it('opens the details by keyboard', async () => {
    setNavigatorOnline(false);
    renderWithShell(<ConnectivityChip />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Offline' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Connection details' })).toBeInTheDocument();
  });

  it('follows the browser going offline and back', () => {
    setNavigatorOnline(true);
    renderWithShell(<ConnectivityChip />);
    goOnline(false);
    expect(screen.getByRole('button', { name: 'Offline' })).toBeInTheDocument();
    expect(localStorage.getItem(LAST_ONLINE_KEY)).not.toBeNull();
    goOnline(true);
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('counts an action queued while the details are open', async () => {
    setNavigatorOnline(false);
    renderWithShell(<ConnectivityChip />);
    await userEvent.click(screen.getByRole('button', { name: 'Offline' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Pending actions0');
    await act(() => enqueueAction({ kind: 'addAchievement', payload: { activityId: 'a1' } }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Pending actions1');
  });

  it('a call that cannot reach the server shows Offline; the next answered call, Online', () => {
    setNavigatorOnline(true);
    renderWithShell(<ConnectivityChip />);
    act(() => reportServerReachable(false));
    expect(screen.getByRole('button', { name: 'Offline' })).toBeInTheDocument();
    act(() => reportServerReachable(true));
    expect(screen.getByText('Online')).toBeInTheDocument();
  });
});
