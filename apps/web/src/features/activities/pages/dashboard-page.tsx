import { coverageText } from '@kkb/core/activities/age-coverage';
import { helperName, listNames } from '@kkb/core/activities/child-names';
import { firstNameOf } from '@kkb/core/family/names';
import { DEFAULT_UNITS } from '@kkb/core/family/units';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { RequestError } from '../../../components/feedback/request-error';
import { SkeletonGrid } from '../../../components/feedback/skeleton-grid';
import { Disclosure } from '../../../components/layout/disclosure';
import { useProfile } from '../../family/api/get-profile';
import { useLastRecommendations, useRecommendations } from '../api/get-recommendations';
import { useWeather } from '../api/get-weather';
import { ActivityCard, ActivityGrid } from '../components/activity-card';
import {
  choicesFrom,
  ENERGY_CHOICES,
  EVERYONE,
  LOCATION_CHOICES,
  withChoice,
  type DashboardChoiceKey,
} from '../components/dashboard-choices';
import { greetingFor } from '../components/greeting';
import { dashboardRequest } from '../components/dashboard-request';
import { WeatherCard } from '../components/weather-card';
import { primaryTextSx } from '../../../components/layout/primary-text';
import { deferredComponent } from '../../../lib/deferred-component';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { fetchedAtOf } from '../../../lib/saved-answers';
import { AsOfNotice } from '../../../components/feedback/as-of-notice';
import { useConnectivity } from '../../../hooks/use-connectivity';
import { DeferredAlert } from '../../../components/feedback/deferred-alert';
import { useQueryParams } from '../../../hooks/use-query-params';

const TIME_CHOICES = [15, 30, 45, 60, 90] as const;

const controls = deferredComponent(
  async () => (await import('../components/dashboard-controls')).DashboardControls,
);

/**
 * The streak card (a phone's: its chip) draws what `GET /stats` answers, which comes after the
 * first paint anyway: its code comes then too, and a placeholder of its size holds its place.
 */
const streakCard = deferredComponent(
  async () => (await import('../../achievements/components/streak-points-card')).StreakPointsCard,
);
const streakChip = deferredComponent(
  async () => (await import('../../achievements/components/streak-chip')).StreakChip,
);

/** "Sam (17)": the children older than the activities, as the reasons name them. */
function helperNames(
  helperIds: readonly string[],
  children: readonly { id: string; name: string; age: number }[],
): string[] {
  return children.filter((c) => helperIds.includes(c.id)).map(helperName);
}

/** `/dashboard`: greeting, weather, who is playing, quick controls and six recommendations. */
export function DashboardPage() {
  const { data: profile } = useProfile();
  const weather = useWeather();
  const theme = useTheme();
  // Read at once (no first render as "wide"): the controls' open state is decided on mount.
  const belowMd = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [searchParams, setSearchParams] = useQueryParams();
  // The controls' and the streak's chunks load while the profile and the weather do.
  useEffect(() => {
    controls.preload();
    (belowMd ? streakChip : streakCard).preload();
  }, [belowMd]);
  const choices = choicesFrom(searchParams);
  const choose = (key: DashboardChoiceKey, value: string | number | null) =>
    setSearchParams((current) => withChoice(current, key, value), { replace: true });

  const children = profile?.familyInfo.children ?? [];
  const units = profile?.preferences.units ?? DEFAULT_UNITS;
  // The place waits for the weather (or its failure): rain means indoors (spec §9).
  // The controls wait for the profile too: its saved defaults, not the controls' own, show first.
  // Offline without a cached reading, the place goes without it too.
  const weatherOffline = isOfflineWithoutData(weather);
  const ready =
    profile !== undefined && (weather.data !== undefined || weather.isError || weatherOffline);
  const { timeAvailable, location, energyLevel, rightNow, child, afterDark, params } =
    dashboardRequest({
      choices,
      profile,
      weather: weather.data,
      now: new Date(),
    });
  const childId = child?.id ?? EVERYONE;
  const timeChoices = useMemo(
    () =>
      [...new Set([...TIME_CHOICES, timeAvailable])]
        .sort((a, b) => a - b)
        .map((minutes) => ({ value: String(minutes), label: `${minutes} min` })),
    [timeAvailable],
  );
  // Ranked on the device at once when it holds the catalogue, for any choice, then confirmed (or
  // replaced) by the server's answer; a first visit waits for the server's.
  const recommendations = useRecommendations(ready ? params : undefined);
  const { server } = recommendations;
  const serverOfflineWithoutData = !recommendations.onDevice && isOfflineWithoutData(server);

  // The member's own first name (the profile's displayName is the reader's own).
  const greetedName = profile ? firstNameOf(profile.displayName) : '';
  const greeting = greetingFor(new Date(), profile?.familyInfo.timezone);

  const last = useLastRecommendations(serverOfflineWithoutData);
  const queryClient = useQueryClient();
  const { isOffline } = useConnectivity();
  // The six cards appear in a background render React works through in slices (an answer comes
  // through an external store, whose updates React otherwise renders at once).
  const shown = useDeferredValue(recommendations.data ?? last?.data);

  let results;
  if (shown !== undefined) {
    const { recommendations: list, basis } = shown;
    // Shown but not refreshed (offline, or the server out of reach) on a device that cannot rank
    // them itself: the last ones fetched, maybe for other choices, and said so with their time
    // (issue 12). Those kept while new choices load have no time of their own: theirs is the
    // query's they came from. A device holding the catalogue ranks them now itself: no notice.
    const forOtherChoices = server.data === undefined || server.isPlaceholderData;
    const fetchedAt =
      server.data === undefined
        ? last?.savedAt
        : server.isPlaceholderData
          ? fetchedAtOf(queryClient, server.data)
          : server.dataUpdatedAt;
    const savedSince =
      !recommendations.onDevice &&
      (server.data === undefined || isOffline || server.fetchStatus === 'paused' || server.isError)
        ? fetchedAt
        : undefined;
    const savedNotice = (
      <AsOfNotice since={savedSince} what="Your last suggestions">
        {forOtherChoices && 'They were made for other choices. '}New ones come when you&apos;re back
        online.
      </AsOfNotice>
    );
    // Under the suggestions: at night on a phone, above them it pushed the second one off the first
    // screen (issue 29).
    const darkHint = basis.afterDark && basis.location !== 'outdoor' && (
      <Typography variant="body2" color="text.secondary">
        It is dark outside, so outdoor-only activities are left out. Choose Outdoor to see them.
      </Typography>
    );
    // The activities start at an age (12 months today): say so instead of an empty page.
    const lookAheadNotice = basis.lookAhead && basis.ageCoverage && (
      <DeferredAlert severity="info">
        Activities start at{' '}
        {basis.ageCoverage.youngest === 1 ? '12 months' : `age ${basis.ageCoverage.youngest}`}.
        Until then, here is a look ahead at what you can play together; many work with a baby on
        your lap.
      </DeferredAlert>
    );
    const helpers = helperNames(basis.helperIds, children);
    // Nobody the activities serve (a teenager alone): say what they cover, not "try more time".
    const nobodyServed = basis.age === null && helpers.length > 0;
    const coverage = basis.ageCoverage && coverageText(basis.ageCoverage);
    const helperNotice = helpers.length > 0 && coverage && !nobodyServed && (
      <Typography variant="body2" color="text.secondary">
        {coverage}, so {listNames(helpers)} {helpers.length === 1 ? 'joins' : 'join'} in as{' '}
        {helpers.length === 1 ? 'a helper' : 'helpers'}.
      </Typography>
    );
    const found =
      nobodyServed && coverage ? (
        <DeferredAlert severity="info">
          {coverage}, so none is made for {listNames(helpers)} yet. Older children can join in as
          helpers when a younger child plays: add a younger child, or your own activities for their
          age.
        </DeferredAlert>
      ) : list.length === 0 ? (
        <DeferredAlert severity="info">
          Nothing fits these choices yet. Try more time, or choose Both for indoor and outdoor.
          {rightNow && ' Or turn off Right now to see activities that need a little prep or mess.'}
        </DeferredAlert>
      ) : (
        <ActivityGrid label="Recommended activities">
          {list.map(({ activity, reasons }) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} headingLevel="h3">
                {reasons.length > 0 && (
                  <>
                    <Typography variant="body2" sx={{ fontWeight: 500 }} component="p">
                      Why we picked it
                    </Typography>
                    <Box
                      component="ul"
                      sx={{ m: 0, pl: 2.5, typography: 'body2', color: 'text.secondary' }}
                    >
                      {reasons.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </Box>
                  </>
                )}
              </ActivityCard>
            </li>
          ))}
        </ActivityGrid>
      );
    results = (
      <Stack spacing={2}>
        {savedNotice}
        {lookAheadNotice}
        {helperNotice}
        {found}
        {darkHint}
      </Stack>
    );
  } else if (server.isError && !recommendations.onDevice) {
    results = <RequestError error={server.error} retry={() => void server.refetch()} />;
  } else if (serverOfflineWithoutData) {
    results = <NoCachedData />;
  } else {
    results = <SkeletonGrid />;
  }

  const summary = [
    `${timeAvailable} min`,
    LOCATION_CHOICES.find((choice) => choice.value === location)?.label,
    energyLevel === null
      ? 'any energy'
      : `${ENERGY_CHOICES.find((choice) => choice.value === energyLevel)?.label} energy`,
    child?.name ?? 'Everyone',
    ...(rightNow ? ['Right now'] : []),
  ].join(' · ');

  // On a phone a chip beside the weather, so that the suggestions start on the first screen.
  const streak = belowMd ? (
    <Suspense
      fallback={
        <Skeleton
          variant="rounded"
          width={112}
          height={40}
          sx={{ borderRadius: 5 }}
          aria-busy="true"
          aria-label="Loading your streak"
        />
      }
    >
      <streakChip.Component />
    </Suspense>
  ) : (
    <Suspense
      fallback={
        <Skeleton
          variant="rounded"
          height={184}
          aria-busy="true"
          aria-label="Loading your streak"
        />
      }
    >
      <streakCard.Component />
    </Suspense>
  );
  const controlsSkeleton = (
    <Stack spacing={1} aria-busy="true" aria-label="Loading your choices">
      <Skeleton variant="rounded" height={40} sx={{ maxWidth: 320 }} />
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="rounded" height={56} />
    </Stack>
  );
  return (
    <Stack spacing={{ xs: 1.5, md: 3 }}>
      <div>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: '1.375rem', sm: '2.125rem' }, lineHeight: 1.3 }}
        >
          {greeting}, {greetedName}
        </Typography>
        {/* Left out on a phone, where the first screen is kept for the suggestions. */}
        <Typography color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          Here is what you could play {afterDark ? 'this evening' : 'today'}.
        </Typography>
      </div>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {/* On a phone the streak's chip sits beside the weather, on one row when they fit. */}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Box sx={{ flex: '1 1 200px', minWidth: 0, alignSelf: 'stretch', display: 'grid' }}>
            <WeatherCard
              weather={weather.data}
              units={units}
              isError={weather.isError}
              waitingOffline={weatherOffline}
              onRetry={() => void weather.refetch()}
              slim={belowMd}
            />
          </Box>
          {belowMd && streak}
        </Stack>
        {!belowMd && streak}
        <Disclosure
          // Open where there is room; on a phone a summary line that opens them.
          defaultOpen={!belowMd}
          sx={{ gridColumn: { md: '1 / -1' } }}
          heading={
            <Stack sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" component="span">
                What suits you right now?
              </Typography>
              {ready ? (
                <Typography variant="body2" color="text.secondary" component="span">
                  {summary}
                </Typography>
              ) : (
                <Skeleton variant="text" width={200} />
              )}
            </Stack>
          }
        >
          {ready ? (
            <Suspense fallback={controlsSkeleton}>
              <controls.Component
                familyChildren={children}
                childId={childId}
                timeChoices={timeChoices}
                timeAvailable={timeAvailable}
                location={location}
                energyLevel={energyLevel}
                rightNow={rightNow}
                choose={choose}
              />
            </Suspense>
          ) : (
            controlsSkeleton
          )}
        </Disclosure>
      </Box>

      <Box component="section" aria-labelledby="recommendations-heading">
        <Stack
          direction="row"
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: { xs: 1.5, md: 2 } }}
        >
          <Typography
            id="recommendations-heading"
            variant="h5"
            component="h2"
            sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
          >
            Recommended for you
          </Typography>
          {/* The main blue is too light for text on the page background. */}
          <Button
            component={RouterLink}
            to="/browse"
            sx={(theme) => ({ ...primaryTextSx(theme), whiteSpace: 'nowrap', flexShrink: 0 })}
          >
            Browse all
          </Button>
        </Stack>
        {results}
      </Box>
    </Stack>
  );
}
