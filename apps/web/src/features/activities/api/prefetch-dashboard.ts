import type { QueryClient } from '@tanstack/react-query';
import { getFamilyQueryOptions } from '../../family/api/get-family';
import { getProfileQueryOptions } from '../../family/api/get-profile';
import { choicesFrom } from '../components/dashboard-choices';
import { dashboardRequest } from '../components/dashboard-request';
import { getRecommendationsQueryOptions } from './get-recommendations';
import { getWeatherQueryOptions } from './get-weather';

/**
 * Asks for what a reloaded dashboard shows as soon as the session is back, each answer right after
 * the one it needs (profile and weather, then the recommendations they decide), instead of each
 * after the render that the previous answer caused: on a phone those renders cost more than the
 * requests. The answers go into `queryClient` under the page's own keys, so the page finds them
 * there (or joins a request still under way). A failure is left in the cache for the page, which
 * shows it and asks again as it does on its own.
 */
export async function prefetchDashboard(
  queryClient: QueryClient,
  { search, sessionRestored }: { search: string; sessionRestored: Promise<unknown> },
): Promise<void> {
  try {
    await sessionRestored;
  } catch {
    return; // Signed out: the guard sends the visitor to sign in.
  }
  const ignoreFailure = () => undefined;
  void queryClient.prefetchQuery(getFamilyQueryOptions());
  const [profile, weather] = await Promise.all([
    queryClient.fetchQuery(getProfileQueryOptions()).catch(ignoreFailure),
    queryClient.fetchQuery(getWeatherQueryOptions()).catch(ignoreFailure),
  ]);
  // No family yet, or none known: the guard takes the parent to set one up.
  if (profile === undefined || profile === null) return;
  const { params } = dashboardRequest({
    choices: choicesFrom(new URLSearchParams(search)),
    profile,
    weather,
    now: new Date(),
  });
  await queryClient.prefetchQuery(getRecommendationsQueryOptions(params));
}
