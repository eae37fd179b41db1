import { DEFAULT_UNITS } from '@kkb/core/family/units';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Skeleton from '@mui/material/Skeleton';
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
import { DeferredAlert } from '../../../components/feedback/deferred-alert';
import { useQueryParams } from '../../../hooks/use-query-params';

const TIME_CHOICES = [15, 30, 45, 60, 90] as const;

const controls = deferredComponent(
  async () => (await import('../components/dashboard-controls')).DashboardControls,
);

/**
 * The streak card draws what `GET /stats` answers, which comes after the first paint anyway: its
 * code comes then too, and a placeholder of its size holds its place meanwhile.
 */
const streakCard = deferredComponent(
  async () => (await import('../../achievements/components/streak-points-card')).StreakPointsCard,
);

const savedAtFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** `/dashboard`: greeting, weather, who is playing, quick controls and six recommendations. */
export function DashboardPage() {
  const { data: profile } = useProfile();
  const weather = useWeather();
  const theme = useTheme();
  // Read at once (no first render as "wide"): the controls' open state is decided on mount.
  const belowMd = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [searchParams, setSearchParams] = useQueryParams();
  // The controls' and the streak card's chunks load while the profile and the weather do.
  useEffect(() => {
    controls.preload();
    streakCard.preload();
  }, []);
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
  const { timeAvailable, location, energyLevel, child, afterDark, params } = dashboardRequest({
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
  const recommendations = useRecommendations(ready ? params : undefined);

  const familyName = profile?.familyInfo.familyName ?? '';
  const greeting = greetingFor(new Date(), profile?.familyInfo.timezone);

  const last = useLastRecommendations(isOfflineWithoutData(recommendations));
  // The six cards appear in a background render React works through in slices (an answer comes
  // through an external store, whose updates React otherwise renders at once).
  const shown = useDeferredValue(recommendations.data ?? last?.data);

  let results;
  if (shown !== undefined) {
    const { recommendations: list, basis } = shown;
    // Shown but not refreshed (offline, or the server out of reach): the last ones fetched,
    // maybe for other choices, and said so (issue 12).
    const notRefreshed =
      recommendations.data === undefined ||
      recommendations.fetchStatus === 'paused' ||
      recommendations.isError;
    const savedNotice = notRefreshed && (
      <DeferredAlert severity="info" icon={<WifiOffIcon />}>
        Your last suggestions, from{' '}
        {savedAtFormat.format(
          recommendations.data === undefined ? last?.savedAt : recommendations.dataUpdatedAt,
        )}
        {recommendations.data === undefined || recommendations.isPlaceholderData
          ? ', made for other choices'
          : ''}
        . New ones come when you&apos;re back online.
      </DeferredAlert>
    );
    const darkHint = basis.afterDark && basis.location !== 'outdoor' && (
      <Typography variant="body2" color="text.secondary">
        It is dark outside, so outdoor-only activities are left out. Choose Outdoor to see them.
      </Typography>
    );
    // The catalogue starts at 12 months: say so instead of an empty page for a baby.
    const lookAheadNotice = basis.lookAhead && (
      <DeferredAlert severity="info">
        Activities start at 12 months. Until then, here is a look ahead at what you can play
        together from the first birthday; many work with a baby on your lap.
      </DeferredAlert>
    );
    const found =
      list.length === 0 ? (
        <DeferredAlert severity="info">
          Nothing fits these choices yet. Try more time, or choose Both for indoor and outdoor.
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
        {darkHint}
        {found}
      </Stack>
    );
  } else if (recommendations.isError) {
    results = (
      <RequestError error={recommendations.error} retry={() => void recommendations.refetch()} />
    );
  } else if (isOfflineWithoutData(recommendations)) {
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
  ].join(' · ');

  const streak = (
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
    <Stack spacing={{ xs: 2, md: 3 }}>
      <div>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
          {greeting}, {familyName}
        </Typography>
        <Typography color="text.secondary">
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
        <WeatherCard
          weather={weather.data}
          units={units}
          isError={weather.isError}
          waitingOffline={weatherOffline}
          onRetry={() => void weather.refetch()}
          slim={belowMd}
        />
        {/* On a phone the streak waits below the suggestions, which come first. */}
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
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}
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
      {belowMd && streak}
    </Stack>
  );
}
