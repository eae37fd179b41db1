import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { enablePush } from '../../lib/push';
import { BottomSnackbar } from '../feedback/bottom-snackbar';

type Step = 'offer' | 'asking' | 'on' | 'not-now' | 'failed';

const SNACKBAR_MESSAGES = {
  on: 'Push notifications are on for this device',
  'not-now': 'You can turn push notifications on any time in Profile → Notifications',
  failed:
    'Push notifications could not be turned on just now. You can try again in Profile → Notifications.',
} as const;

/**
 * The one-time offer of push (spec §4: asked at a moment that makes sense, not on first load):
 * "Turn on" asks the browser; "Not now" closes it for good. The parent who says no is told where
 * to turn it on later.
 */
export function PushOffer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [step, setStep] = useState<Step>('offer');

  const turnOn = async () => {
    setStep('asking');
    const { status } = await enablePush();
    if (status === 'on') setStep('on');
    else if (status === 'not-allowed') setStep('not-now');
    else setStep('failed');
  };

  if (step === 'on' || step === 'not-now' || step === 'failed') {
    return (
      <BottomSnackbar
        open={open}
        autoHideDuration={step === 'failed' ? 8000 : 5000}
        onClose={onClose}
        message={SNACKBAR_MESSAGES[step]}
      />
    );
  }
  return (
    <BottomSnackbar open={open}>
      <Paper
        role="dialog"
        aria-label="Get reminders on this phone?"
        elevation={6}
        sx={{ p: 2, maxWidth: 420, width: '100%' }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <NotificationsActiveIcon color="primary" sx={{ mt: 0.25 }} />
          <div>
            <Typography sx={{ fontWeight: 600 }}>Get reminders on this phone?</Typography>
            <Typography variant="body2" color="text.secondary">
              Activity reminders and your daily summary, even when the app is closed.
            </Typography>
          </div>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
          <Button onClick={() => setStep('not-now')} disabled={step === 'asking'}>
            Not now
          </Button>
          <Button variant="contained" loading={step === 'asking'} onClick={() => void turnOn()}>
            Turn on
          </Button>
        </Stack>
      </Paper>
    </BottomSnackbar>
  );
}
