import type { TActivity, TActivityLocation } from '@kkb/core/activities/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CasinoIcon from '@mui/icons-material/Casino';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { RequestError } from '../../../components/feedback/request-error';
import { useReducedMotion } from '../../achievements/components/use-reduced-motion';
import { useTodaysSuggestions } from '../../activities/api/use-todays-suggestions';
import { ActivityPicture } from '../../activities/components/activity-picture';
import { ChoiceGroup, type Choice } from '../../activities/components/choice-group';
import {
  cryptoRandom,
  landingRotation,
  pickFairIndex,
  type RandomSource,
} from '../components/fair-pick';
import { SpinWheel } from '../components/spin-wheel';
import { NoCachedData } from '../../../components/feedback/no-cached-data';

const PLACE_CHOICES: readonly Choice<TActivityLocation>[] = [
  { value: 'indoor', label: 'Indoor' },
  { value: 'outdoor', label: 'Outdoor' },
  { value: 'both', label: 'Both' },
];

const TIME_CHOICES: readonly Choice<string>[] = [15, 30, 45, 60, 90].map((minutes) => ({
  value: String(minutes),
  label: `${minutes} min`,
}));

/** Whole turns of a spin before it slows onto the winner, and its length (the CSS transition's). */
const SPIN_TURNS = 5;
const SPIN_MS = 4000;

type Spin =
  | { state: 'idle' }
  | { state: 'spinning'; winner: TActivity }
  /** `shown`: the winner's dialog is open (it opens as the wheel stops). */
  | { state: 'landed'; winner: TActivity; shown: boolean };

/**
 * `/circular-activities`, without the page frame (spec §2): a wheel over today's suggestions (or
 * the chosen place and time). A spin picks the winner fairly before the wheel moves; the wheel
 * only shows it. With reduced motion the wheel jumps straight to the same fair choice.
 */
export function CircularActivitiesPage({ random = cryptoRandom }: { random?: RandomSource }) {
  const [location, setLocation] = useState<TActivityLocation | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const suggestions = useTodaysSuggestions({
    ...(location !== null && { location }),
    ...(time !== null && { timeAvailable: Number(time) }),
  });
  const activities = suggestions.activities;
  const reducedMotion = useReducedMotion();
  const [rotation, setRotation] = useState(0);
  const [spin, setSpin] = useState<Spin>({ state: 'idle' });
  const fallback = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(fallback.current), []);

  const land = () => {
    window.clearTimeout(fallback.current);
    setSpin((current) =>
      current.state === 'spinning'
        ? { state: 'landed', winner: current.winner, shown: true }
        : current,
    );
  };

  const spinWheel = () => {
    if (activities === undefined || activities.length === 0 || spin.state === 'spinning') return;
    const index = pickFairIndex(activities.length, random);
    const winner = activities[index];
    if (winner === undefined) return;
    // A little play inside the winning slice, so the wheel does not stop dead centre each time.
    const offset = (random() - 0.5) * 0.7;
    setRotation((current) =>
      landingRotation(current, index, activities.length, reducedMotion ? 0 : SPIN_TURNS, offset),
    );
    if (reducedMotion) {
      setSpin({ state: 'landed', winner, shown: true });
    } else {
      setSpin({ state: 'spinning', winner });
      // transitionend may never come (a hidden tab); the result is shown regardless.
      fallback.current = window.setTimeout(land, SPIN_MS + 300);
    }
  };

  const changeFilter = (apply: () => void) => {
    apply();
    setSpin({ state: 'idle' });
  };

  let wheel;
  if (activities !== undefined && activities.length > 0) {
    wheel = (
      <SpinWheel
        activities={activities}
        rotation={rotation}
        animate={!reducedMotion}
        onSpinEnd={land}
      />
    );
  } else if (activities !== undefined) {
    wheel = (
      <Alert severity="info">
        Nothing fits these choices. Try more time, or choose Both for indoor and outdoor.
      </Alert>
    );
  } else if (suggestions.isError) {
    wheel = <RequestError error={suggestions.error} retry={() => void suggestions.refetch()} />;
  } else if (suggestions.waitingOffline) {
    wheel = <NoCachedData />;
  } else {
    wheel = (
      <Skeleton
        variant="circular"
        sx={{ width: '100%', maxWidth: 320, height: 'auto', aspectRatio: '1', mx: 'auto' }}
        aria-label="Loading the wheel"
      />
    );
  }

  const winner = spin.state === 'landed' ? spin.winner : null;
  const dismiss = () =>
    setSpin((current) => (current.state === 'landed' ? { ...current, shown: false } : current));

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        p: { xs: 2, md: 4 },
        maxWidth: 720,
        mx: 'auto',
        background: 'linear-gradient(180deg, rgba(255,213,79,.18), rgba(129,212,250,.18))',
      }}
    >
      <Stack spacing={2}>
        <Button
          component={RouterLink}
          to="/dashboard"
          startIcon={<ArrowBackIcon />}
          sx={{ alignSelf: 'flex-start', color: 'primary.dark' }}
        >
          Back to dashboard
        </Button>
        <Typography component="h1" variant="h4">
          Circular Activities
        </Typography>
        <Typography color="text.secondary">
          Spin the wheel and let it choose what to play next.
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          <ChoiceGroup
            label="Place"
            choices={PLACE_CHOICES}
            value={location}
            onChange={(next) => changeFilter(() => setLocation(next))}
            allowNone
          />
          <ChoiceGroup
            label="Time"
            choices={TIME_CHOICES}
            value={time}
            onChange={(next) => changeFilter(() => setTime(next))}
            allowNone
          />
        </Stack>
        <Box sx={{ py: 1 }}>{wheel}</Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<CasinoIcon />}
          onClick={spinWheel}
          disabled={activities === undefined || activities.length === 0}
          loading={spin.state === 'spinning'}
          loadingPosition="start"
          sx={{ alignSelf: 'center', minWidth: 200, minHeight: 56 }}
        >
          {winner === null ? 'Spin the wheel' : 'Spin again'}
        </Button>
        <div aria-live="polite" aria-atomic="true">
          {spin.state === 'spinning' && (
            <Typography sx={{ textAlign: 'center' }}>The wheel is spinning…</Typography>
          )}
        </div>
        {spin.state === 'landed' && !spin.shown && (
          <Typography sx={{ textAlign: 'center' }}>
            Last pick:{' '}
            <Link component={RouterLink} to={`/activity/${encodeURIComponent(spin.winner.id)}`}>
              {spin.winner.title}
            </Link>
          </Typography>
        )}
      </Stack>
      {winner !== null && (
        <WinnerDialog
          winner={winner}
          open={spin.state === 'landed' && spin.shown}
          reducedMotion={reducedMotion}
          onClose={dismiss}
          onSpinAgain={() => {
            dismiss();
            spinWheel();
          }}
        />
      )}
    </Box>
  );
}

/**
 * The wheel's pick, over the wheel where a phone's screen shows it: a modal dialog, whose title
 * screen readers read as focus moves in. Its transition is left out with reduced motion.
 */
function WinnerDialog({
  winner,
  open,
  reducedMotion,
  onClose,
  onSpinAgain,
}: {
  winner: TActivity;
  open: boolean;
  reducedMotion: boolean;
  onClose: () => void;
  onSpinAgain: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      fullWidth
      maxWidth="xs"
      transitionDuration={reducedMotion ? 0 : undefined}
    >
      <DialogTitle id={titleId} sx={{ textAlign: 'center' }}>
        The wheel picked: {winner.title}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <ActivityPicture activity={winner} size={96} />
          <Typography id={descriptionId} color="text.secondary">
            {winner.description}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', flexWrap: 'wrap', gap: 1, pb: 2 }}>
        <Button
          component={RouterLink}
          to={`/activity-theater/${encodeURIComponent(winner.id)}`}
          variant="contained"
          startIcon={<PlayArrowIcon />}
          autoFocus
        >
          Play it now
        </Button>
        <Button
          component={RouterLink}
          to={`/activity/${encodeURIComponent(winner.id)}`}
          variant="outlined"
          startIcon={<InfoOutlinedIcon />}
        >
          See details
        </Button>
        <Button startIcon={<CasinoIcon />} onClick={onSpinAgain}>
          Spin again
        </Button>
      </DialogActions>
    </Dialog>
  );
}
