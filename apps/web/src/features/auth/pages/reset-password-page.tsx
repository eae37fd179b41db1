import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_LINK_INVALID_MESSAGE,
  ZNewPassword,
} from '@kkb/core/auth/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import { checkedOnceTyped } from '../../../components/form/checked-once-typed';
import { TextInput } from '../../../components/form/text-input';
import { describeError } from '../../../lib/api-client';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { AuthPageLayout } from '../components/auth-page-layout';

const ZResetForm = z.object({ password: ZNewPassword });

/** `/reset-password?token=…`: the link of the reset e-mail; sets a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirmReset = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZResetForm),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });

  const signInLink = (
    <Typography sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        Back to sign in
      </Link>
    </Typography>
  );

  if (token === '') {
    return (
      <AuthPageLayout title="Choose a new password">
        <Alert severity="error">{PASSWORD_RESET_LINK_INVALID_MESSAGE}</Alert>
        <Typography sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to="/forgot-password">
            Request a new link
          </Link>
        </Typography>
      </AuthPageLayout>
    );
  }

  if (confirmReset.isSuccess) {
    return (
      <AuthPageLayout title="Choose a new password">
        <Alert severity="success" role="status">
          Your password has been changed. You can now sign in with your new password.
        </Alert>
        {signInLink}
      </AuthPageLayout>
    );
  }

  return (
    <AuthPageLayout title="Choose a new password">
      <form
        noValidate
        onSubmit={handleSubmit(({ password }) => confirmReset.mutate({ token, password }))}
      >
        <Stack spacing={2}>
          {confirmReset.isError && (
            <Alert severity="error">{describeError(confirmReset.error)}</Alert>
          )}
          <TextInput
            {...checkedOnceTyped(register('password'))}
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password !== undefined}
            helperText={errors.password?.message ?? `At least ${PASSWORD_MIN_LENGTH} characters`}
          />
          <Button type="submit" variant="contained" size="large" loading={confirmReset.isPending}>
            Set new password
          </Button>
        </Stack>
      </form>
      {signInLink}
    </AuthPageLayout>
  );
}
