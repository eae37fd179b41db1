// Build time only (scripts/prerender.mjs): the sign-in page rendered to HTML, so a phone paints
// the real form before any script has loaded; the browser then hydrates it (app/start.tsx). And
// the styles of the signed-in dashboard, compiled here so that a phone does not compile them.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { EMPTY_PROGRESS, familyStats } from '@kkb/core/achievements/progress';
import { recommendActivities } from '@kkb/core/activities/recommend';
import type { TActivity } from '@kkb/core/activities/schema';
import type { TUser } from '@kkb/core/auth/schemas';
import { createDefaultProfileDocument } from '@kkb/core/family/profile';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import { daylightAt } from '@kkb/core/weather/daylight';
import { fixedTelAvivWeather } from '@kkb/core/weather/weather';
import { AppShell } from './app/app';
import { AppRoutes } from './app/router';
import { getStatsQueryOptions } from './features/achievements/api/get-stats';
import { getRecommendationsQueryOptions } from './features/activities/api/get-recommendations';
import { getWeatherQueryOptions } from './features/activities/api/get-weather';
import { choicesFrom } from './features/activities/components/dashboard-choices';
import { dashboardRequest } from './features/activities/components/dashboard-request';
import { getFamilyQueryOptions } from './features/family/api/get-family';
import { getProfileQueryOptions } from './features/family/api/get-profile';
import { getUnreadCountQueryOptions } from './features/notifications/api/get-unread-count';
import { startSession } from './lib/api-client';
import { matchesViewportWidth } from './lib/viewport-width';

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += typeof chunk === 'string' ? chunk : String(chunk);
  return text;
}

/** The markup of `url` for a signed-out visitor, and the style tags it needs in the head. */
export async function renderSignedOut(url: string): Promise<{ html: string; styleTags: string }> {
  const { pathname, search } = new URL(url);
  // The browser's default emotion cache uses the key 'css' and adopts style tags of that key.
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppShell>
          <StaticRouter location={`${pathname}${search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppShell>
      </CacheProvider>
    </StrictMode>,
  );
  const html = await streamToString(prelude);
  return { html, styleTags: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

/**
 * The answers a new family's dashboard shows, as the server would give them: a profile with a
 * child, its weather (the server's sample reading), the catalogue's recommendations for them.
 * They are drawn only to learn the page's styles; nobody sees them.
 */
function newFamilyAnswers(activities: readonly TActivity[], now: Date): QueryClient {
  const nowIso = now.toISOString();
  const user: TUser = {
    id: 'prerender',
    name: 'A parent',
    email: 'parent@example.com',
    avatar_url: null,
    is_active: true,
    is_verified: true,
    created_at: nowIso,
    updated_at: nowIso,
  };
  startSession({
    access_token: 'prerender',
    refresh_token: 'prerender',
    token_type: 'Bearer',
    expires_in: 3600,
    user,
  });
  const blank = createDefaultProfileDocument(
    { uid: user.id, email: user.email, displayName: user.name, photoURL: null },
    nowIso,
  );
  const child = {
    id: 'child',
    name: 'A child',
    age: 5,
    interests: [],
    avatar: null,
    ageRange: [5, 7] as [number, number],
    preferences: { indoorOutdoor: 'both' as const, favoriteTypes: [], availableTimeSlots: [] },
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  const profile: TFamilyProfile = {
    ...blank,
    location: { city: 'Tel Aviv', state: '', country: 'Israel', lat: 32.08, lon: 34.78 },
    familyInfo: { ...blank.familyInfo, children: [child] },
  };
  const weather = fixedTelAvivWeather('metric', 'fixed', nowIso);
  const { params } = dashboardRequest({
    choices: choicesFrom(new URLSearchParams()),
    profile,
    weather,
    now,
  });
  const recommendations = recommendActivities({
    activities,
    children: [child],
    timeAvailable: params.timeAvailable,
    location: params.location,
    weatherReading: weather,
    daylight: daylightAt({
      now: nowIso,
      timeZone: profile.familyInfo.timezone,
      sunrise: weather.sunrise,
      sunset: weather.sunset,
    }),
  });
  const client = new QueryClient();
  client.setQueryData(getProfileQueryOptions().queryKey, profile);
  client.setQueryData(getFamilyQueryOptions().queryKey, {
    id: 'family',
    members: [{ userId: user.id, name: user.name, role: 'owner', joinedAt: nowIso }],
    invites: [],
  });
  client.setQueryData(getWeatherQueryOptions().queryKey, weather);
  client.setQueryData(getRecommendationsQueryOptions(params).queryKey, {
    ...recommendations,
    weather,
  });
  client.setQueryData(getStatsQueryOptions().queryKey, familyStats(EMPTY_PROGRESS, 0));
  client.setQueryData(getUnreadCountQueryOptions().queryKey, 0);
  return client;
}

/** A `matchMedia` for a screen `width` CSS pixels wide in light mode (what jsdom lacks). */
function matchMediaAt(width: number) {
  return (query: string) => {
    const list = {
      matches: matchesViewportWidth(query, width),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    };
    return list as unknown as MediaQueryList;
  };
}

/**
 * The style tags of a new family's dashboard in light mode, on a phone and on a wide screen: put
 * in the page the app starts from, the browser's emotion cache adopts them, so the first render
 * inserts (and compiles) only what they lack. Without them most of the commit that shows a
 * phone's dashboard is compiling these styles.
 */
export async function renderDashboardStyles(
  activities: readonly TActivity[],
  now = new Date(),
): Promise<string> {
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  let html = '';
  for (const width of [390, 1280]) {
    window.matchMedia = matchMediaAt(width);
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <CacheProvider value={cache}>
          <AppShell queryClient={newFamilyAnswers(activities, now)}>
            <StaticRouter location="/dashboard">
              <AppRoutes />
            </StaticRouter>
          </AppShell>
        </CacheProvider>
      </StrictMode>,
    );
    html += await streamToString(prelude);
  }
  if (!html.includes('Recommended activities')) {
    throw new Error('the dashboard prerendered without its recommendations');
  }
  // Every style the render made, not only those the markup names: a MUI component styled on top
  // of another (Button over ButtonBase) makes a class of its own that the element does not keep
  // (the inner one merges it), and the browser would compile it all the same.
  const everyClass = Object.keys(cache.inserted)
    .map((id) => `${cache.key}-${id}`)
    .join(' ');
  return constructStyleTagsFromChunks(extractCriticalToChunks(everyClass));
}
