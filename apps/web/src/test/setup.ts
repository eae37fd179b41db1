import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB: the offline queue and the saved query cache use this in-memory one.
import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadAlert } from '../components/feedback/deferred-alert';
import { clearSavedQueries } from '../lib/offline-caches';
import { clearQueue } from '../lib/offline-queue';

// In the app the alerts' chunk loads once the first page has painted, before any alert shows.
beforeAll(() => preloadAlert());

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  // What a test queued or saved for offline use must not reach the next one.
  await Promise.all([clearQueue(), clearSavedQueries()]);
  localStorage.clear();
  // The session marker cookie a test may have set (jsdom keeps cookies between tests).
  document.cookie = 'kkb_session=; max-age=0; path=/';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // TanStack Query's online state is global: a test that went offline must not pause the next.
  onlineManager.setOnline(true);
});
