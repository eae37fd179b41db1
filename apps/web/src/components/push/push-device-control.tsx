import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import {
  disablePush,
  enablePush,
  isPushEnabled,
  onPushChange,
  pushAvailability,
  type PushAvailability,
} from '../../lib/push';

/** Why the switch cannot be used here, and what the parent can do about it (spec §8: no error). */
function explanation(availability: PushAvailability): string | null {
  switch (availability.kind) {
    case 'needs-install':
      return 'On iPhone and iPad, push notifications need the app on your home screen: tap Share, then "Add to Home Screen", and open Keep Kid Busy from there.';
    case 'unsupported':
      return 'This browser cannot receive push notifications. You still see your notifications here in the app.';
    case 'available':
      return availability.permission === 'denied'
        ? 'Notifications are blocked for this site in your browser. To allow them, open the site settings (the icon beside the address), set Notifications to Allow, then turn this on here.'
        : null;
  }
}

type Failure = 'push-service-unreachable' | 'server-failed';

/** Allowed, yet not on: what went wrong and what the parent can do. */
export const FAILURE_MESSAGES: Record<Failure, string> = {
  'push-service-unreachable':
    "Push notifications could not be turned on: this browser could not sign up with its push service. Check that this device is online and that push messaging is allowed in the browser's settings, then try again.",
  'server-failed':
    'Push notifications could not be turned on just now: our server did not answer. Try again in a moment.',
};

/**
 * "Push notifications on this device": the opt-in of spec §4 (Push permission). Turning it on
 * asks the browser only while the permission is still undecided; where push cannot work (blocked,
 * unsupported, iPhone outside the home screen) the switch stays off with what to do instead.
 */
export function PushDeviceControl() {
  const [availability, setAvailability] = useState(pushAvailability);
  /** null while this device's subscription is being looked up. */
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    let current = true;
    const check = () =>
      void isPushEnabled().then((enabled) => {
        if (current) setOn(enabled);
      });
    check();
    // This device can also be removed from the list of devices.
    const stopListening = onPushChange(check);
    return () => {
      current = false;
      stopListening();
    };
  }, []);

  const change = async (next: boolean) => {
    setBusy(true);
    setFailure(null);
    if (next) {
      const enabling = await enablePush();
      setOn(enabling.status === 'on');
      // Not allowed explains itself (the availability's note); these two say what to do.
      if (enabling.status === 'push-service-unreachable' || enabling.status === 'server-failed') {
        setFailure(enabling.status);
      }
      setAvailability(pushAvailability());
    } else {
      await disablePush();
      setOn(false);
    }
    setBusy(false);
  };

  const note = explanation(availability);
  const usable = note === null;
  let status: string;
  if (busy && on !== true) status = 'Turning on…';
  else if (on === true) status = 'On: notifications reach this device even when the app is closed.';
  else if (usable && availability.kind === 'available' && availability.permission === 'default')
    status = 'Off. Turning it on asks your browser for permission.';
  else status = 'Off.';

  return (
    <Stack spacing={1}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0, py: 0.5 }}
        disabled={!usable || busy || on === null}
        label={
          <span>
            <Typography component="span" sx={{ display: 'block', pt: 1 }}>
              Push notifications on this device
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {status}
            </Typography>
          </span>
        }
        control={
          <Switch checked={on === true} onChange={(_event, checked) => void change(checked)} />
        }
      />
      {note !== null && <Alert severity="info">{note}</Alert>}
      {failure !== null && <Alert severity="warning">{FAILURE_MESSAGES[failure]}</Alert>}
    </Stack>
  );
}
