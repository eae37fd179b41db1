import { describe, expect, it, vi } from 'vitest';
import { preloadPagesFor } from './router';

// Each page module records that it was loaded; nothing else of them is needed here.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../features/auth/pages/login-page', () => {
  loaded.add('login');
  return { LoginPage: () => null };
});
vi.mock('./layouts/framed-layout', () => {
  loaded.add('frame');
  return { FramedLayout: () => null };
});
vi.mock('../features/activities/pages/dashboard-page', () => {
  loaded.add('dashboard');
  return { DashboardPage: () => null };
});

/** Lets the dynamic imports started by `preloadPagesFor` run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('preloadPagesFor: the pages the opening URL will render start loading at once', () => {
  it('loads nothing for pages a guard will redirect away from', async () => {
    preloadPagesFor('/dashboard', false);
    preloadPagesFor('/login', true);
    preloadPagesFor('/', true);
    await settle();
    expect([...loaded]).toEqual([]);
  });

  it('loads a signed-in page and its frame when there is a session to restore, and the sign-in page when there is none', async () => {
    preloadPagesFor('/dashboard', true);
    await vi.waitFor(() => expect(loaded).toEqual(new Set(['frame', 'dashboard'])));
    preloadPagesFor('/login', false);
    await vi.waitFor(() => expect(loaded.has('login')).toBe(true));
  });
});
