import {
  ZAchievementCategory,
  type TAchievement,
  type TAchievementCategory,
  type TFamilyStats,
  type TChildPlay,
  type TMemberPlay,
} from '@kkb/core/achievements/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageError } from '../../../components/feedback/page-error';
import { SkeletonGrid } from '../../../components/feedback/skeleton-grid';
import { useAchievements } from '../api/get-achievements';
import { useSkillPlay } from '../api/get-skill-play';
import { useStats } from '../api/get-stats';
import { AchievementCard, CATEGORY_LABELS } from '../components/achievement-card';
import { formatDays, formatTimeTogether } from '../components/format';
import { SkillPlaySection } from '../components/skill-play-section';
import { CardGrid } from '../../../components/layout/card-grid';
import { MemberAvatar } from '../../family/components/member-avatar';
import { NoCachedData } from '../../../components/feedback/no-cached-data';
import { isOfflineWithoutData } from '../../../lib/offline-caches';
import { AsOfNotice } from '../../../components/feedback/as-of-notice';
import { useSavedSince } from '../../../hooks/use-saved-since';

type CategoryFilter = TAchievementCategory | 'all';

const STAT_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(5, minmax(0, 1fr))',
  },
  listStyle: 'none',
  m: 0,
  p: 0,
} as const;

function statFigures(stats: TFamilyStats): { label: string; value: string }[] {
  return [
    { label: 'Current streak', value: formatDays(stats.currentStreak) },
    { label: 'Longest streak', value: formatDays(stats.longestStreak) },
    { label: 'Points', value: String(stats.totalPoints) },
    { label: 'Time together', value: formatTimeTogether(stats.totalTimeSpent) },
    { label: 'Activities', value: String(stats.totalActivities) },
  ];
}

function StatsCards({ stats }: { stats: TFamilyStats | undefined }) {
  if (stats === undefined) {
    return (
      <Box component="ul" aria-busy="true" aria-label="Loading stats" sx={STAT_GRID}>
        {Array.from({ length: 5 }, (_, index) => (
          <Box component="li" key={index}>
            <Card>
              <CardContent>
                <Skeleton variant="text" width="70%" />
                <Skeleton variant="text" width="40%" sx={{ fontSize: '1.75rem' }} />
              </CardContent>
            </Card>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={STAT_GRID}>
      {statFigures(stats).map(({ label, value }) => (
        // Each card is its own one-term list: a <dl> may only hold <div> groups one level deep.
        <Card key={label} component="dl" sx={{ m: 0 }}>
          <CardContent>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>
              {value}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

function activityCount(count: number): string {
  return `${count} ${count === 1 ? 'activity' : 'activities'}`;
}

/** How much each one played: a member (each completion counts for who logged it) or a child. */
interface PlayRow {
  key: string;
  name: string;
  activities: number;
  minutes: number;
}

function PlayList({ id, title, rows }: { id: string; title: string; rows: readonly PlayRow[] }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Card variant="outlined">
        <Stack component="ul" aria-label={title} sx={{ m: 0, p: 2, gap: 1.5 }}>
          {rows.map((row) => (
            <Stack
              component="li"
              key={row.key}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center', listStyle: 'none' }}
            >
              <MemberAvatar name={row.name} size={36} />
              <Typography sx={{ flexGrow: 1, fontWeight: 600, minWidth: 0 }} noWrap>
                {row.name}
              </Typography>
              <Typography color="text.secondary" sx={{ textAlign: 'right' }}>
                {activityCount(row.activities)} · {formatTimeTogether(row.minutes)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Card>
    </Box>
  );
}

/** Who of the family played how much (the server counts each completion for who logged it). */
function WhoPlayed({ members }: { members: TMemberPlay[] }) {
  return (
    <PlayList
      id="achievements-members-heading"
      title="Who played"
      rows={members.map((member) => ({ key: member.userId, ...member }))}
    />
  );
}

/** How much each child played: the completions that named them ("Mark as done" asks). */
function ChildrenPlayed({ children }: { children: TChildPlay[] }) {
  return (
    <PlayList
      id="achievements-children-heading"
      title="Each child's play"
      rows={children.map((child) => ({ key: child.childId, ...child }))}
    />
  );
}

function AchievementGrid({ achievements }: { achievements: TAchievement[] }) {
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const shown = filter === 'all' ? achievements : achievements.filter((a) => a.category === filter);
  const unlocked = achievements.filter((a) => a.isUnlocked).length;

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {unlocked} of {achievements.length} unlocked
      </Typography>
      {unlocked === 0 && (
        <Card variant="outlined">
          <CardContent>
            <Typography sx={{ mb: 1.5 }}>
              No achievements yet. Pick an activity, do it together, then press &lsquo;Mark as
              done&rsquo; on its page to earn your first one.
            </Typography>
            <Button component={RouterLink} to="/browse" variant="contained">
              Find an activity
            </Button>
          </CardContent>
        </Card>
      )}
      <ToggleButtonGroup
        value={filter}
        exclusive
        size="small"
        aria-label="Show achievements of category"
        // A click on the selected button would deselect it; keep one category always chosen.
        onChange={(_, value: CategoryFilter | null) => value !== null && setFilter(value)}
        sx={{
          flexWrap: 'wrap',
          // Filled, so the chosen category keeps AA contrast (primary on its pale tint does not).
          '& .MuiToggleButton-root.Mui-selected': {
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '&:hover': { bgcolor: 'primary.dark' },
          },
        }}
      >
        <ToggleButton value="all">All</ToggleButton>
        {ZAchievementCategory.options.map((category) => (
          <ToggleButton key={category} value={category}>
            {CATEGORY_LABELS[category]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <CardGrid label="Achievements">
        {shown.map((achievement) => (
          <Box component="li" key={achievement.id}>
            <AchievementCard achievement={achievement} />
          </Box>
        ))}
      </CardGrid>
    </Stack>
  );
}

/** `/achievements`: the family's stats and every achievement with its progress. */
export function AchievementsPage() {
  const stats = useStats();
  const achievements = useAchievements();
  // Not worth a page error: without it, the page shows the rest.
  const skillPlay = useSkillPlay();
  const savedSince = useSavedSince(stats, achievements);

  // What is cached shows even when refreshing it failed (the server out of reach).
  if (
    (stats.isError && stats.data === undefined) ||
    (achievements.isError && achievements.data === undefined)
  ) {
    return (
      <PageError
        reset={() => {
          if (stats.isError) void stats.refetch();
          if (achievements.isError) void achievements.refetch();
        }}
      />
    );
  }

  return (
    <Stack spacing={4}>
      <Box>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          Achievements
        </Typography>
        <Typography color="text.secondary">
          Every activity you finish together counts towards your streak and badges.
        </Typography>
      </Box>
      <AsOfNotice since={savedSince} />
      <Box component="section" aria-labelledby="achievements-stats-heading">
        <Typography id="achievements-stats-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
          Your family&apos;s stats
        </Typography>
        {isOfflineWithoutData(stats) ? <NoCachedData /> : <StatsCards stats={stats.data} />}
      </Box>
      {/* One member alone would only repeat the family's figures. */}
      {stats.data !== undefined && stats.data.byMember.length > 1 && (
        <WhoPlayed members={stats.data.byMember} />
      )}
      {/* Once a completion named children (those logged before did not). */}
      {stats.data !== undefined && stats.data.byChild.some((child) => child.activities > 0) && (
        <ChildrenPlayed children={stats.data.byChild} />
      )}
      {skillPlay.data !== undefined && skillPlay.data.children.length > 0 && (
        <SkillPlaySection skillPlay={skillPlay.data} />
      )}
      <Box component="section" aria-labelledby="achievements-list-heading">
        <Typography id="achievements-list-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          All achievements
        </Typography>
        {achievements.data !== undefined ? (
          <AchievementGrid achievements={achievements.data} />
        ) : isOfflineWithoutData(achievements) ? (
          <NoCachedData />
        ) : (
          <SkeletonGrid />
        )}
      </Box>
    </Stack>
  );
}
