import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useProviders } from '../api/get-providers';

/**
 * Google and Facebook sign-in, each shown only when the server has it configured. A button is a
 * plain link: the server's start route redirects the whole page to the provider.
 */
export function OAuthButtons() {
  const { data: providers } = useProviders();
  if (providers === undefined || (!providers.google && !providers.facebook)) return null;
  return (
    <>
      <Divider sx={{ my: 3 }}>or</Divider>
      <Stack spacing={1.5}>
        {providers.google && (
          <Button
            variant="outlined"
            size="large"
            startIcon={<GoogleIcon />}
            href="/api/v1/auth/oauth/google/start"
          >
            Continue with Google
          </Button>
        )}
        {providers.facebook && (
          <Button
            variant="outlined"
            size="large"
            startIcon={<FacebookIcon />}
            href="/api/v1/auth/oauth/facebook/start"
          >
            Continue with Facebook
          </Button>
        )}
      </Stack>
    </>
  );
}
