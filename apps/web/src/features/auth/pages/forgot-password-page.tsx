import { ZPasswordResetRequestBody } from '@kkb/core/auth/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { checkedOnceTyped } from '../../../components/form/checked-once-typed';
import { TextInput } from '../../../components/form/text-input';
import { describeError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthPageLayout } from '../components/auth-page-layout';

/** The same words whether or not the account exists, so the page reveals no addresses. */
export const RESET_LINK_SENT_MESSAGE =
  "If an account exists for that address, we've sent a link to reset your password.";

/** `/forgot-password`: asks for the e-mail to send a one-time reset link to. */
export function ForgotPasswordPage() {
  const resetRequest = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZPasswordResetRequestBody),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  return (
    <AuthPageLayout
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to choose a new one"
    >
      {resetRequest.isSuccess ? (
        <Alert severity="success" role="status">
          {RESET_LINK_SENT_MESSAGE}
        </Alert>
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => resetRequest.mutate(values))}>
          <Stack spacing={2}>
            {resetRequest.isError && (
              <Alert severity="error">{describeError(resetRequest.error)}</Alert>
            )}
            <TextInput
              {...checkedOnceTyped(register('email'))}
              label="Email"
              type="email"
              autoComplete="email"
              required
              error={errors.email !== undefined}
              helperText={errors.email?.message}
            />
            <Button type="submit" variant="contained" size="large" loading={resetRequest.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      </Typography>
    </AuthPageLayout>
  );
}
