import type { TAchievement, TAchievementCategory } from '@kkb/core/achievements/schema';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AchievementIcon } from './achievement-icon';
import { whenFirstUsed } from '../../../lib/when-first-used';

export const CATEGORY_LABELS: Record<TAchievementCategory, string> = {
  activities: 'Activities',
  streaks: 'Streaks',
  milestones: 'Milestones',
  special: 'Special',
};

const unlockDate = whenFirstUsed(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

/**
 * One achievement: an unlocked one is highlighted (border, coloured icon) with its unlock date; a
 * locked one is muted through colours, not opacity, so its text keeps its contrast, and shows its
 * progress bar.
 */
export function AchievementCard({ achievement }: { achievement: TAchievement }) {
  const { title, description, icon, points, isUnlocked, unlockedAt, progress, maxProgress } =
    achievement;
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        borderWidth: 2,
        borderColor: isUnlocked ? 'warning.main' : 'divider',
      }}
    >
      <CardContent component={Stack} spacing={1.5} sx={{ height: '100%' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Box
            sx={{
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              width: 48,
              height: 48,
              borderRadius: '50%',
              bgcolor: isUnlocked ? 'warning.light' : 'action.selected',
              color: isUnlocked ? 'warning.contrastText' : 'text.secondary',
            }}
          >
            <AchievementIcon name={icon} />
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          </Box>
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 'auto' }}
        >
          <Chip
            size="small"
            label={`${points} points`}
            color={isUnlocked ? 'primary' : 'default'}
          />
          <Chip size="small" variant="outlined" label={CATEGORY_LABELS[achievement.category]} />
        </Stack>
        {isUnlocked ? (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {unlockedAt === null
              ? 'Unlocked'
              : `Unlocked ${unlockDate().format(new Date(unlockedAt))}`}
          </Typography>
        ) : (
          <Box>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', color: 'text.secondary', mb: 0.5 }}
            >
              <LockIcon fontSize="inherit" aria-hidden="true" />
              <Typography variant="body2">
                Locked · {progress} / {maxProgress}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={(progress / maxProgress) * 100}
              aria-label={`${title} progress`}
              aria-valuetext={`${progress} of ${maxProgress}`}
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
