import { MAX_COMPLETION_MINUTES } from '@kkb/core/achievements/schema';
import type { TActivity } from '@kkb/core/activities/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import TimerIcon from '@mui/icons-material/TimerOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useWakeLock } from '../../../hooks/use-wake-lock';
import { Confetti } from '../../achievements/components/confetti';
import { MarkDoneButton } from '../../achievements/components/mark-done-button';
import { useReducedMotion } from '../../achievements/components/use-reduced-motion';
import { ActivityPicture } from '../../activities/components/activity-picture';
import { formatClock, minutesToRecord } from './stopwatch';
import { describePosition, lastPosition, movePosition, swipeDelta } from './theater-steps';
import { useCountdown } from './use-countdown';
import { useReadAloud } from './use-read-aloud';
import { useStopwatch } from './use-stopwatch';

const STEP_TIMER_MINUTES = [1, 3, 5] as const;

/** Keys typed into a field, or pressed inside a dialog, are not page turns. */
function isPageTurnTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target.closest('[role="dialog"]') !== null) return false;
  return !(target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

function MaterialsChecklist({ materials }: { materials: readonly string[] }) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  if (materials.length === 0) {
    return <Typography sx={{ fontSize: '1.25rem' }}>Nothing to gather: you can start.</Typography>;
  }
  const toggle = (index: number) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <Stack component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {materials.map((material, index) => (
        <li key={`${index}-${material}`}>
          <FormControlLabel
            control={<Checkbox checked={checked.has(index)} onChange={() => toggle(index)} />}
            label={material}
            sx={{
              '& .MuiFormControlLabel-label': { fontSize: '1.15rem' },
              ...(checked.has(index) && {
                '& .MuiFormControlLabel-label': {
                  fontSize: '1.15rem',
                  textDecoration: 'line-through',
                  color: 'text.secondary',
                },
              }),
            }}
          />
        </li>
      ))}
      <Typography component="li" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {checked.size} of {materials.length} ready
      </Typography>
    </Stack>
  );
}

function StepTimer({ onFinish }: { onFinish: () => void }) {
  const [finished, setFinished] = useState(false);
  const finish = useCallback(() => {
    setFinished(true);
    onFinish();
  }, [onFinish]);
  const countdown = useCountdown(finish);
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TimerIcon aria-hidden="true" color="action" />
        {countdown.running ? (
          <>
            <Typography
              role="timer"
              aria-label="Step timer"
              sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, fontSize: '1.25rem' }}
            >
              {formatClock(countdown.remaining + 999)}
            </Typography>
            <Button size="small" onClick={countdown.cancel}>
              Stop step timer
            </Button>
          </>
        ) : (
          <>
            <Typography variant="body2" component="span">
              Step timer:
            </Typography>
            {STEP_TIMER_MINUTES.map((minutes) => (
              <Button
                key={minutes}
                size="small"
                variant="outlined"
                onClick={() => {
                  setFinished(false);
                  countdown.start(minutes * 60_000);
                }}
              >
                {minutes} min
              </Button>
            ))}
          </>
        )}
      </Stack>
      <div role="status">
        {finished && (
          <Alert severity="success" onClose={() => setFinished(false)}>
            Time is up!
          </Alert>
        )}
      </div>
    </Stack>
  );
}

/**
 * Guided play of one activity: the materials checklist, one instruction at a time in large type
 * (with a tip when the activity has one for that step), page turns by button, swipe or arrow
 * keys, an activity timer and step timers, read-aloud, the screen kept awake, and "Mark as done"
 * with the timed minutes at the end.
 */
export function TheaterPlayer({
  activity,
  chosenChildren,
}: {
  activity: TActivity;
  /** Who is playing, as the page that started it chose them ("Mark as done" starts from it). */
  chosenChildren?: readonly string[];
}) {
  const steps = activity.instructions;
  const [position, setPosition] = useState(0);
  const where = describePosition(position, steps.length);
  const stopwatch = useStopwatch();
  const readAloud = useReadAloud();
  const [reading, setReading] = useState(false);
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const awake = useWakeLock(true);
  const reducedMotion = useReducedMotion();

  const go = useCallback(
    (delta: number) => setPosition((current) => movePosition(current, delta, steps.length)),
    [steps.length],
  );

  // The activity's clock starts with the first step and stops at the finish.
  const { start: startClock, pause: pauseClock } = stopwatch;
  const stepIndex = where.kind === 'step' ? where.index : -1;
  useEffect(() => {
    if (stepIndex === 0) startClock();
    if (where.kind === 'finish') pauseClock();
  }, [where.kind, stepIndex, startClock, pauseClock]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (!isPageTurnTarget(event.target)) return;
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  const text =
    where.kind === 'step'
      ? `Step ${where.index + 1}. ${steps[where.index] ?? ''}`
      : where.kind === 'materials'
        ? `What you need: ${activity.materials.join(', ') || 'nothing'}.`
        : 'All done! Well played.';
  const { speak, stop } = readAloud;
  useEffect(() => {
    if (reading) speak(text);
  }, [reading, text, speak]);

  const onStepTimerFinish = useCallback(() => {
    navigator.vibrate?.(400);
    if (reading) speak('Time is up!');
  }, [reading, speak]);

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') return;
    swipeStart.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null) return;
    const delta = swipeDelta(event.clientX - start.x, event.clientY - start.y);
    if (delta !== 0) go(delta);
  };

  const minutes = minutesToRecord(stopwatch.elapsed, activity.duration, MAX_COMPLETION_MINUTES);
  const tip = where.kind === 'step' ? activity.tips[where.index] : undefined;
  const leftoverTips = activity.tips.slice(steps.length);
  const progress = (position / lastPosition(steps.length)) * 100;
  const finished = where.kind === 'finish';

  let heading: string;
  let lead = null;
  let body;
  if (where.kind === 'materials') {
    heading = 'What you need';
    body = <MaterialsChecklist materials={activity.materials} />;
  } else if (where.kind === 'step') {
    heading = `Step ${where.index + 1} of ${steps.length}`;
    lead = (
      <Typography
        sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, lineHeight: 1.35, fontWeight: 500, mb: 2 }}
      >
        {steps[where.index]}
      </Typography>
    );
    body = (
      <Stack spacing={2}>
        {tip !== undefined && (
          <Alert icon={<LightbulbIcon />} severity="info" sx={{ fontSize: '1.05rem' }}>
            <strong>Tip: </strong>
            {tip}
          </Alert>
        )}
        <StepTimer key={where.index} onFinish={onStepTimerFinish} />
      </Stack>
    );
  } else {
    heading = 'All done!';
    lead = (
      <Typography sx={{ fontSize: '1.25rem', mb: 2, textAlign: 'center' }}>
        {stopwatch.elapsed >= 1000
          ? `You played for ${formatClock(stopwatch.elapsed)}. Well played!`
          : 'Well played!'}
      </Typography>
    );
    body = (
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        {leftoverTips.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {leftoverTips.map((extra) => (
              <li key={extra}>{extra}</li>
            ))}
          </Box>
        )}
        <MarkDoneButton
          activityId={activity.id}
          defaultMinutes={minutes}
          defaultChildIds={chosenChildren}
        />
        <Button component={RouterLink} to="/activity-theater">
          Play another activity
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Button
        component={RouterLink}
        to={`/activity/${encodeURIComponent(activity.id)}`}
        startIcon={<ArrowBackIcon />}
        sx={{ alignSelf: 'flex-start', color: 'primary.dark' }}
      >
        Activity details
      </Button>
      <Typography variant="h4" component="h1">
        {activity.title}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography
          role="timer"
          aria-label="Activity timer"
          sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
        >
          {formatClock(stopwatch.elapsed)}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={stopwatch.running ? <PauseIcon /> : <PlayArrowIcon />}
          onClick={stopwatch.running ? stopwatch.pause : stopwatch.start}
        >
          {stopwatch.running ? 'Pause timer' : 'Start timer'}
        </Button>
        {readAloud.supported && (
          <Button
            size="small"
            variant={reading ? 'contained' : 'outlined'}
            aria-pressed={reading}
            startIcon={<RecordVoiceOverIcon />}
            onClick={() => {
              if (reading) stop();
              setReading(!reading);
            }}
          >
            Read aloud
          </Button>
        )}
        {awake && (
          <Typography variant="body2" color="text.secondary">
            Screen stays on
          </Typography>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={progress}
        aria-label="Progress through the activity"
      />
      <Card
        variant="outlined"
        component="section"
        aria-labelledby="theater-step-heading"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipeStart.current = null)}
        sx={{ touchAction: 'pan-y', minHeight: { xs: 280, sm: 320 }, position: 'relative' }}
      >
        {/* The finish is a celebration, as an unlocked achievement is (its confetti included). */}
        {finished && !reducedMotion && <Confetti />}
        <CardContent sx={{ position: 'relative' }}>
          {finished && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', mb: 1 }}>
              <img src="/pictures/party-popper.svg" alt="" width={72} height={72} />
              <ActivityPicture activity={activity} size={72} decorative />
            </Stack>
          )}
          {/* The heading and the instruction are announced as the page turns; the controls are not. */}
          <div aria-live="polite">
            <Typography
              id="theater-step-heading"
              variant={finished ? 'h4' : 'h6'}
              component="h2"
              color="primary.dark"
              gutterBottom
              sx={finished ? { textAlign: 'center' } : undefined}
            >
              {heading}
            </Typography>
            {lead}
          </div>
          {body}
        </CardContent>
      </Card>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Button
          size="large"
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          disabled={position === 0}
          onClick={() => go(-1)}
          sx={{ flex: 1, minHeight: 56 }}
        >
          Previous
        </Button>
        <Button
          size="large"
          variant="contained"
          endIcon={<ArrowForwardIcon />}
          disabled={where.kind === 'finish'}
          onClick={() => go(1)}
          sx={{ flex: 1, minHeight: 56 }}
        >
          {where.kind === 'materials' ? 'Start' : position === steps.length ? 'Finish' : 'Next'}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Swipe or use the arrow keys to move between steps.
      </Typography>
    </Stack>
  );
}
