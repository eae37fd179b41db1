import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockViewportWidth } from '../../test/browser';
import { renderWithShell } from '../../test/render';
import { PageFrame } from './page-frame';

describe('PageFrame', () => {
  it('§2 frames the page: top bar, decorative background, main, bottom nav on phones', async () => {
    mockViewportWidth(390);
    renderWithShell(
      <PageFrame>
        <h1>Dashboard</h1>
      </PageFrame>,
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading'));
    // Decorative, drawn once its chunk is in (after the first paint).
    expect(await screen.findByTestId('floating-background')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('navigation', { name: 'Bottom' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });
});
