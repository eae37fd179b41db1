import { DEFAULT_TIME_ZONE } from '@kkb/core/achievements/calendar';
import type { TRecommendationEnergy } from '@kkb/core/activities/recommend';
import type { TActivityLocation } from '@kkb/core/activities/schema';
import { DEFAULT_UNITS } from '@kkb/core/family/units';
import { daylightAt } from '@kkb/core/weather/daylight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { InlineError } from '../../../components/feedback/inline-error';
import { SkeletonGrid } from '../../../components/feedback/skeleton-grid';
import { StreakPointsCard } from '../../achievements/components/streak-points-card';
import { useProfile } from '../../family/api/get-profile';
import { useRecommendations } from '../api/get-recommendations';
import { useWeather } from '../api/get-weather';
import { ActivityCard, ActivityGrid } from '../components/activity-card';
import { ChoiceGroup, type Choice } from '../components/choice-group';
import { greetingFor } from '../components/greeting';
import { startingLocation } from '../components/starting-location';
import { WeatherCard } from '../components/weather-card';

const TIME_CHOICES = [15, 30, 45, 60, 90] as const;

const LOCATION_CHOICES: readonly Choice<TActivityLocation>[] = [
  { value: 'indoor', label: 'Indoor' },
  { value: 'outdoor', label: 'Outdoor' },
  { value: 'both', label: 'Both' },
];

const ENERGY_CHOICES: readonly Choice<TRecommendationEnergy>[] = [
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];

/** The child picker's value for the whole family (scored by their average age). */
const EVERYONE = 'everyone';

/** `/dashboard`: greeting, weather, who is playing, quick controls and six recommendations. */
export function DashboardPage() {
  const { data: profile } = useProfile();
  const weather = useWeather();
  const [childId, setChildId] = useState(EVERYONE);
  const [chosenTime, setChosenTime] = useState<number | null>(null);
  const [chosenLocation, setChosenLocation] = useState<TActivityLocation | null>(null);
  const [energyLevel, setEnergyLevel] = useState<TRecommendationEnergy | null>(null);

  const children = profile?.familyInfo.children ?? [];
  const units = profile?.preferences.units ?? DEFAULT_UNITS;
  const defaults = profile?.preferences.defaultFilters;
  const timeAvailable = chosenTime ?? defaults?.timeAvailable ?? 30;
  const timeChoices = useMemo(
    () =>
      [...new Set([...TIME_CHOICES, timeAvailable])]
        .sort((a, b) => a - b)
        .map((minutes) => ({ value: String(minutes), label: `${minutes} min` })),
    [timeAvailable],
  );

  // The place waits for the weather (or its failure): rain means indoors (spec §9).
  const weatherSettled = weather.data !== undefined || weather.isError;
  const child = children.find((c) => c.id === childId);
  const preference = child?.preferences.indoorOutdoor ?? defaults?.location ?? 'both';
  const { afterDark } = daylightAt({
    now: new Date().toISOString(),
    timeZone: profile?.familyInfo.timezone ?? DEFAULT_TIME_ZONE,
    sunrise: weather.data?.sunrise ?? null,
    sunset: weather.data?.sunset ?? null,
  });
  const location =
    chosenLocation ?? startingLocation(weather.data?.condition, preference, afterDark);
  const recommendations = useRecommendations(
    weatherSettled
      ? {
          timeAvailable,
          location,
          ...(energyLevel !== null && { energyLevel }),
          ...(childId !== EVERYONE && { childId }),
        }
      : undefined,
  );

  const familyName = profile?.familyInfo.familyName ?? '';
  const greeting = greetingFor(new Date(), profile?.familyInfo.timezone);

  let results;
  if (recommendations.data !== undefined) {
    const { recommendations: list, basis } = recommendations.data;
    const darkHint = basis.afterDark && basis.location !== 'outdoor' && (
      <Typography variant="body2" color="text.secondary">
        It is dark outside, so outdoor-only activities are left out. Choose Outdoor to see them.
      </Typography>
    );
    const found =
      list.length === 0 ? (
        <Alert severity="info">
          Nothing fits these choices yet. Try more time, or choose Both for indoor and outdoor.
        </Alert>
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
        {darkHint}
        {found}
      </Stack>
    );
  } else if (recommendations.isError) {
    results = <InlineError reset={() => void recommendations.refetch()} />;
  } else {
    results = <SkeletonGrid />;
  }

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {greeting}, {familyName}
        </Typography>
        <Typography color="text.secondary">Here is what you could play today.</Typography>
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
          onRetry={() => void weather.refetch()}
        />
        <StreakPointsCard />
        <Card
          variant="outlined"
          component="section"
          aria-labelledby="controls-heading"
          sx={{ gridColumn: { md: '1 / -1' } }}
        >
          <CardContent>
            <Typography id="controls-heading" variant="subtitle1" component="h2" gutterBottom>
              What suits you right now?
            </Typography>
            <Stack spacing={2}>
              <TextField
                select
                label="Who's playing?"
                value={childId}
                onChange={(event) => {
                  setChildId(event.target.value);
                }}
                size="small"
                sx={{ maxWidth: 320 }}
              >
                <MenuItem value={EVERYONE}>Everyone</MenuItem>
                {children.map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name} ({c.age})
                  </MenuItem>
                ))}
              </TextField>
              <ChoiceGroup
                label="Time available"
                choices={timeChoices}
                value={String(timeAvailable)}
                onChange={(value) => {
                  if (value !== null) setChosenTime(Number(value));
                }}
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <ChoiceGroup
                  label="Indoor or outdoor"
                  choices={LOCATION_CHOICES}
                  value={location}
                  onChange={setChosenLocation}
                />
                <ChoiceGroup
                  label="Energy level"
                  choices={ENERGY_CHOICES}
                  value={energyLevel}
                  onChange={setEnergyLevel}
                  allowNone
                />
              </Stack>
            </Stack>
          </CardContent>
        </Card>
      </Box>

      <Box component="section" aria-labelledby="recommendations-heading">
        <Stack
          direction="row"
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}
        >
          <Typography id="recommendations-heading" variant="h5" component="h2">
            Recommended for you
          </Typography>
          {/* primary.dark: the main blue is too light for text on the page background. */}
          <Button component={RouterLink} to="/browse" sx={{ color: 'primary.dark' }}>
            Browse all
          </Button>
        </Stack>
        {results}
      </Box>
    </Stack>
  );
}
