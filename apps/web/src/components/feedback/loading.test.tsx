import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingSpinner } from './loading-spinner';
import { SkeletonGrid } from './skeleton-grid';

describe('LoadingSpinner', () => {
  it("§2 default message is 'Loading...', in a status region, size 40", () => {
    render(<LoadingSpinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(status.querySelector('.MuiCircularProgress-root')).toHaveStyle({
      width: '40px',
      height: '40px',
    });
    expect(status).not.toHaveAttribute('data-fullscreen');
  });

  it('§9 full screen: a fixed overlay on layer 9999', () => {
    render(<LoadingSpinner fullScreen message="Initializing app..." />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Initializing app...');
    expect(status).toHaveStyle({ position: 'fixed', zIndex: '9999' });
  });
});

describe('SkeletonGrid', () => {
  it('§9 skeleton grid defaults: 6 placeholder cards, marked busy', () => {
    render(<SkeletonGrid />);
    const grid = screen.getByRole('list', { name: 'Loading' });
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
  });

  it('renders the number of cards asked for', () => {
    render(<SkeletonGrid count={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
