import type { TAchievement } from '@kkb/core/achievements/schema';
import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { AchievementIcon } from './achievement-icon';
import { Confetti } from './confetti';
import { useReducedMotion } from './use-reduced-motion';

// Positioned after the confetti, so the text is painted over the falling pieces.
const ABOVE_CONFETTI = { position: 'relative' } as const;

function pointsLabel(points: number): string {
  return `+${points} ${points === 1 ? 'point' : 'points'}`;
}

/**
 * Announces the achievements a completion unlocked: a modal dialog (screen readers read its
 * title when focus moves in), closed with its button or Escape. The confetti and the dialog's
 * transition are left out when the parent prefers reduced motion.
 */
export function CelebrationDialog({
  open,
  achievements,
  onClose,
}: {
  open: boolean;
  achievements: readonly TAchievement[];
  onClose: () => void;
}) {
  const reducedMotion = useReducedMotion();
  const titleId = useId();
  const descriptionId = useId();
  const title =
    achievements.length === 1
      ? 'Achievement unlocked!'
      : `${achievements.length} achievements unlocked!`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      fullWidth
      maxWidth="xs"
      transitionDuration={reducedMotion ? 0 : undefined}
      slotProps={{ paper: { sx: { position: 'relative', overflow: 'hidden' } } }}
    >
      {open && !reducedMotion && <Confetti />}
      <DialogTitle id={titleId} sx={{ textAlign: 'center', ...ABOVE_CONFETTI }}>
        {title}
      </DialogTitle>
      <DialogContent sx={ABOVE_CONFETTI}>
        <Stack component="ul" id={descriptionId} spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {achievements.map((achievement) => (
            <Stack
              component="li"
              key={achievement.id}
              spacing={0.5}
              sx={{ alignItems: 'center', textAlign: 'center' }}
            >
              <AchievementIcon
                name={achievement.icon}
                sx={{ fontSize: 56, color: 'warning.main' }}
              />
              <Typography component="p" variant="h6">
                {achievement.title}
              </Typography>
              <Typography color="text.secondary">{achievement.description}</Typography>
              <Typography sx={{ fontWeight: 600, color: 'primary.main' }}>
                {pointsLabel(achievement.points)}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions
        sx={{ justifyContent: 'center', pb: 2, gap: 1, flexWrap: 'wrap', ...ABOVE_CONFETTI }}
      >
        <Button component={RouterLink} to="/achievements" onClick={onClose}>
          See all achievements
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          Hooray!
        </Button>
      </DialogActions>
    </Dialog>
  );
}
