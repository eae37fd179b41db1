import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The full-page error screen (spec §2). It may show outside the router, so Go Home is a plain
 * link (a fresh load of `/`) and Go Back uses the browser history directly.
 */
export function FullPageError({ reset }: { reset: () => void }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        textAlign: 'center',
      }}
    >
      <Stack spacing={2} sx={{ alignItems: 'center', maxWidth: 520 }}>
        <ErrorOutlineIcon color="error" sx={{ fontSize: 64 }} aria-hidden="true" />
        <Typography variant="h4" component="h1">
          Oops! Something went wrong
        </Typography>
        <Typography color="text.secondary">
          We encountered an unexpected error. Don&apos;t worry, your data is safe.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
          <Button variant="contained" onClick={reset}>
            Try Again
          </Button>
          <Button variant="outlined" href="/">
            Go Home
          </Button>
          <Button variant="text" onClick={() => window.history.back()}>
            Go Back
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
