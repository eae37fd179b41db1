import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useColorMode } from '../hooks/use-color-mode';
import { AppProviders } from './providers';

function ModeToggle() {
  const { mode, toggleMode } = useColorMode();
  return (
    <button type="button" onClick={toggleMode}>
      {mode}
    </button>
  );
}

function renderToggle() {
  render(
    <AppProviders>
      <ModeToggle />
    </AppProviders>,
  );
  return screen.getByRole('button');
}

describe('AppProviders colour mode (useColorMode)', () => {
  it('§9 theme: light by default', () => {
    expect(renderToggle()).toHaveTextContent('light');
  });

  it('§9 theme: the choice is kept under mui-mode and applied as a class', async () => {
    const toggle = renderToggle();
    await userEvent.click(toggle);
    expect(toggle).toHaveTextContent('dark');
    expect(localStorage.getItem('mui-mode')).toBe('dark');
    expect(localStorage.getItem('mui-color-scheme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(toggle);
    expect(localStorage.getItem('mui-mode')).toBe('light');
  });

  it('starts from a stored choice', () => {
    localStorage.setItem('mui-mode', 'dark');
    expect(renderToggle()).toHaveTextContent('dark');
  });

  it("'system' follows the device's preference", () => {
    localStorage.setItem('mui-mode', 'system');
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query === '(prefers-color-scheme: dark)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    expect(renderToggle()).toHaveTextContent('dark');
  });

  it('a choice made in another tab follows', async () => {
    const toggle = renderToggle();
    localStorage.setItem('mui-mode', 'dark');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'mui-mode', newValue: 'dark' }));
    });
    expect(toggle).toHaveTextContent('dark');
  });
});
