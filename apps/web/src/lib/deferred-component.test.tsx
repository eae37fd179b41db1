import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/feedback/error-boundary';
import { deferredComponent } from './deferred-component';

function Loaded({ text }: { text: string }) {
  return <p>{text}</p>;
}

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
};

afterEach(() => {
  vi.restoreAllMocks();
});

function renderDeferred(deferred: ReturnType<typeof deferredComponent<{ text: string }>>) {
  render(
    <ErrorBoundary fallback={() => <p>Failed</p>}>
      <Suspense fallback={<p>Waiting</p>}>
        <deferred.Component text="Loaded" />
      </Suspense>
    </ErrorBoundary>,
  );
}

describe('deferredComponent', () => {
  it('fetches the chunk once, however often it is preloaded, and renders it', async () => {
    const load = vi.fn(() => Promise.resolve(Loaded));
    const deferred = deferredComponent(load);
    deferred.preload();
    deferred.preload();
    renderDeferred(deferred);
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a preload starts the fetch in a task of its own, not in the one that asked', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => Promise.resolve(Loaded));
      deferredComponent(load).preload();
      expect(load).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offline, a failed fetch keeps the fallback and tries again once back online', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<typeof Loaded>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Loaded);
    const deferred = deferredComponent(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDeferred(deferred);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, a failed fetch is an error for the page', async () => {
    setOnline(true);
    const load = vi.fn(() => Promise.reject(new Error('chunk missing')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDeferred(deferredComponent(load));
    expect(await screen.findByText('Failed')).toBeInTheDocument();
  });
});
