import Alert, { type AlertColor } from '@mui/material/Alert';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { getPendingCount } from '../../../lib/offline-queue';
import { BottomSnackbar } from '../../../components/feedback/bottom-snackbar';

type Notify = (message: string, severity?: AlertColor) => void;

const SYNC_LATER = "It will sync when you're back online.";

const FeedbackContext = createContext<Notify | null>(null);

interface Message {
  key: number;
  text: string;
  severity: AlertColor;
}

/**
 * One snackbar for a page's success and error messages; a new message replaces the last. A
 * change saved while actions wait in the offline queue was queued itself (changes queue behind
 * them): its message says when it reaches the server.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((text, severity = 'success') => {
    const queued = severity === 'success' && getPendingCount() > 0;
    setMessage({ key: Date.now(), text: queued ? `${text}. ${SYNC_LATER}` : text, severity });
    setOpen(true);
  }, []);
  return (
    <FeedbackContext value={notify}>
      {children}
      <BottomSnackbar
        key={message?.key}
        open={open}
        autoHideDuration={message?.severity === 'error' ? null : 5000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setOpen(false);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={message?.severity ?? 'success'}
          variant="filled"
          onClose={() => setOpen(false)}
          sx={{ width: '100%' }}
        >
          {message?.text}
        </Alert>
      </BottomSnackbar>
    </FeedbackContext>
  );
}

/** Shows a short message in the page's snackbar; only inside `FeedbackProvider`. */
export function useFeedback(): Notify {
  const notify = useContext(FeedbackContext);
  if (notify === null) throw new Error('useFeedback must be used inside FeedbackProvider');
  return notify;
}
