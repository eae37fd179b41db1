import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const drift = keyframes`
  0%, 100% { transform: translate3d(0, 0, 0) rotate(0deg); }
  50% { transform: translate3d(0, -24px, 0) rotate(8deg); }
`;

/** Soft shapes in the logo's colours; positions as viewport percentages. */
const SHAPES = [
  { top: '8%', left: '6%', size: 140, color: '#2196F3', radius: '50%', seconds: 14 },
  { top: '60%', left: '2%', size: 90, color: '#E91E63', radius: '30%', seconds: 11 },
  { top: '18%', left: '82%', size: 110, color: '#E91E63', radius: '50%', seconds: 16 },
  { top: '72%', left: '78%', size: 160, color: '#2196F3', radius: '40%', seconds: 18 },
  { top: '40%', left: '45%', size: 70, color: '#FFC107', radius: '50%', seconds: 12 },
] as const;

/** The decorative floating background of the page frame: hidden from assistive tech, inert. */
export function FloatingBackground() {
  return (
    <Box
      aria-hidden="true"
      data-testid="floating-background"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: 0,
        overflow: 'hidden',
        pointerEvents: 'none',
      }}
    >
      {SHAPES.map((shape, index) => (
        <Box
          key={index}
          sx={(theme) => ({
            position: 'absolute',
            top: shape.top,
            left: shape.left,
            width: shape.size,
            height: shape.size,
            borderRadius: shape.radius,
            bgcolor: shape.color,
            opacity: 0.08,
            animation: `${drift} ${shape.seconds}s ease-in-out infinite`,
            animationDelay: `${-index * 2}s`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            ...theme.applyStyles('dark', { opacity: 0.12 }),
          })}
        />
      ))}
    </Box>
  );
}
