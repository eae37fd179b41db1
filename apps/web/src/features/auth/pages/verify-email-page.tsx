import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/feedback/loading-spinner';
import { describeError } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/verify-email';
import { AuthPageLayout } from '../components/auth-page-layout';

const INVALID_LINK_MESSAGE = 'This verification link is invalid or has expired.';

/** `/verify-email?token=…`: the link of the verification e-mail. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verification = useVerifyEmail(token);

  let content;
  if (token === '') {
    content = <Alert severity="error">{INVALID_LINK_MESSAGE}</Alert>;
  } else if (verification.isPending) {
    content = <LoadingSpinner message="Confirming your email address..." />;
  } else if (verification.isError) {
    content = <Alert severity="error">{describeError(verification.error)}</Alert>;
  } else if (verification.data.already_verified) {
    content = (
      <Alert severity="info" role="status">
        {verification.data.user.email} is already confirmed. There is nothing more to do.
      </Alert>
    );
  } else {
    content = (
      <Alert severity="success" role="status">
        Thank you — {verification.data.user.email} is confirmed.
      </Alert>
    );
  }

  return (
    <AuthPageLayout title="Confirm your email">
      {content}
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/">
          Continue to Keep Kid Busy
        </Link>
      </Typography>
    </AuthPageLayout>
  );
}
