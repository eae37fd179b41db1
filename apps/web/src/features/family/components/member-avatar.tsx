import Avatar from '@mui/material/Avatar';
import Tooltip from '@mui/material/Tooltip';

/** The first letter of a member's name, upper case; "?" for a name without letters. */
export function memberInitial(name: string): string {
  return name.trim().charAt(0).toLocaleUpperCase() || '?';
}

/**
 * A family member as the first letter of their name. Beside the name it is decorative; on its
 * own (who did an activity) `label` names the member for screen readers and as a tooltip.
 */
export function MemberAvatar({
  name,
  size = 40,
  label,
}: {
  name: string;
  size?: number;
  label?: string;
}) {
  const avatar = (
    <Avatar
      role={label === undefined ? undefined : 'img'}
      aria-label={label}
      aria-hidden={label === undefined ? true : undefined}
      sx={{ width: size, height: size, fontSize: size * 0.45, bgcolor: 'primary.main' }}
    >
      {memberInitial(name)}
    </Avatar>
  );
  return label === undefined ? avatar : <Tooltip title={label}>{avatar}</Tooltip>;
}
