import type { TActivity } from '@kkb/core/activities/schema';
import Box from '@mui/material/Box';
import { sliceAngle } from './fair-pick';

/** Light, cheerful slice colours; the dark label text reads on each at more than 7:1. */
const SLICE_COLOURS = ['#FFD54F', '#81D4FA', '#A5D6A7', '#F48FB1', '#CE93D8', '#FFAB91'];
const SIZE = 320;
const RADIUS = SIZE / 2 - 6;
const LABEL_LENGTH = 18;

function point(angleDegrees: number, radius: number): [number, number] {
  const radians = ((angleDegrees - 90) * Math.PI) / 180;
  return [SIZE / 2 + radius * Math.cos(radians), SIZE / 2 + radius * Math.sin(radians)];
}

function slicePath(index: number, count: number): string {
  if (count === 1) {
    const [x, y] = point(0, RADIUS);
    return `M ${x} ${y} A ${RADIUS} ${RADIUS} 0 1 1 ${x - 0.01} ${y} Z`;
  }
  const slice = sliceAngle(count);
  const [x1, y1] = point(index * slice, RADIUS);
  const [x2, y2] = point((index + 1) * slice, RADIUS);
  const large = slice > 180 ? 1 : 0;
  return `M ${SIZE / 2} ${SIZE / 2} L ${x1} ${y1} A ${RADIUS} ${RADIUS} 0 ${large} 1 ${x2} ${y2} Z`;
}

const shortLabel = (title: string) =>
  title.length > LABEL_LENGTH ? `${title.slice(0, LABEL_LENGTH - 1).trimEnd()}…` : title;

/**
 * The wheel: one equal slice per activity, slice i clockwise from the top, turned by `rotation`
 * degrees under a fixed pointer. `animate` spins it to the rotation; without, it jumps there.
 */
export function SpinWheel({
  activities,
  rotation,
  animate,
  onSpinEnd,
}: {
  activities: readonly TActivity[];
  rotation: number;
  animate: boolean;
  onSpinEnd: () => void;
}) {
  const count = activities.length;
  const slice = sliceAngle(count);
  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: SIZE, mx: 'auto', aspectRatio: '1' }}>
      <Box
        component="svg"
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-label={`A wheel of ${count} activities: ${activities.map((a) => a.title).join(', ')}`}
        onTransitionEnd={onSpinEnd}
        // Inline: a new rotation each spin would otherwise make a new style class each time.
        style={{
          transform: `rotate(${rotation}deg)`,
          transition: animate ? 'transform 4s cubic-bezier(0.12, 0.8, 0.18, 1)' : 'none',
        }}
        sx={{ width: '100%', height: '100%', display: 'block' }}
      >
        {activities.map((activity, index) => {
          const middle = (index + 0.5) * slice;
          const [x, y] = point(middle, RADIUS * 0.58);
          return (
            <g key={activity.id}>
              <path
                d={slicePath(index, count)}
                fill={SLICE_COLOURS[index % SLICE_COLOURS.length]}
                stroke="#fff"
                strokeWidth={3}
              />
              <text
                x={x}
                y={y}
                fill="#1a1a1a"
                fontSize={count > 8 ? 10 : 13}
                fontWeight={600}
                textAnchor="middle"
                dominantBaseline="middle"
                transform={`rotate(${middle - 90 + (middle > 180 ? 180 : 0)} ${x} ${y})`}
              >
                {shortLabel(activity.title)}
              </text>
            </g>
          );
        })}
        <circle cx={SIZE / 2} cy={SIZE / 2} r={18} fill="#fff" stroke="#1a1a1a" strokeWidth={3} />
      </Box>
      {/* The pointer at the top stays put while the wheel turns beneath it. */}
      <Box
        component="svg"
        viewBox="0 0 30 30"
        aria-hidden="true"
        sx={{
          position: 'absolute',
          top: -8,
          left: '50%',
          width: 34,
          height: 34,
          transform: 'translateX(-50%)',
          filter: 'drop-shadow(0 1px 2px rgba(0,0,0,.4))',
        }}
      >
        <path d="M 3 2 L 27 2 L 15 26 Z" fill="#d32f2f" stroke="#fff" strokeWidth={2} />
      </Box>
    </Box>
  );
}
