import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/shell/logo';

/** The centred card every sign-in screen shares: the logo (home link), a heading, the form. */
export function AuthPageLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
      }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <RouterLink to="/">
            <Logo size="large" />
          </RouterLink>
        </Box>
        <Typography component="h1" variant="h5" sx={{ textAlign: 'center', fontWeight: 600 }}>
          {title}
        </Typography>
        {subtitle !== undefined && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
    </Box>
  );
}
