import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/components/use-auth';
import { NOTIFICATION_LISTS_QUERY_KEY } from '../../features/notifications/api/get-notifications';
import { getUnreadCountQueryOptions } from '../../features/notifications/api/get-unread-count';
import {
  PUSH_MESSAGE_TYPE,
  PUSH_SUBSCRIPTION_CHANGED_TYPE,
  type ForegroundPush,
} from '../../lib/push-messages';
import { renewPushOnDemand } from '../../lib/push-on-demand';

/** Runs `task` once the page has loaded, so it never competes with the first paint. */
function afterLoad(task: () => void): () => void {
  if (document.readyState === 'complete') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  window.addEventListener('load', task, { once: true });
  return () => window.removeEventListener('load', task);
}

/** An app path the message may open; anything else is ignored. */
const inAppLink = (link: string | undefined): string | null =>
  link !== undefined && /^\/(?!\/)/.test(link) ? link : null;

/**
 * Push on the signed-in pages: the subscription is renewed once per sign-in (spec §9) and when
 * the service worker says the browser replaced it; a push that arrives while the app is in front
 * shows here as a snackbar (spec §7 foreground messages) and refreshes the notifications.
 */
export function DevicePush() {
  const auth = useAuth();
  const userId = auth.status === 'authenticated' ? auth.user.id : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [message, setMessage] = useState<ForegroundPush | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (userId === null) return;
    return afterLoad(() => void renewPushOnDemand());
  }, [userId]);

  useEffect(() => {
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (worker === undefined) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; payload?: ForegroundPush } | null;
      if (data?.type === PUSH_MESSAGE_TYPE) {
        setMessage(data.payload ?? {});
        setOpen(true);
        void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LISTS_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: getUnreadCountQueryOptions().queryKey });
      } else if (data?.type === PUSH_SUBSCRIPTION_CHANGED_TYPE) {
        void renewPushOnDemand();
      }
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [queryClient]);

  const link = inAppLink(message?.data?.link);
  return (
    <Snackbar
      open={open}
      autoHideDuration={8000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 72, md: 80 } }}
      message={
        <span>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {message?.title ?? 'Keep Kid Busy'}
          </Typography>
          {message?.body !== undefined && (
            <Typography component="span" variant="body2">
              {message.body}
            </Typography>
          )}
        </span>
      }
      action={
        <>
          {link !== null && (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setOpen(false);
                void navigate(link);
              }}
            >
              Open
            </Button>
          )}
          <Button color="inherit" size="small" onClick={() => setOpen(false)}>
            Close
          </Button>
        </>
      }
    />
  );
}
