import { isValidElement, lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router';
import { LoadingSpinner } from '../components/feedback/loading-spinner';
import { PublicOnly } from './guards/public-only';
import { RequireAuth } from './guards/require-auth';
import { RequireCompleteProfile } from './guards/require-complete-profile';
import { RootLayout } from './layouts/root-layout';
import { PageRouteErrors, RootRouteErrors } from './layouts/route-errors';

/** Spec §2 loader messages of the lazy pages. */
const LOADING = {
  page: 'Loading page...',
  dashboard: 'Loading dashboard...',
  profile: 'Loading profile...',
  activities: 'Loading activities...',
  authentication: 'Loading authentication...',
} as const;

/** How to fetch each lazy page's chunk ahead of its first render (see `preloadPagesFor`). */
const pageLoaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * What React.lazy is given once a page's chunk has loaded: a thenable that calls back at once, so
 * the page renders without suspending (a promise always calls back later). Hydrating the
 * prerendered sign-in page relies on it: a page that suspends there is rendered again from scratch
 * when anything above it changes meanwhile, replacing the markup the parent already sees.
 */
function loadedPage(page: ComponentType): Promise<{ default: ComponentType }> {
  const thenable: PromiseLike<{ default: ComponentType }> = {
    then: (onLoaded) => {
      onLoaded?.({ default: page });
      return thenable as never;
    },
  };
  return thenable as Promise<{ default: ComponentType }>;
}

/** A page loaded on first visit (its own chunk), with its loader message meanwhile. */
function lazyPage<M>(
  loadModule: () => Promise<M>,
  pick: (module: M) => ComponentType,
  message: string,
): ReactElement {
  let loaded: ComponentType | undefined;
  const load = async () => {
    loaded = pick(await loadModule());
    return loaded;
  };
  const Page = lazy(() =>
    loaded === undefined ? load().then((page) => ({ default: page })) : loadedPage(loaded),
  );
  const element = (
    <Suspense fallback={<LoadingSpinner message={message} />}>
      <Page />
    </Suspense>
  );
  pageLoaders.set(element, load);
  return element;
}

const loginPage = lazyPage(
  () => import('../features/auth/pages/login-page'),
  (m) => m.LoginPage,
  LOADING.authentication,
);

/** A page inside its error card's boundary; it preloads as the page it wraps. */
function withPageErrors(element: ReactElement): ReactElement {
  const wrapped = <PageRouteErrors>{element}</PageRouteErrors>;
  const load = pageLoaders.get(element);
  if (load !== undefined) pageLoaders.set(wrapped, load);
  return wrapped;
}

function page(path: string, element: ReactElement): RouteObject {
  return { path, element: withPageErrors(element) };
}

function redirect(path: string, to: string): RouteObject {
  return { path, element: <Navigate to={to} replace /> };
}

/** The route table of spec §2: guards, frame, redirects. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RootRouteErrors>
        <RootLayout />
      </RootRouteErrors>
    ),
    children: [
      {
        element: <PublicOnly />,
        children: [
          { index: true, element: withPageErrors(loginPage) },
          page('login', loginPage),
          page(
            'register',
            lazyPage(
              () => import('../features/auth/pages/register-page'),
              (m) => m.RegisterPage,
              LOADING.authentication,
            ),
          ),
        ],
      },
      page(
        'oauth-callback',
        lazyPage(
          () => import('../features/auth/pages/oauth-callback-page'),
          (m) => m.OAuthCallbackPage,
          LOADING.authentication,
        ),
      ),
      page(
        'firebase-test',
        lazyPage(
          () => import('../features/system/pages/diagnostics-page'),
          (m) => m.DiagnosticsPage,
          LOADING.page,
        ),
      ),
      // A signed-in parent may follow a reset or verification link too, so these have no guard.
      page(
        'forgot-password',
        lazyPage(
          () => import('../features/auth/pages/forgot-password-page'),
          (m) => m.ForgotPasswordPage,
          LOADING.authentication,
        ),
      ),
      page(
        'reset-password',
        lazyPage(
          () => import('../features/auth/pages/reset-password-page'),
          (m) => m.ResetPasswordPage,
          LOADING.authentication,
        ),
      ),
      page(
        'verify-email',
        lazyPage(
          () => import('../features/auth/pages/verify-email-page'),
          (m) => m.VerifyEmailPage,
          LOADING.authentication,
        ),
      ),
      // An invitation link: signed out it asks to sign in or register first, so no guard.
      page(
        'join/:token',
        lazyPage(
          () => import('../features/family/pages/join-page'),
          (m) => m.JoinPage,
          LOADING.authentication,
        ),
      ),
      {
        element: <RequireAuth />,
        children: [
          {
            // The frame (top bar, bottom navigation) is not needed by the sign-in screens.
            element: lazyPage(
              () => import('./layouts/framed-layout'),
              (m) => m.FramedLayout,
              LOADING.page,
            ),
            children: [
              page(
                'setup',
                lazyPage(
                  () => import('../features/family/pages/setup-page'),
                  (m) => m.SetupPage,
                  LOADING.profile,
                ),
              ),
              page(
                'profile',
                lazyPage(
                  () => import('../features/family/pages/profile-page'),
                  (m) => m.ProfilePage,
                  LOADING.profile,
                ),
              ),
              {
                element: <RequireCompleteProfile />,
                children: [
                  page(
                    'dashboard',
                    lazyPage(
                      () => import('../features/activities/pages/dashboard-page'),
                      (m) => m.DashboardPage,
                      LOADING.dashboard,
                    ),
                  ),
                  page(
                    'activity/:id',
                    lazyPage(
                      () => import('../features/activities/pages/activity-detail-page'),
                      (m) => m.ActivityDetailPage,
                      LOADING.activities,
                    ),
                  ),
                  page(
                    'browse',
                    lazyPage(
                      () => import('../features/activities/pages/browse-page'),
                      (m) => m.BrowsePage,
                      LOADING.activities,
                    ),
                  ),
                  page(
                    'my-activities',
                    lazyPage(
                      () => import('../features/activities/pages/my-activities-page'),
                      (m) => m.MyActivitiesPage,
                      LOADING.activities,
                    ),
                  ),
                  page(
                    'notifications',
                    lazyPage(
                      () => import('../features/notifications/pages/notifications-page'),
                      (m) => m.NotificationsPage,
                      LOADING.page,
                    ),
                  ),
                  page(
                    'notifications/settings',
                    lazyPage(
                      () => import('../features/notifications/pages/notification-settings-page'),
                      (m) => m.NotificationSettingsPage,
                      LOADING.page,
                    ),
                  ),
                  page(
                    'ai-planner',
                    lazyPage(
                      () => import('../features/planner/pages/ai-planner-page'),
                      (m) => m.AiPlannerPage,
                      LOADING.page,
                    ),
                  ),
                  page(
                    'achievements',
                    lazyPage(
                      () => import('../features/achievements/pages/achievements-page'),
                      (m) => m.AchievementsPage,
                      LOADING.page,
                    ),
                  ),
                  page(
                    'activity-theater',
                    lazyPage(
                      () => import('../features/theater/pages/activity-theater-page'),
                      (m) => m.ActivityTheaterPage,
                      LOADING.page,
                    ),
                  ),
                  page(
                    'activity-theater/:id',
                    lazyPage(
                      () => import('../features/theater/pages/activity-theater-page'),
                      (m) => m.ActivityTheaterPage,
                      LOADING.activities,
                    ),
                  ),
                  page(
                    'animation-studio',
                    lazyPage(
                      () => import('../features/animation/pages/animation-studio-page'),
                      (m) => m.AnimationStudioPage,
                      LOADING.page,
                    ),
                  ),
                ],
              },
            ],
          },
          // Guarded, but without the standard frame (spec §2).
          page(
            'circular-activities',
            lazyPage(
              () => import('../features/circular/pages/circular-activities-page'),
              (m) => m.CircularActivitiesPage,
              LOADING.page,
            ),
          ),
        ],
      },
      redirect('home', '/dashboard'),
      redirect('profile-setup', '/setup'),
      redirect('activities', '/browse'),
      redirect('*', '/'),
    ],
  },
];

/**
 * Starts fetching the lazy pages the app is about to render at `pathname`, so their chunks load
 * while the session is restored and the profile fetched rather than after. Pages behind a guard
 * that will redirect (signed-in pages without a session to restore, the sign-in pages with one)
 * are left alone.
 */
export async function preloadPagesFor(pathname: string, signedIn: boolean): Promise<void> {
  const loading: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    if (!isValidElement(route.element)) continue;
    const guard = route.element.type;
    if ((guard === RequireAuth && !signedIn) || (guard === PublicOnly && signedIn)) break;
    // A chunk that fails here fails again when the page renders, which shows the error.
    loading.push(
      pageLoaders
        .get(route.element)?.()
        .catch(() => undefined) ?? Promise.resolve(),
    );
  }
  await Promise.all(loading);
}

/** The route table, inside whichever router is around it (browser, prerender, tests). */
export function AppRoutes() {
  return useRoutes(routes);
}
