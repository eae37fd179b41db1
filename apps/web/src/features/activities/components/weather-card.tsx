import type { TWeatherCondition } from '@kkb/core/activities/schema';
import type { TUnits, TWeather } from '@kkb/core/weather/schema';
import { formatTemperature } from '@kkb/core/weather/weather';
import AcUnitIcon from '@mui/icons-material/AcUnit';
import AirIcon from '@mui/icons-material/Air';
import CloudIcon from '@mui/icons-material/Cloud';
import ThunderstormIcon from '@mui/icons-material/Thunderstorm';
import UmbrellaIcon from '@mui/icons-material/Umbrella';
import WbSunnyIcon from '@mui/icons-material/WbSunny';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { DeferredAlert } from '../../../components/feedback/deferred-alert';

const CONDITION_ICONS: Readonly<Record<TWeatherCondition, typeof WbSunnyIcon>> = {
  sunny: WbSunnyIcon,
  cloudy: CloudIcon,
  rainy: UmbrellaIcon,
  snowy: AcUnitIcon,
  windy: AirIcon,
  stormy: ThunderstormIcon,
};

const CONDITION_COLORS: Readonly<Record<TWeatherCondition, string>> = {
  sunny: '#E65100',
  cloudy: '#546E7A',
  rainy: '#1565C0',
  snowy: '#0277BD',
  windy: '#00695C',
  stormy: '#4527A0',
};

/** Why a reading is not live, when it is not. */
function sourceNote(source: TWeather['source']): string | null {
  if (source === 'fallback') {
    return "We couldn't reach the weather service, so this is typical weather, not today's.";
  }
  if (source === 'fixed') return 'Sample weather: live weather is switched off on this server.';
  return null;
}

/**
 * The weather at home: condition icon, temperature in the family's units (`weather` is read in
 * °C), description and city; a note when the reading is not live. `slim` fits it all on one row,
 * so on a phone the recommendations still start on the first screen.
 */
export function WeatherCard({
  weather,
  units,
  isError,
  waitingOffline = false,
  onRetry,
  slim = false,
}: {
  weather: TWeather | undefined;
  units: TUnits;
  isError: boolean;
  /** Offline with no reading cached (spec §8). */
  waitingOffline?: boolean;
  onRetry: () => void;
  slim?: boolean;
}) {
  let body;
  if (weather !== undefined && slim) {
    const Icon = CONDITION_ICONS[weather.condition];
    const note = sourceNote(weather.source);
    body = (
      <>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Icon
            aria-hidden="true"
            sx={{ fontSize: 32, color: CONDITION_COLORS[weather.condition] }}
          />
          <Typography variant="h6" component="p">
            {formatTemperature(weather.temperature, units)}
          </Typography>
          <Typography variant="body2" sx={{ minWidth: 0 }}>
            {weather.description} · {weather.location.city}
          </Typography>
        </Stack>
        {note !== null && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {note}
          </Typography>
        )}
      </>
    );
  } else if (weather !== undefined) {
    const Icon = CONDITION_ICONS[weather.condition];
    const note = sourceNote(weather.source);
    body = (
      <>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Icon
            aria-hidden="true"
            sx={{ fontSize: 48, color: CONDITION_COLORS[weather.condition] }}
          />
          <div>
            <Typography variant="h4" component="p">
              {formatTemperature(weather.temperature, units)}
            </Typography>
            <Typography>{weather.description}</Typography>
            <Typography variant="body2" color="text.secondary">
              {weather.location.city}
            </Typography>
          </div>
        </Stack>
        {note !== null && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {note}
          </Typography>
        )}
      </>
    );
  } else if (waitingOffline) {
    body = <NoCachedData />;
  } else if (isError) {
    body = (
      <DeferredAlert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        The weather could not be loaded.
      </DeferredAlert>
    );
  } else {
    const iconSize = slim ? 32 : 48;
    body = (
      <Stack
        direction="row"
        spacing={2}
        aria-busy="true"
        aria-label="Loading the weather"
        sx={{ alignItems: 'center' }}
      >
        <Skeleton variant="circular" width={iconSize} height={iconSize} />
        <div>
          <Skeleton variant="text" width={80} sx={{ fontSize: slim ? '1.25rem' : '2rem' }} />
          {!slim && <Skeleton variant="text" width={120} />}
        </div>
      </Stack>
    );
  }
  return (
    <Card variant="outlined" component="section" aria-labelledby="weather-heading">
      <CardContent sx={slim ? { py: 1, '&:last-child': { pb: 1 } } : undefined}>
        <Typography
          id="weather-heading"
          variant="subtitle1"
          component="h2"
          gutterBottom
          // Read by screen readers, not drawn: the slim row needs no visible heading.
          sx={slim ? visuallyHidden : undefined}
        >
          Weather today
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
