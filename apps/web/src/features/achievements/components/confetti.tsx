import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const CONFETTI_COLORS = ['#2196F3', '#E91E63', '#FFC107', '#4CAF50', '#9C27B0'];
const CONFETTI_PIECES = 24;

const fall = keyframes`
  from { transform: translateY(-20px) rotate(0deg); opacity: 1; }
  to { transform: translateY(360px) rotate(540deg); opacity: 0; }
`;

/**
 * Falling paper pieces behind a celebration's content (a positioned box's), purely decorative;
 * left out by the caller when the parent prefers reduced motion.
 */
export function Confetti() {
  return (
    <Box
      data-testid="confetti"
      aria-hidden="true"
      sx={{ position: 'absolute', inset: 0, overflow: 'hidden', pointerEvents: 'none' }}
    >
      {Array.from({ length: CONFETTI_PIECES }, (_, index) => (
        <Box
          key={index}
          component="span"
          sx={{
            position: 'absolute',
            top: 0,
            // Spread evenly, with a fixed stagger so each burst looks the same (no Math.random in render).
            left: `${((index * 37) % 100) + 0.5}%`,
            width: 8,
            height: 14,
            borderRadius: '2px',
            bgcolor: CONFETTI_COLORS[index % CONFETTI_COLORS.length],
            animation: `${fall} ${1.6 + (index % 5) * 0.3}s ease-in ${(index % 7) * 0.12}s both`,
          }}
        />
      ))}
    </Box>
  );
}
