import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { Link as RouterLink } from 'react-router';
import { useStats } from '../api/get-stats';
import { formatDays } from './format';

/**
 * The streak in one line, for the top of a phone's dashboard: the current streak and the points,
 * linking to /achievements (where the rest is). Before the first completion it invites one.
 */
export function StreakChip() {
  const stats = useStats();
  const played = stats.data !== undefined && stats.data.totalActivities > 0;
  let shown = 'Your streak';
  if (stats.data !== undefined) {
    shown = played
      ? `${formatDays(stats.data.currentStreak)} · ${stats.data.totalPoints} pts`
      : 'Start a streak';
  }
  return (
    <Chip
      component={RouterLink}
      to="/achievements"
      clickable
      variant="outlined"
      icon={<LocalFireDepartmentIcon aria-hidden="true" />}
      label={
        <>
          {played && (
            <Box component="span" sx={visuallyHidden}>
              Your streak:{' '}
            </Box>
          )}
          {shown}
        </>
      }
      sx={{
        height: 40,
        borderRadius: 5,
        bgcolor: 'background.paper',
        fontWeight: 500,
        '& .MuiChip-icon': { color: 'warning.main' },
      }}
    />
  );
}
