import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import { ApiError } from '../../lib/api-client';
import { InlineError } from './inline-error';
import { DeferredAlert } from './deferred-alert';

/**
 * A failed load where its content would be. A call that got no answer (server unreachable,
 * offline) says so in the words of spec §8 with a Retry; anything else is the component error.
 */
export function RequestError({ error, retry }: { error: unknown; retry: () => void }) {
  if (!(error instanceof ApiError) || error.status !== 0) return <InlineError reset={retry} />;
  return (
    <DeferredAlert
      severity="error"
      action={
        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={retry}>
          Retry
        </Button>
      }
    >
      {error.detail}
    </DeferredAlert>
  );
}
