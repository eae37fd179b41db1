import type { TActivity } from '@kkb/core/activities/schema';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { ActivityPageState } from './back-link';
import {
  categoryName,
  formatAgeRange,
  formatDuration,
  formatWaiting,
  LOCATION_LABELS,
} from './activity-labels';
import { CardGrid } from '../../../components/layout/card-grid';
import { ActivityPicture } from './activity-picture';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      {icon}
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * One activity in a grid: picture, title (the link to its page), category, duration, age range
 * and place; `children` adds more, such as the reasons of a recommendation.
 */
export function ActivityCard({
  activity,
  headingLevel = 'h2',
  children,
}: {
  activity: TActivity;
  headingLevel?: 'h2' | 'h3';
  children?: ReactNode;
}) {
  const waiting = formatWaiting(activity);
  // The activity page's back link returns here, filters and page included; the dashboard's
  // address also says who is playing, which "Mark as done" starts from.
  const location = useLocation();
  const state: ActivityPageState = { from: `${location.pathname}${location.search}` };
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        transition: 'box-shadow 150ms',
        '&:hover': { boxShadow: 3 },
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {/* Tighter on a phone, so that two cards start on its first screen. */}
      <CardContent sx={{ '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mb: 1 }}>
          <ActivityPicture activity={activity} />
          <Box sx={{ minWidth: 0 }}>
            <Chip
              label={categoryName(activity.category)}
              size="small"
              color="primary"
              variant="outlined"
              sx={{ mb: 0.5 }}
            />
            <Typography variant="h6" component={headingLevel} sx={{ lineHeight: 1.3 }}>
              {/* The title is the link; its ::after stretches over the card so all of it is clickable. */}
              <Link
                component={RouterLink}
                to={`/activity/${encodeURIComponent(activity.id)}`}
                state={state}
                underline="hover"
                color="inherit"
                sx={{
                  '&::after': { content: '""', position: 'absolute', inset: 0 },
                  '&:focus-visible': { outline: 'none' },
                }}
              >
                {activity.title}
              </Link>
            </Typography>
          </Box>
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: { xs: 2, sm: 3 },
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            mb: 1.5,
          }}
        >
          {activity.description}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
          <Fact icon={<AccessTimeIcon fontSize="small" aria-hidden="true" />}>
            {formatDuration(activity.duration)}
          </Fact>
          <Fact icon={<ChildCareIcon fontSize="small" aria-hidden="true" />}>
            {formatAgeRange(activity.ageRange)}
          </Fact>
          <Fact icon={<PlaceIcon fontSize="small" aria-hidden="true" />}>
            {LOCATION_LABELS[activity.location]}
          </Fact>
          {waiting !== null && (
            <Fact icon={<HourglassEmptyIcon fontSize="small" aria-hidden="true" />}>{waiting}</Fact>
          )}
          {activity.materials.length === 0 && (
            <Fact icon={<CheckCircleOutlineIcon fontSize="small" aria-hidden="true" />}>
              No materials
            </Fact>
          )}
        </Stack>
        {children !== undefined && <Box sx={{ mt: 1.5 }}>{children}</Box>}
        {/* Above the title link's stretched ::after, so it gets its own clicks. */}
        <Button
          component={RouterLink}
          to={`/activity-theater/${encodeURIComponent(activity.id)}`}
          state={state}
          size="small"
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          aria-label={`Start ${activity.title}`}
          sx={{ mt: 1.5, position: 'relative', zIndex: 1 }}
        >
          Start
        </Button>
      </CardContent>
    </Card>
  );
}

/** The grid of activity cards: 1 column on phones, 2 on small screens, 3 from md (spec §2). */
export function ActivityGrid({ label, children }: { label: string; children: ReactNode }) {
  return <CardGrid label={label}>{children}</CardGrid>;
}
