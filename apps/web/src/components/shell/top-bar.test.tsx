import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setNavigatorOnline } from '../../test/browser';
import { renderWithShell } from '../../test/render';
import { TopBar } from './top-bar';

describe('TopBar', () => {
  it('§2 has the logo to /, AI Plan, Activities, My Activities, notifications and the chip', () => {
    setNavigatorOnline(true);
    renderWithShell(<TopBar userSlot={<button type="button">Login</button>} />);
    expect(screen.getByRole('link', { name: 'Keep Kid Busy' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Top' });
    expect(within(nav).getByRole('link', { name: 'AI Plan' })).toHaveAttribute(
      'href',
      '/ai-planner',
    );
    expect(within(nav).getByRole('link', { name: 'Activities' })).toHaveAttribute(
      'href',
      '/activities',
    );
    expect(within(nav).getByRole('link', { name: 'My Activities' })).toHaveAttribute(
      'href',
      '/my-activities',
    );
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('shows no badge without unread notifications', () => {
    const { container } = renderWithShell(<TopBar unreadNotifications={0} />);
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveTextContent('');
    expect(container.querySelector('.MuiBadge-badge')).toBeNull();
  });

  it('shows the unread count (the badge is drawn once its chunk is in)', async () => {
    renderWithShell(<TopBar unreadNotifications={7} />);
    const link = screen.getByRole('link', { name: 'Notifications, 7 unread' });
    await waitFor(() => expect(link).toHaveTextContent('7'));
  });

  it('§9 badge cap: more than 99 shows 99+', async () => {
    renderWithShell(<TopBar unreadNotifications={140} />);
    const link = screen.getByRole('link', { name: 'Notifications, more than 99 unread' });
    await waitFor(() => expect(link).toHaveTextContent('99+'));
  });
});
