import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/api-client';
import { useExchangeOAuthCode } from '../api/exchange-oauth-code';
import { AuthPageLayout } from '../components/auth-page-layout';

const PROVIDER_REFUSED_MESSAGE = 'Sign-in was cancelled or failed. Please try again.';

/**
 * `/oauth-callback?code=…` (or `?error=…`): where the server sends the parent back from Google or
 * Facebook. The one-time code becomes a session; then the public-route guard at `/` routes the
 * parent by the spec §4 rule (setup for a new family, else the dashboard).
 */
export function OAuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const code = searchParams.get('code');
  const providerError = searchParams.get('error');
  const exchange = useExchangeOAuthCode();
  const { mutate } = exchange;
  // The code works once; StrictMode's second effect run must not spend it again.
  const exchangeStarted = useRef(false);

  useEffect(() => {
    if (code === null || providerError !== null || exchangeStarted.current) return;
    exchangeStarted.current = true;
    mutate(code, { onSuccess: () => navigate('/', { replace: true }) });
  }, [code, providerError, mutate, navigate]);

  const failure =
    providerError !== null || code === null
      ? PROVIDER_REFUSED_MESSAGE
      : exchange.isError
        ? describeError(exchange.error)
        : null;

  return (
    <AuthPageLayout title="Signing you in">
      {failure === null ? (
        <Stack role="status" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress aria-hidden="true" />
          <Typography>Loading authentication...</Typography>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <Alert severity="error">{failure}</Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Back to login
          </Button>
        </Stack>
      )}
    </AuthPageLayout>
  );
}
