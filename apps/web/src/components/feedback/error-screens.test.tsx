import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';
import { FullPageError } from './full-page-error';
import { InlineError } from './inline-error';
import { PageError } from './page-error';

/** Throws until `healed` is set, like a component whose data was broken for a moment. */
function Flaky({ healed }: { healed: { current: boolean } }) {
  if (!healed.current) throw new Error('broken');
  return <p>Recovered content</p>;
}

function renderBoundary(fallback: (reset: () => void) => React.ReactNode) {
  const healed = { current: false };
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <ErrorBoundary fallback={({ reset }) => fallback(reset)}>
      <Flaky healed={healed} />
    </ErrorBoundary>,
  );
  return healed;
}

describe('FullPageError', () => {
  it('§2 shows the title and text; Try Again resets the boundary', async () => {
    const healed = renderBoundary((reset) => <FullPageError reset={reset} />);
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    expect(
      screen.getByText("We encountered an unexpected error. Don't worry, your data is safe."),
    ).toBeVisible();
    healed.current = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });

  it('§2 Go Home goes to /', () => {
    render(<FullPageError reset={() => {}} />);
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('§2 Go Back goes one step back in history', async () => {
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    render(<FullPageError reset={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(back).toHaveBeenCalledOnce();
  });
});

describe('PageError', () => {
  it('§2 Refresh Page renders the page again', async () => {
    const healed = renderBoundary((reset) => <PageError reset={reset} />);
    expect(screen.getByText('Page Error')).toBeVisible();
    expect(
      screen.getByText('This page encountered an error. Please try refreshing.'),
    ).toBeVisible();
    healed.current = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });
});

describe('InlineError', () => {
  it('§2 the refresh button renders the component again', async () => {
    const healed = renderBoundary((reset) => <InlineError reset={reset} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Component Error');
    expect(alert).toHaveTextContent(
      'This component encountered an error. Click the refresh button to try again.',
    );
    healed.current = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });
});

describe('ErrorBoundary', () => {
  it('leaves the report of what it catches to React: logged once', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('broken');
    function Broken(): React.ReactNode {
      throw failure;
    }
    render(
      <ErrorBoundary fallback={({ reset }) => <PageError reset={reset} />}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(logged.mock.calls.filter((args) => args.includes(failure))).toHaveLength(1);
  });

  it('shows the fallback again when the children still fail after a reset', async () => {
    renderBoundary((reset) => <PageError reset={reset} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(screen.getByText('Page Error')).toBeInTheDocument();
  });

  it('calls onReset when reset', async () => {
    const onReset = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Bomb(): React.ReactNode {
      const [boom] = useState(true);
      if (boom) throw new Error('boom');
      return null;
    }
    render(
      <ErrorBoundary onReset={onReset} fallback={({ reset }) => <PageError reset={reset} />}>
        <Bomb />
      </ErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(onReset).toHaveBeenCalledOnce();
  });
});
