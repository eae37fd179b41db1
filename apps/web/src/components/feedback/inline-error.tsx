import RefreshIcon from '@mui/icons-material/Refresh';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { DeferredAlert } from './deferred-alert';

/** The inline component error (spec §2); the refresh button renders the component again. */
export function InlineError({ reset }: { reset: () => void }) {
  return (
    <DeferredAlert
      severity="error"
      action={
        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={reset}>
          Refresh
        </Button>
      }
    >
      <AlertTitle>Component Error</AlertTitle>
      This component encountered an error. Click the refresh button to try again.
    </DeferredAlert>
  );
}
