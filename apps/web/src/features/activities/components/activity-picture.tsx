import { CATEGORIES } from '@kkb/core/activities/categories';
import type { TActivity } from '@kkb/core/activities/schema';
import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';

const categoryColor = new Map(CATEGORIES.map((c) => [c.id, c.color]));

/**
 * An activity's picture on a tile tinted with its category's colour. The picture is a file of its
 * own (`/pictures/<name>.svg`, from the build), fetched when it comes near the screen. Its text
 * alternative is read out, unless `decorative`: where the same picture shows twice on a page.
 */
export function ActivityPicture({
  activity,
  size = 56,
  decorative = false,
  sx,
}: {
  activity: Pick<TActivity, 'picture' | 'category'>;
  size?: number;
  decorative?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { picture } = activity;
  const color = categoryColor.get(activity.category);
  const drawn = Math.round(size * 0.68);
  return (
    <Box
      sx={[
        (theme) => ({
          width: size,
          height: size,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          borderRadius: size >= 96 ? 4 : 2,
          bgcolor:
            color === undefined
              ? 'action.hover'
              : alpha(color, theme.palette.mode === 'dark' ? 0.28 : 0.12),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <img
        src={`/pictures/${picture.icon}.svg`}
        alt={decorative ? '' : picture.alt}
        width={drawn}
        height={drawn}
        loading="lazy"
        decoding="async"
      />
    </Box>
  );
}
