import { FAMILY_HAS_DATA_MESSAGE, type TInvitePreview } from '@kkb/core/family/members';
import { invitationHeadline } from '@kkb/core/family/names';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingSpinner } from '../../../components/feedback/loading-spinner';
import { ApiError, describeError } from '../../../lib/api-client';
import {
  clearNewRegistration,
  forgetPendingInvite,
  rememberPendingInvite,
} from '../../../lib/storage';
import { AuthPageLayout } from '../../auth/components/auth-page-layout';
import { useAuth } from '../../auth/components/use-auth';
import { useInvitePreview } from '../api/get-invite-preview';
import { useProfile } from '../api/get-profile';
import { useJoinFamily } from '../api/join-family';

const SHARED_THINGS = 'its children, favourites, streak and achievements';

function isFamilyWithData(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 409 && error.detail === FAMILY_HAS_DATA_MESSAGE
  );
}

/** What the invitation is, naming the family and the inviter once the link's answer is in. */
function invitationText(preview: TInvitePreview | undefined): string {
  if (preview === undefined) return `Join a family on Keep Kid Busy and share ${SHARED_THINGS}.`;
  return `${invitationHeadline(preview)} as a ${preview.role}, to share ${SHARED_THINGS}.`;
}

/** The link is used, expired or revoked: nothing to join. */
function SpentInvitation({ error, next }: { error: unknown; next: ReactNode }) {
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Alert severity="warning">
        {describeError(error)}. Ask whoever invited you for a new link.
      </Alert>
      {next}
    </Stack>
  );
}

function childNames(profile: TFamilyProfile): string {
  const names = profile.familyInfo.children.map((child) => child.name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Signed out: the invitation is kept while they sign in or register, then they come back. */
function SignedOut({ token, preview }: { token: string; preview: TInvitePreview | undefined }) {
  useEffect(() => rememberPendingInvite(token), [token]);
  return (
    <AuthPageLayout title="You're invited" subtitle={invitationText(preview)}>
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          Sign in or create an account first; you come back here to join.
        </Typography>
        <Button component={RouterLink} to="/register" variant="contained" size="large">
          Create an account
        </Button>
        <Button component={RouterLink} to="/login" variant="outlined" size="large">
          Sign in
        </Button>
      </Stack>
    </AuthPageLayout>
  );
}

/** What joining does to the family the user has now, when it has anything in it. */
function OwnFamilyChoice({
  profile,
  joining,
  onJoin,
}: {
  profile: TFamilyProfile | null | undefined;
  joining: boolean;
  onJoin: () => void;
}) {
  const name = profile?.familyInfo.familyName;
  const children = profile == null ? '' : childNames(profile);
  return (
    <Stack spacing={2}>
      <Alert severity="warning">
        <Typography sx={{ fontWeight: 600, mb: 0.5 }}>
          {name === undefined
            ? 'Your family has data of its own.'
            : `“${name}” has data of its own.`}
        </Typography>
        A person belongs to one family. Joining deletes your current family for good:{' '}
        {children === '' ? 'its children' : `its children (${children})`}, favourites, own
        activities, activity history, streak and achievements. This cannot be undone.
      </Alert>
      <Button variant="contained" color="error" size="large" loading={joining} onClick={onJoin}>
        Delete my family and join
      </Button>
      <Button component={RouterLink} to="/dashboard" variant="outlined" size="large">
        Keep my family
      </Button>
    </Stack>
  );
}

function SignedIn({ token }: { token: string }) {
  const navigate = useNavigate();
  const profile = useProfile();
  const join = useJoinFamily({
    onJoined: () => {
      clearNewRegistration();
      void navigate('/dashboard', { replace: true });
    },
  });
  // The user is here now: a later sign-in in this tab is not brought back.
  useEffect(() => forgetPendingInvite(), []);
  const [mustChoose, setMustChoose] = useState(false);
  const hasChildren = (profile.data?.familyInfo.children.length ?? 0) > 0;

  const send = (discardOwnFamily: boolean) =>
    join.mutate(
      { token, discardOwnFamily },
      {
        onError: (error) => {
          if (isFamilyWithData(error)) setMustChoose(true);
        },
      },
    );

  if (profile.isPending) return <LoadingSpinner message="Loading your family..." />;

  const failure = join.isError && !isFamilyWithData(join.error) ? join.error : null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      {failure !== null && <Alert severity="error">{describeError(failure)}</Alert>}
      {mustChoose || hasChildren ? (
        <OwnFamilyChoice
          profile={profile.data}
          joining={join.isPending}
          onJoin={() => send(true)}
        />
      ) : (
        <>
          <Button
            variant="contained"
            size="large"
            loading={join.isPending}
            onClick={() => send(false)}
          >
            Join family
          </Button>
          <Button component={RouterLink} to="/dashboard" variant="outlined" size="large">
            Not now
          </Button>
        </>
      )}
    </Stack>
  );
}

/**
 * `/join/{token}`: an invitation link. Signed out, it asks to sign in or register and comes back
 * here afterwards. Signed in, one press joins; when the user's own family has data (children,
 * activities...) they choose explicitly, knowing it will be deleted (the server refuses with 409
 * until then).
 */
export function JoinPage() {
  const { token = '' } = useParams();
  const auth = useAuth();
  // Whom the link is from; until it answers (or if it cannot), the page says "a family".
  const preview = useInvitePreview(token);
  const spent = preview.error instanceof ApiError && preview.error.status === 404;

  if (auth.status === 'loading') {
    return <LoadingSpinner fullScreen message="Initializing app..." />;
  }
  if (spent) {
    const signedIn = auth.status === 'authenticated';
    return (
      <AuthPageLayout title="This invitation cannot be used">
        <SpentInvitation
          error={preview.error}
          next={
            <Button
              component={RouterLink}
              to={signedIn ? '/dashboard' : '/login'}
              variant="outlined"
              size="large"
            >
              {signedIn ? 'Go to the dashboard' : 'Sign in'}
            </Button>
          }
        />
      </AuthPageLayout>
    );
  }
  if (auth.status === 'anonymous') return <SignedOut token={token} preview={preview.data} />;
  return (
    <AuthPageLayout title="Join a family" subtitle={invitationText(preview.data)}>
      <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
        Signed in as {auth.user.name} ({auth.user.email})
      </Typography>
      <SignedIn token={token} />
    </AuthPageLayout>
  );
}
