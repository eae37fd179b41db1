import type { TLoginBody } from '@kkb/core/auth/schemas';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { TextInput } from '../../../components/form/text-input';
import { describeError } from '../../../lib/api-client';
import { sendAgainIfSentBeforeStart } from '../../../lib/early-submit';
import { lazySchema, type FieldErrors } from '../../../lib/lazy-schema';
import { useLogin } from '../api/login';
import { useAuth } from '../components/use-auth';
import { AuthPageLayout } from '../components/auth-page-layout';
import { OAuthButtons } from '../components/oauth-buttons';
import { DeferredAlert } from '../../../components/feedback/deferred-alert';

/** Core's sign-in schema, loaded when the parent reaches the form (see lazySchema). */
const loginSchema = lazySchema(async () => (await import('@kkb/core/auth/schemas')).ZLoginBody);

type LoginField = keyof TLoginBody;
const FIELDS: readonly LoginField[] = ['email', 'password'];

function valuesOf(form: HTMLFormElement): Record<LoginField, string> {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
}

/**
 * `/` and `/login`. A successful login changes the auth state; the public-route guard then sends
 * the parent on (back to the page they wanted, to /setup, or to /dashboard).
 *
 * Checked like the app's other sign-in forms (a field once typed in and left, then as it changes;
 * every field once sent), with core's schema, but without react-hook-form: this is the first page most visitors
 * load, and the library would be a tenth of its scripts. The inputs are uncontrolled, so what was
 * typed before the app started is what is sent.
 */
export function LoginPage() {
  const login = useLogin();
  const auth = useAuth();
  // The page comes prerendered: a parent may have typed and sent it before the app started.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => sendAgainIfSentBeforeStart(form.current), []);
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const checked = useRef(new Set<LoginField>());
  // A check that ends after a later one began (the schema was still loading) is not shown.
  const lastCheck = useRef(0);

  const recheck = async () => {
    if (form.current === null || checked.current.size === 0) return;
    const check = ++lastCheck.current;
    const result = await loginSchema.check(valuesOf(form.current));
    if (check !== lastCheck.current) return;
    const found = result.success ? {} : result.errors;
    setErrors(
      Object.fromEntries(FIELDS.filter((f) => checked.current.has(f)).map((f) => [f, found[f]])),
    );
  };
  // Passing through an empty field (tabbing past it) does not count: only one typed in and left.
  const leave = (field: LoginField) => {
    if (form.current === null || valuesOf(form.current)[field] === '') return;
    checked.current.add(field);
    void recheck();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = ++lastCheck.current;
    const result = await loginSchema.check(valuesOf(event.currentTarget));
    if (check !== lastCheck.current) return;
    for (const field of FIELDS) checked.current.add(field);
    if (result.success) {
      setErrors({});
      login.mutate(result.data);
      return;
    }
    setErrors(result.errors);
    const first = FIELDS.find((field) => result.errors[field] !== undefined);
    if (first !== undefined)
      form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  };

  return (
    <AuthPageLayout title="Welcome back" subtitle="Sign in to find what to play today">
      <form
        ref={form}
        noValidate
        onFocus={loginSchema.preload}
        onSubmit={(event) => void submit(event)}
      >
        <Stack spacing={2}>
          {auth.status === 'anonymous' && auth.accountDeleted && (
            <DeferredAlert severity="success">
              Your account has been deleted. Thank you for playing with Keep Kid Busy.
            </DeferredAlert>
          )}
          {login.isError && (
            <DeferredAlert severity="error">{describeError(login.error)}</DeferredAlert>
          )}
          <TextInput
            name="email"
            onBlur={() => leave('email')}
            onChange={() => void recheck()}
            label="Email"
            type="email"
            autoComplete="email"
            required
            error={errors.email !== undefined}
            helperText={errors.email}
          />
          <TextInput
            name="password"
            onBlur={() => leave('password')}
            onChange={() => void recheck()}
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password !== undefined}
            helperText={errors.password}
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
