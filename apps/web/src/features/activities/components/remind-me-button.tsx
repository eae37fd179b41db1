import { zodResolver } from '@hookform/resolvers/zod';
import type { TNotificationDelivery } from '@kkb/core/notifications/schema';
import AlarmAddIcon from '@mui/icons-material/AlarmAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Dialog } from '../../../components/dialog/dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { describeError } from '../../../lib/api-client';
import { useCreateActivityReminder } from '../api/create-activity-reminder';
import { BottomSnackbar } from '../../../components/feedback/bottom-snackbar';
import { whenFirstUsed } from '../../../lib/when-first-used';

/** A `datetime-local` value ("2026-03-10T17:00") of a moment, in this device's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The next full hour after `now`: what a reminder is set for unless the parent picks another. */
export function nextFullHour(now: Date): Date {
  const next = new Date(now);
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

const ZReminderForm = z.object({
  when: z
    .string()
    .refine((value) => !Number.isNaN(Date.parse(value)), {
      message: 'Pick a date and a time',
      abort: true,
    })
    // The minute now running still counts: the field shows no seconds.
    .refine((value) => Date.parse(value) > Date.now() - 60_000, 'Pick a time that has not passed'),
});

const confirmationFormat = whenFirstUsed(
  () =>
    new Intl.DateTimeFormat(undefined, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: 'numeric',
      minute: '2-digit',
    }),
);

/** What the snackbar says: when the reminder comes (at its time, quiet hours or not). */
function confirmationOf(delivery: TNotificationDelivery, asked: Date): string {
  if (delivery.status === 'created') return 'Reminder sent: it is in your notifications';
  const at = delivery.deliverAt === null ? asked : new Date(delivery.deliverAt);
  return `Reminder set for ${confirmationFormat().format(at)}`;
}

/**
 * "Remind me": a notification about this activity at a time the parent picks (today's next full
 * hour to start with), which opens the activity. A snackbar confirms when it is set.
 */
export function RemindMeButton({ activityId, title }: { activityId: string; title: string }) {
  const reminder = useCreateActivityReminder();
  const [open, setOpen] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const titleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(ZReminderForm), mode: 'onTouched' });

  const openDialog = () => {
    reminder.reset();
    reset({ when: toLocalInputValue(nextFullHour(new Date())) });
    setOpen(true);
  };
  const close = () => {
    if (!reminder.isPending) setOpen(false);
  };

  const submit = handleSubmit(({ when }) => {
    const at = new Date(when);
    reminder.mutate(
      { activity_name: title, scheduled_time: at.toISOString(), activity_id: activityId },
      {
        onSuccess: (delivery) => {
          // Switched off: the dialog stays and says so (below), with the way to the settings.
          if (delivery.status === 'switched_off') return;
          setOpen(false);
          setConfirmed(confirmationOf(delivery, at));
        },
      },
    );
  });
  const switchedOff = reminder.data?.status === 'switched_off';

  return (
    <>
      <Button variant="outlined" size="large" startIcon={<AlarmAddIcon />} onClick={openDialog}>
        Remind me
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <form noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id={titleId}>Remind me</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              We will send you a notification about {title} at this time.
            </DialogContentText>
            {switchedOff && (
              <Alert
                severity="warning"
                sx={{ mb: 2 }}
                action={
                  <Button
                    color="inherit"
                    size="small"
                    component={RouterLink}
                    to="/notifications/settings"
                  >
                    Settings
                  </Button>
                }
              >
                Activity reminders are switched off in your notification settings, so no reminder
                was set.
              </Alert>
            )}
            {reminder.isError && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {describeError(reminder.error)}
              </Alert>
            )}
            <TextField
              {...register('when')}
              label="When"
              type="datetime-local"
              required
              fullWidth
              error={errors.when !== undefined}
              helperText={errors.when?.message}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ mt: 1 }}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close} disabled={reminder.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={reminder.isPending}>
              Set reminder
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <BottomSnackbar
        open={confirmed !== null}
        autoHideDuration={4000}
        onClose={() => setConfirmed(null)}
        message={confirmed}
      />
    </>
  );
}
