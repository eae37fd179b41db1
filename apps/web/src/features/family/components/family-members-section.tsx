import type { TFamily, TFamilyInvite, TFamilyMember, TFamilyRole } from '@kkb/core/family/members';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../../lib/api-client';
import { useAuth } from '../../auth/components/use-auth';
import { useChangeMemberRole } from '../api/change-member-role';
import { useFamily } from '../api/get-family';
import { useRemoveMember } from '../api/remove-member';
import { useRevokeInvite } from '../api/revoke-invite';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ROLE_LABELS } from './family-roles';
import { useFeedback } from './feedback';
import { InviteDialog } from './invite-dialog';
import { MemberAvatar } from './member-avatar';
import { ProfileSection } from './profile-section';
import { useFamilyPermissions } from './use-family-permissions';
import { whenFirstUsed } from '../../../lib/when-first-used';

const dateFormat = whenFirstUsed(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));

/** What the owner asked to do to a member, waiting for their confirmation. */
type Pending =
  | { kind: 'remove'; member: TFamilyMember }
  | { kind: 'hand-over'; member: TFamilyMember }
  | { kind: 'leave' };

function MemberRow({
  member,
  isSelf,
  manageable,
  onRoleChange,
  onAsk,
}: {
  member: TFamilyMember;
  isSelf: boolean;
  /** The signed-in owner may change this member's role and remove them. */
  manageable: boolean;
  onRoleChange: (role: TFamilyRole) => void;
  onAsk: (pending: Pending) => void;
}) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const choose = (action: () => void) => {
    setMenuAnchor(null);
    action();
  };
  const otherRole: TFamilyRole = member.role === 'parent' ? 'caregiver' : 'parent';
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 1, listStyle: 'none' }}
    >
      <MemberAvatar name={member.name} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {member.name}
          {isSelf && (
            <Typography component="span" color="text.secondary">
              {' '}
              (you)
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {ROLE_LABELS[member.role]}
        </Typography>
      </Box>
      {manageable && (
        <>
          <IconButton
            aria-label={`Manage ${member.name}`}
            aria-haspopup="menu"
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
          >
            <MenuItem onClick={() => choose(() => onRoleChange(otherRole))}>
              Make {ROLE_LABELS[otherRole].toLowerCase()}
            </MenuItem>
            <MenuItem onClick={() => choose(() => onAsk({ kind: 'hand-over', member }))}>
              Make owner
            </MenuItem>
            <MenuItem
              onClick={() => choose(() => onAsk({ kind: 'remove', member }))}
              sx={{ color: 'error.main' }}
            >
              Remove from family
            </MenuItem>
          </Menu>
        </>
      )}
    </Stack>
  );
}

function InviteRow({ invite }: { invite: TFamilyInvite }) {
  const notify = useFeedback();
  const revoke = useRevokeInvite();
  const role = ROLE_LABELS[invite.role];
  const to = invite.email ?? 'a shared link';
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1.5}
      sx={{ alignItems: 'center', py: 1, listStyle: 'none' }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {role} · {to}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Expires {dateFormat().format(new Date(invite.expiresAt))}
        </Typography>
      </Box>
      <Button
        size="small"
        color="error"
        loading={revoke.isPending}
        aria-label={`Revoke the ${role.toLowerCase()} invitation to ${to}`}
        onClick={() =>
          revoke.mutate(invite.id, {
            onSuccess: () => notify('Invitation revoked'),
            onError: (error) => notify(describeError(error), 'error'),
          })
        }
      >
        Revoke
      </Button>
    </Stack>
  );
}

function confirmation(
  pending: Pending,
  familyName: string,
): { title: string; text: string; confirmLabel: string } {
  switch (pending.kind) {
    case 'remove':
      return {
        title: `Remove ${pending.member.name}?`,
        text: `${pending.member.name} will no longer see ${familyName}'s children, favourites and streak, and gets a new, empty family of their own. What they did stays in your history.`,
        confirmLabel: 'Remove',
      };
    case 'hand-over':
      return {
        title: `Make ${pending.member.name} the owner?`,
        text: `${pending.member.name} will invite and manage the members. You become a parent and can no longer change who is in the family.`,
        confirmLabel: 'Make owner',
      };
    case 'leave':
      return {
        title: `Leave ${familyName}?`,
        text: `You will no longer see ${familyName}'s children, favourites and streak. You get a new, empty family of your own and stay signed in.`,
        confirmLabel: 'Leave family',
      };
  }
}

function MembersContent({ family, familyName }: { family: TFamily; familyName: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const notify = useFeedback();
  const { role, can } = useFamilyPermissions();
  const changeRole = useChangeMemberRole();
  const removeMember = useRemoveMember();
  const [inviting, setInviting] = useState(false);
  // The member stays named while the dialog fades out after closing.
  const [pending, setPending] = useState<Pending>({ kind: 'leave' });
  const [confirmOpen, setConfirmOpen] = useState(false);
  const selfId = auth.user?.id;
  const manages = can('members.manage');
  const isOwner = role === 'owner';

  const changeMemberRole = async (member: TFamilyMember, next: TFamilyRole) => {
    try {
      await changeRole.mutateAsync({ userId: member.userId, role: next });
      notify(
        next === 'owner'
          ? `${member.name} is now the owner`
          : `${member.name} is now a ${ROLE_LABELS[next].toLowerCase()}`,
      );
    } catch (error) {
      notify(describeError(error), 'error');
    }
  };

  const confirm = async () => {
    try {
      if (pending.kind === 'hand-over') {
        await changeMemberRole(pending.member, 'owner');
      } else if (pending.kind === 'remove') {
        await removeMember.mutateAsync({ userId: pending.member.userId, self: false });
        notify(`${pending.member.name} removed from the family`);
      } else if (selfId !== undefined) {
        await removeMember.mutateAsync({ userId: selfId, self: true });
        await navigate('/setup', { replace: true });
        return;
      }
    } catch (error) {
      notify(describeError(error), 'error');
    }
    setConfirmOpen(false);
  };

  const ask = (next: Pending) => {
    setPending(next);
    setConfirmOpen(true);
  };

  const others = family.members.filter((member) => member.userId !== selfId);
  const dialog = confirmation(pending, familyName);

  return (
    <>
      <Box component="ul" aria-label="Family members" sx={{ p: 0, m: 0, mb: 2 }}>
        {family.members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isSelf={member.userId === selfId}
            manageable={manages && member.userId !== selfId}
            onRoleChange={(next) => void changeMemberRole(member, next)}
            onAsk={ask}
          />
        ))}
      </Box>

      {manages && (
        <>
          <Button
            variant="contained"
            startIcon={<PersonAddIcon />}
            onClick={() => setInviting(true)}
            sx={{ mb: 2 }}
          >
            Invite someone
          </Button>
          {family.invites.length > 0 && (
            <Box sx={{ mb: 2 }}>
              <Typography variant="h6" component="h3">
                Pending invitations
              </Typography>
              <Box component="ul" aria-label="Pending invitations" sx={{ p: 0, m: 0 }}>
                {family.invites.map((invite) => (
                  <InviteRow key={invite.id} invite={invite} />
                ))}
              </Box>
            </Box>
          )}
          {inviting && <InviteDialog open onClose={() => setInviting(false)} />}
        </>
      )}

      {isOwner && others.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          To leave the family, first make another member the owner.
        </Typography>
      )}
      {/* The owner hands ownership on first (alone, leaving would only swap empty families). */}
      {role !== undefined && !isOwner && (
        <Button variant="outlined" color="error" onClick={() => ask({ kind: 'leave' })}>
          Leave family
        </Button>
      )}

      <ConfirmDialog
        open={confirmOpen}
        title={dialog.title}
        text={dialog.text}
        confirmLabel={dialog.confirmLabel}
        loading={changeRole.isPending || removeMember.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}

/**
 * Who shares this family, with their roles. The owner invites (a one-time link to copy, share or
 * e-mail), revokes invitations, changes roles, removes members and hands ownership over; anyone
 * else may leave. Only the controls the signed-in member may use are shown.
 */
export function FamilyMembersSection({ familyName }: { familyName: string }) {
  const family = useFamily();
  return (
    <ProfileSection
      section="members"
      description="Everyone here shares the children, favourites, streak and achievements."
    >
      {family.data === undefined ? (
        <Typography color="text.secondary">
          {family.isError ? describeError(family.error) : 'Loading the members…'}
        </Typography>
      ) : (
        <MembersContent family={family.data} familyName={familyName} />
      )}
    </ProfileSection>
  );
}
