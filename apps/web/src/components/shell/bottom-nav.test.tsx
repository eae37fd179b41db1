import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockViewportWidth } from '../../test/browser';
import { renderWithShell } from '../../test/render';
import { BottomNav } from './bottom-nav';

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderAt(route: string) {
  return renderWithShell(
    <>
      <BottomNav />
      <Routes>
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </>,
    { route },
  );
}

describe('BottomNav', () => {
  it.each([900, 1280])('§2 is hidden at md and wider (%i px)', (width) => {
    mockViewportWidth(width);
    renderAt('/');
    expect(screen.queryByRole('navigation', { name: 'Bottom' })).not.toBeInTheDocument();
  });

  it('§2 shows the six items in order below md', () => {
    mockViewportWidth(390);
    renderAt('/');
    const nav = screen.getByRole('navigation', { name: 'Bottom' });
    const links = [...nav.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Activities', '/browse'],
      ['My Activities', '/my-activities'],
      ['Theater', '/activity-theater'],
      ['Animation', '/animation-studio'],
      ['Profile', '/profile'],
    ]);
  });

  it('marks the item of the current location as selected', () => {
    mockViewportWidth(599);
    renderAt('/my-activities');
    expect(screen.getByRole('link', { name: 'My Activities' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('Home is selected on /dashboard, where / leads a signed-in parent', () => {
    mockViewportWidth(390);
    renderAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('navigates and moves the selection with the location', async () => {
    mockViewportWidth(390);
    renderAt('/');
    await userEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(screen.getByTestId('path')).toHaveTextContent('/profile');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  });
});
