import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo';

const wordColors = () =>
  ['Keep', 'Kid', 'Busy'].map((word) => screen.getByText(word).getAttribute('fill'));

describe('Logo', () => {
  it('has the accessible name Keep Kid Busy', () => {
    render(<Logo />);
    expect(screen.getByRole('img', { name: 'Keep Kid Busy' })).toBeInTheDocument();
  });

  it.each([
    ['small', 24],
    ['medium', 32],
    ['large', 48],
  ] as const)('§9 logo sizes: %s has a %i px icon', (size, px) => {
    render(<Logo size={size} />);
    expect(screen.getByRole('img')).toHaveAttribute('height', String(px));
  });

  it('§9 logo colours: primary is keep #2196F3, kid #E91E63, busy #2196F3', () => {
    render(<Logo scheme="primary" />);
    expect(wordColors()).toEqual(['#2196F3', '#E91E63', '#2196F3']);
  });

  it('§9 logo colours: dark is #1976D2, #C2185B, #1976D2', () => {
    render(<Logo scheme="dark" />);
    expect(wordColors()).toEqual(['#1976D2', '#C2185B', '#1976D2']);
  });

  it('white scheme draws every word in white', () => {
    render(<Logo scheme="white" />);
    expect(wordColors()).toEqual(['#FFFFFF', '#FFFFFF', '#FFFFFF']);
  });
});
