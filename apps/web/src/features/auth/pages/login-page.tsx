import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '../../../components/form/text-input';
import { describeError } from '../../../lib/api-client';
import { sendAgainIfSentBeforeStart } from '../../../lib/early-submit';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useLogin } from '../api/login';
import { useAuth } from '../components/use-auth';
import { AuthPageLayout } from '../components/auth-page-layout';
import { OAuthButtons } from '../components/oauth-buttons';

/** Core's sign-in schema, loaded when the parent reaches the form (see lazyResolver). */
const loginSchema = lazyResolver(async () => {
  const [{ zodResolver }, { ZLoginBody }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@kkb/core/auth/schemas'),
  ]);
  return zodResolver(ZLoginBody);
});

/**
 * `/` and `/login`. A successful login changes the auth state; the public-route guard then sends
 * the parent on (back to the page they wanted, to /setup, or to /dashboard).
 */
export function LoginPage() {
  const login = useLogin();
  const auth = useAuth();
  // The page comes prerendered: a parent may have typed and sent it before the app started.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => sendAgainIfSentBeforeStart(form.current), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: loginSchema.resolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  return (
    <AuthPageLayout title="Welcome back" subtitle="Sign in to find what to play today">
      <form
        ref={form}
        noValidate
        onFocus={loginSchema.preload}
        onSubmit={handleSubmit((values) => login.mutate(values))}
      >
        <Stack spacing={2}>
          {auth.status === 'anonymous' && auth.accountDeleted && (
            <Alert severity="success">
              Your account has been deleted. Thank you for playing with Keep Kid Busy.
            </Alert>
          )}
          {login.isError && <Alert severity="error">{describeError(login.error)}</Alert>}
          <TextInput
            {...register('email')}
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email !== undefined}
            helperText={errors.email?.message}
          />
          <TextInput
            {...register('password')}
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password !== undefined}
            helperText={errors.password?.message}
          />
          <Button type="submit" variant="contained" size="large" loading={login.isPending}>
            Sign in
          </Button>
          <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'flex-start' }}>
            Forgot password?
          </Link>
        </Stack>
      </form>
      <OAuthButtons />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        New here?{' '}
        <Link component={RouterLink} to="/register">
          Create an account
        </Link>
      </Typography>
    </AuthPageLayout>
  );
}
