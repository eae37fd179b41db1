import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Link, MemoryRouter, Outlet, useRoutes, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PageRouteErrors, RootRouteErrors } from './route-errors';

/** What the broken pages and the root throw until `healed` is set. */
const failure = new Error('broken page');
let healed = false;
let logged: MockInstance<typeof console.error>;

beforeEach(() => {
  healed = false;
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  logged.mockRestore();
});

/** How often `failure` reached console.error. */
function timesLogged() {
  return logged.mock.calls.filter((args) => args.includes(failure)).length;
}

function Broken({ name }: { name: string }) {
  if (!healed) throw failure;
  return <h1>{name}</h1>;
}

function Frame() {
  return (
    <>
      <nav>
        <Link to="/broken">Broken</Link>
        <Link to="/fine">Fine</Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

/** Fails at /broken-root, the way a root layout that throws does. */
function Root() {
  return <Outlet />;
}

function BrokenRoot() {
  if (!healed) throw failure;
  return <h1>Root again</h1>;
}

/** The shape of app/router.tsx: the root's boundary, a frame, pages in boundaries of their own. */
const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RootRouteErrors>
        <Root />
      </RootRouteErrors>
    ),
    children: [
      {
        element: <Frame />,
        children: [
          {
            path: 'broken',
            element: (
              <PageRouteErrors>
                <Broken name="Broken page" />
              </PageRouteErrors>
            ),
          },
          {
            path: 'fine',
            element: (
              <PageRouteErrors>
                <h1>Fine page</h1>
              </PageRouteErrors>
            ),
          },
        ],
      },
      { path: 'broken-root', element: <BrokenRoot /> },
    ],
  },
];

function Routes() {
  return useRoutes(routes);
}

/** The routes at `path`, and a link outside them, as the browser's back button is. */
function renderAt(path: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes />
        <Link to="/fine">Elsewhere</Link>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('a page that fails', () => {
  it('shows the page error card inside its frame, logged once', () => {
    renderAt('/broken');
    expect(screen.getByRole('alert')).toHaveTextContent('Page Error');
    expect(screen.getByRole('link', { name: 'Fine' })).toBeVisible();
    expect(timesLogged()).toBe(1);
  });

  it('is rendered again by Refresh Page', async () => {
    renderAt('/broken');
    healed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(screen.getByRole('heading', { name: 'Broken page' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves its error behind when the parent navigates to another page', async () => {
    renderAt('/broken');
    await userEvent.click(screen.getByRole('link', { name: 'Fine' }));
    expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeVisible();
    expect(screen.queryByText('Page Error')).toBeNull();
  });

  it('fails once when navigated to, not again as the navigation settles', async () => {
    renderAt('/fine');
    await userEvent.click(screen.getByRole('link', { name: 'Broken' }));
    expect(await screen.findByText('Page Error')).toBeVisible();
    expect(timesLogged()).toBe(1);
  });
});

describe('a root that fails', () => {
  it('shows the full-page error, logged once; Try Again renders it again', async () => {
    renderAt('/broken-root');
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    expect(timesLogged()).toBe(1);
    healed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('heading', { name: 'Root again' })).toBeVisible();
  });

  it('leaves its error behind on a navigation (the browser going back)', async () => {
    renderAt('/broken-root');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeVisible();
    expect(screen.queryByText('Oops! Something went wrong')).toBeNull();
  });
});
