import {
  MAX_COMPLETION_MINUTES,
  ZCompleteActivityBody,
  type TAchievement,
} from '@kkb/core/achievements/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { PushOffer } from '../../../components/push/push-offer';
import { describeError } from '../../../lib/api-client';
import { markPushOffered, shouldOfferPush } from '../../../lib/push-offer';
import { useProfile } from '../../family/api/get-profile';
import { useCompleteActivity } from '../api/complete-activity';
import { CelebrationDialog } from './celebration-dialog';
import { randomId } from '../../../lib/random-id';
import { BottomSnackbar } from '../../../components/feedback/bottom-snackbar';

/** The minutes of a completion, with core's limits (whole minutes, 1 to the maximum). */
const ZMinutesForm = ZCompleteActivityBody.pick({ minutes: true }).required();

const MINUTES_MESSAGE = `Enter whole minutes from 1 to ${MAX_COMPLETION_MINUTES}`;

const CONFIRMATION = 'Marked as done. Nice work!';
/** Queued offline: counted on screen now, sent with the sync. */
const OFFLINE_CONFIRMATION = "Marked as done. Nice work! It will sync when you're back online.";

const CHILDREN_MESSAGE = 'Pick who played';

/**
 * 'Mark as done': a small dialog with the minutes prefilled and the children who played (those
 * chosen where it was opened, `defaultChildIds`, else every child), then the completion. Each
 * opening of the dialog is one completion with its own client id, so a double click or a retry
 * after a failure is counted once by the server. Unlocked achievements are celebrated. The first
 * completion on a device where push could be asked for offers it, once. Offline it is queued and
 * the dialog closes at once (what it unlocks shows after the sync; push waits for a connection).
 */
export function MarkDoneButton({
  activityId,
  defaultMinutes,
  defaultChildIds,
  doneNote,
}: {
  activityId: string;
  defaultMinutes: number;
  /** Who is playing, as the page chose them (a plan item's children, the dashboard's child). */
  defaultChildIds?: readonly string[];
  /**
   * Shown instead of the button once done (a plan item): what the completion opens (the
   * celebration, the confirmation) stays until the parent closes it.
   */
  doneNote?: ReactNode;
}) {
  const completion = useCompleteActivity();
  const familyChildren = useProfile().data?.familyInfo.children ?? [];
  const [clientId, setClientId] = useState<string | null>(null);
  /** The parent's own choice of who played; null until they change the one they were given. */
  const [picked, setPicked] = useState<readonly string[] | null>(null);
  const [noChildPicked, setNoChildPicked] = useState(false);
  const childrenId = useId();
  const [celebration, setCelebration] = useState<{ open: boolean; achievements: TAchievement[] }>({
    open: false,
    achievements: [],
  });
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [pushOffer, setPushOffer] = useState(false);
  const titleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZMinutesForm, { error: () => MINUTES_MESSAGE }),
    mode: 'onTouched',
    defaultValues: { minutes: defaultMinutes },
  });

  const openDialog = () => {
    completion.reset();
    reset({ minutes: defaultMinutes });
    setPicked(null);
    setNoChildPicked(false);
    setClientId(randomId());
  };
  const chosen = familyChildren.filter((child) => defaultChildIds?.includes(child.id));
  const playing = picked ?? (chosen.length > 0 ? chosen : familyChildren).map((child) => child.id);
  const togglePlaying = (childId: string) => {
    setPicked(
      playing.includes(childId) ? playing.filter((id) => id !== childId) : [...playing, childId],
    );
    setNoChildPicked(false);
  };
  // In the family's order, and only children it still has.
  const childIds = familyChildren.map((child) => child.id).filter((id) => playing.includes(id));
  const closeDialog = () => {
    if (!completion.isPending) setClientId(null);
  };

  const submit = handleSubmit(({ minutes }) => {
    if (clientId === null || completion.isPending) return;
    if (familyChildren.length > 0 && childIds.length === 0) {
      setNoChildPicked(true);
      return;
    }
    completion.mutate(
      {
        activityId,
        body: { minutes, clientId, ...(familyChildren.length > 0 && { childIds }) },
      },
      {
        onSuccess: (sent) => {
          setClientId(null);
          if (sent.queued) {
            setConfirmation(OFFLINE_CONFIRMATION);
            return;
          }
          // After the first completion on this device, once: a moment when reminders make sense.
          const offer = shouldOfferPush();
          if (offer) {
            markPushOffered();
            setPushOffer(true);
          }
          if (sent.result.newAchievements.length > 0) {
            setCelebration({ open: true, achievements: sent.result.newAchievements });
          } else if (!offer) {
            setConfirmation(CONFIRMATION);
          }
        },
      },
    );
  });

  return (
    <>
      {doneNote ?? (
        <Button
          variant="contained"
          color="success"
          startIcon={<TaskAltIcon />}
          onClick={openDialog}
        >
          Mark as done
        </Button>
      )}
      <Dialog
        open={clientId !== null}
        onClose={closeDialog}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <form noValidate onSubmit={submit}>
          <DialogTitle id={titleId}>Mark as done</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              Well done! How many minutes did you spend on it together
              {familyChildren.length > 0 ? ', and who played?' : '?'}
            </DialogContentText>
            {completion.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {describeError(completion.error)}
              </Alert>
            )}
            <TextField
              {...register('minutes', { valueAsNumber: true })}
              label="Minutes"
              type="number"
              required
              fullWidth
              autoFocus
              error={errors.minutes !== undefined}
              helperText={errors.minutes?.message}
              slotProps={{ htmlInput: { min: 1, max: MAX_COMPLETION_MINUTES, step: 1 } }}
            />
            {familyChildren.length > 0 && (
              <FormControl
                component="fieldset"
                error={noChildPicked}
                sx={{ mt: 2, display: 'block' }}
                aria-describedby={noChildPicked ? childrenId : undefined}
              >
                <FormLabel component="legend">Who played</FormLabel>
                <FormGroup>
                  {familyChildren.map((child) => (
                    <FormControlLabel
                      key={child.id}
                      label={child.name}
                      control={
                        <Checkbox
                          checked={playing.includes(child.id)}
                          onChange={() => togglePlaying(child.id)}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {noChildPicked && (
                  <FormHelperText id={childrenId}>{CHILDREN_MESSAGE}</FormHelperText>
                )}
              </FormControl>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={closeDialog} disabled={completion.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={completion.isPending}>
              {completion.isError ? 'Try again' : 'Save'}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <CelebrationDialog
        open={celebration.open}
        achievements={celebration.achievements}
        onClose={() => setCelebration((current) => ({ ...current, open: false }))}
      />
      {/* After the celebration, or in place of the confirmation: one thing at a time. */}
      <PushOffer open={pushOffer && !celebration.open} onClose={() => setPushOffer(false)} />
      <BottomSnackbar
        open={confirmation !== null}
        autoHideDuration={4000}
        onClose={() => setConfirmation(null)}
        message={confirmation}
      />
    </>
  );
}
