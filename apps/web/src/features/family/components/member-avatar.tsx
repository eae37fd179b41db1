import { nameInitial } from '@kkb/core/family/initial';
import Avatar from '@mui/material/Avatar';
import Tooltip from '@mui/material/Tooltip';

/**
 * A family member as the first character of their name. Beside the name it is decorative; on its
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
      {nameInitial(name)}
    </Avatar>
  );
  return label === undefined ? avatar : <Tooltip title={label}>{avatar}</Tooltip>;
}
