import { nameInitial } from '@kkb/core/family/initial';
import type { TChild } from '@kkb/core/family/schema';
import Avatar from '@mui/material/Avatar';

/** A child's picture, else the first character of the name; decorative beside the name. */
export function ChildAvatar({ child, size = 48 }: { child: TChild; size?: number }) {
  return (
    <Avatar
      src={child.avatar ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'secondary.main' }}
    >
      {nameInitial(child.name)}
    </Avatar>
  );
}
