import { isOwnActivityId } from '@kkb/core/activities/own-activity-id';
import type { TActivity } from '@kkb/core/activities/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { PageError } from '../../../components/feedback/page-error';
import { ApiError } from '../../../lib/api-client';
import { useActivity } from '../api/get-activity';
import {
  categoryName,
  DIFFICULTY_LABELS,
  formatAgeRange,
  formatDuration,
  formatWaiting,
  LOCATION_LABELS,
  SEASON_LABELS,
  WEATHER_LABELS,
} from '../components/activity-labels';
import { ActivityPicture } from '../components/activity-picture';
import { ActivityStatusControls } from '../components/activity-status-controls';
import { backLinkFor, chosenChildIds } from '../components/back-link';
import { ExportCatalogueFileButton } from '../components/export-catalogue-file-button';
import { RemindMeButton } from '../components/remind-me-button';
import { primaryTextSx } from '../../../components/layout/primary-text';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { AsOfNotice } from '../../../components/feedback/as-of-notice';
import { useSavedSince } from '../../../hooks/use-saved-since';
import { useUserActivities } from '../api/get-user-activities';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A list section, left out when the activity has nothing for it (own activities may not). */
function ListSection({
  title,
  items,
  ordered = false,
}: {
  title: string;
  items: readonly string[];
  ordered?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <Section title={title}>
      <Box component={ordered ? 'ol' : 'ul'} sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
        {items.map((item, index) => (
          <li key={`${index}-${item}`}>{item}</li>
        ))}
      </Box>
    </Section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </div>
  );
}

function ActivityDetails({
  activity,
  chosenChildren,
}: {
  activity: TActivity;
  chosenChildren: string[] | undefined;
}) {
  const waiting = formatWaiting(activity);
  const location = useLocation();
  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
            <ActivityPicture activity={activity} size={88} />
            <div>
              <Chip
                label={categoryName(activity.category)}
                color="primary"
                variant="outlined"
                size="small"
                sx={{ mb: 1 }}
              />
              <Typography
                variant="h4"
                component="h1"
                sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
              >
                {activity.title}
              </Typography>
            </div>
          </Stack>
          <Typography sx={{ maxWidth: '70ch', mb: 2 }}>{activity.description}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
            <Button
              component={RouterLink}
              to={`/activity-theater/${encodeURIComponent(activity.id)}`}
              // The theater asks who played as this page would.
              state={location.state as unknown}
              variant="contained"
              size="large"
              startIcon={<PlayArrowIcon />}
            >
              Start
            </Button>
            <RemindMeButton activityId={activity.id} title={activity.title} />
          </Stack>
          <ActivityStatusControls
            activityId={activity.id}
            defaultMinutes={activity.duration}
            defaultChildIds={chosenChildren}
          />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: 'repeat(2, minmax(0, 1fr))',
                sm: 'repeat(3, 1fr)',
                md: 'repeat(6, 1fr)',
              },
            }}
          >
            <Fact label="Difficulty" value={DIFFICULTY_LABELS[activity.difficulty]} />
            <Fact label="Duration" value={formatDuration(activity.duration)} />
            <Fact label="Location" value={LOCATION_LABELS[activity.location]} />
            <Fact label="Ages" value={formatAgeRange(activity.ageRange)} />
            <Fact label="Energy" value={activity.energyLevel} />
            {activity.seasons && (
              <Fact
                label="Season"
                value={activity.seasons.map((season) => SEASON_LABELS[season]).join(', ')}
              />
            )}
            {waiting !== null && <Fact label="Waiting" value={waiting} />}
            <Fact
              label="Weather"
              value={
                activity.weatherDependent
                  ? activity.weather.map((w) => WEATHER_LABELS[w]).join(', ')
                  : `${activity.weather.map((w) => WEATHER_LABELS[w]).join(', ')} (not weather dependent)`
              }
            />
          </Box>
        </CardContent>
      </Card>
      {activity.materials.length === 0 ? (
        <Section title="What you need">
          <Typography>Nothing to gather: you can play this anywhere, right now.</Typography>
        </Section>
      ) : (
        <ListSection title="What you need" items={activity.materials} />
      )}
      <ListSection title="Instructions" items={activity.instructions} ordered />
      <ListSection title="Tips" items={activity.tips} />
      <ListSection title="Variations" items={activity.variations} />
      <ListSection title="What children learn" items={activity.learningObjectives} />
      <ListSection title="Safety tips" items={activity.safetyTips} />
      {isOwnActivityId(activity.id) && (
        <Section title="Share it with other families">
          <Typography sx={{ maxWidth: '70ch', mb: 1.5 }}>
            Your own activity can join the app&apos;s built-in activities: export it as a catalogue
            file and send it to whoever keeps this app for you.
          </Typography>
          <ExportCatalogueFileButton activityId={activity.id} />
        </Section>
      )}
      {activity.tags.length > 0 && (
        <Section title="Tags">
          <Stack
            direction="row"
            component="ul"
            sx={{ flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
          >
            {activity.tags.map((tag) => (
              <li key={tag}>
                <Chip label={tag} size="small" />
              </li>
            ))}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

function DetailSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" aria-label="Loading the activity">
      <Skeleton variant="text" width="60%" sx={{ fontSize: '2.5rem' }} />
      <Skeleton variant="text" />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="rectangular" height={96} />
      <Skeleton variant="rectangular" height={200} />
    </Stack>
  );
}

/** `/activity/{id}`: every field of the activity, favourite and tried; "Activity not found" otherwise. */
export function ActivityDetailPage() {
  const { id = '' } = useParams();
  const activity = useActivity(id);
  // Its favourite and tried marks show with it (ActivityStatusControls).
  const records = useUserActivities();
  const savedSince = useSavedSince(activity, records);
  const { state } = useLocation();
  const back = backLinkFor(state);

  let content;
  if (activity.data !== undefined) {
    content = <ActivityDetails activity={activity.data} chosenChildren={chosenChildIds(state)} />;
  } else if (activity.error instanceof ApiError && activity.error.status === 404) {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          Activity not found
        </Typography>
        <Typography color="text.secondary">
          This activity does not exist, or it was one of your own and has been deleted.
        </Typography>
        <Button variant="contained" component={RouterLink} to="/browse">
          Browse activities
        </Button>
      </Stack>
    );
  } else if (activity.isError) {
    content = <PageError reset={() => void activity.refetch()} />;
  } else if (isOfflineWithoutData(activity)) {
    content = <NoCachedData />;
  } else {
    content = <DetailSkeleton />;
  }

  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to={back.to}
        startIcon={<ArrowBackIcon />}
        sx={(theme) => ({ alignSelf: 'flex-start', ...primaryTextSx(theme) })}
      >
        {back.label}
      </Button>
      {activity.data !== undefined && <AsOfNotice since={savedSince} />}
      {content}
    </Stack>
  );
}
