import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/shell/logo';
import { describeError } from '../../../lib/api-client';
import { useProviders } from '../../auth/api/get-providers';
import { useHealth } from '../api/get-health';

/** What this browser's service worker is doing right now. */
async function readServiceWorkerState(): Promise<string> {
  if (!('serviceWorker' in navigator)) return 'Not supported by this browser';
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration === undefined) return 'Supported, not registered';
  if (registration.active !== null) return `Active (scope ${registration.scope})`;
  if (registration.waiting !== null) return 'Installed, waiting to activate';
  return 'Installing';
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="div"
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75, flexWrap: 'wrap' }}
    >
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Pending() {
  return <CircularProgress size={20} aria-label="Checking" />;
}

function onOff(configured: boolean) {
  return configured ? 'Configured' : 'Not configured';
}

/**
 * `/firebase-test`, our diagnostics page: is the server up, on which database, which sign-in
 * methods it offers, and what this browser supports for offline use and push. Works signed out.
 */
export function DiagnosticsPage() {
  const health = useHealth();
  const providers = useProviders();
  const serviceWorker = useQuery({
    queryKey: ['system', 'service-worker'],
    queryFn: readServiceWorkerState,
  });
  const pushSupported = 'PushManager' in window;
  const notificationPermission =
    'Notification' in window ? Notification.permission : 'Not supported by this browser';

  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 4 }}>
      <Stack spacing={3}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <RouterLink to="/">
            <Logo size="medium" />
          </RouterLink>
          <Button component={RouterLink} to="/" variant="outlined">
            Back to app
          </Button>
        </Box>
        <Typography component="h1" variant="h4">
          Diagnostics
        </Typography>

        <Section title="Server">
          {health.isPending ? (
            <Pending />
          ) : health.isError ? (
            <Alert severity="error">{describeError(health.error)}</Alert>
          ) : (
            <Box component="dl" sx={{ m: 0 }}>
              <Row label="Status">
                <Chip size="small" color="success" label={health.data.status} />
              </Row>
              <Row label="Database">{health.data.database}</Row>
              <Row label="Version">{health.data.version}</Row>
            </Box>
          )}
        </Section>

        <Section title="Sign-in methods">
          {providers.isPending ? (
            <Pending />
          ) : providers.isError ? (
            <Alert severity="error">{describeError(providers.error)}</Alert>
          ) : (
            <Box component="dl" sx={{ m: 0 }}>
              <Row label="Email and password">{onOff(providers.data.password)}</Row>
              <Row label="Google">{onOff(providers.data.google)}</Row>
              <Row label="Facebook">{onOff(providers.data.facebook)}</Row>
            </Box>
          )}
        </Section>

        <Section title="This browser">
          <Box component="dl" sx={{ m: 0 }}>
            <Row label="Service worker">
              {serviceWorker.isPending ? <Pending /> : (serviceWorker.data ?? 'Unknown')}
            </Row>
            <Row label="Push messaging">{pushSupported ? 'Supported' : 'Not supported'}</Row>
            <Row label="Notification permission">{notificationPermission}</Row>
          </Box>
        </Section>
      </Stack>
    </Box>
  );
}
