import { PASSWORD_MIN_LENGTH, ZRegisterBody } from '@kkb/core/auth/schemas';
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
import { useRegister } from '../api/register';
import { AuthPageLayout } from '../components/auth-page-layout';
import { OAuthButtons } from '../components/oauth-buttons';

/**
 * `/register`: name, e-mail and password checked inline with core's rules (spec §5); the server's
 * refusals (a known e-mail, a common password) show above the form.
 */
export function RegisterPage() {
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZRegisterBody),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '' },
  });

  return (
    <AuthPageLayout title="Create your account" subtitle="Activities for your kids, in seconds">
      <form noValidate onSubmit={handleSubmit((values) => registration.mutate(values))}>
        <Stack spacing={2}>
          {registration.isError && (
            <Alert severity="error">{describeError(registration.error)}</Alert>
          )}
          <TextInput
            {...checkedOnceTyped(register('name'))}
            label="Name"
            autoComplete="name"
            required
            error={errors.name !== undefined}
            helperText={errors.name?.message}
          />
          <TextInput
            {...checkedOnceTyped(register('email'))}
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email !== undefined}
            helperText={errors.email?.message}
          />
          <TextInput
            {...checkedOnceTyped(register('password'))}
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password !== undefined}
            helperText={errors.password?.message ?? `At least ${PASSWORD_MIN_LENGTH} characters`}
          />
          <Button type="submit" variant="contained" size="large" loading={registration.isPending}>
            Create account
          </Button>
        </Stack>
      </form>
      <OAuthButtons />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Sign in
        </Link>
      </Typography>
    </AuthPageLayout>
  );
}
