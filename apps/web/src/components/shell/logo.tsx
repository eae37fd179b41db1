import { useId } from 'react';

export type LogoSize = 'small' | 'medium' | 'large';
export type LogoScheme = 'primary' | 'white' | 'dark';

/** Icon height per size (spec §9: 24, 32, 48). */
export const LOGO_ICON_PX: Record<LogoSize, number> = { small: 24, medium: 32, large: 48 };

/** Word colours per scheme (spec §9). */
export const LOGO_COLORS: Record<LogoScheme, { keep: string; kid: string; busy: string }> = {
  primary: { keep: '#2196F3', kid: '#E91E63', busy: '#2196F3' },
  dark: { keep: '#1976D2', kid: '#C2185B', busy: '#1976D2' },
  white: { keep: '#FFFFFF', kid: '#FFFFFF', busy: '#FFFFFF' },
};

// Drawn on a 96 x 48 grid: the face fills the left 48 x 48, the words stack to its right.
const VIEW_WIDTH = 96;
const VIEW_HEIGHT = 48;

/** The Keep Kid Busy logo: a smiling face beside the stacked words Keep / Kid / Busy. */
export function Logo({
  size = 'medium',
  scheme = 'primary',
}: {
  size?: LogoSize;
  scheme?: LogoScheme;
}) {
  const titleId = useId();
  const height = LOGO_ICON_PX[size];
  const colors = LOGO_COLORS[scheme];
  const white = scheme === 'white';
  // On the white scheme the face is an outline so the background shows through.
  const faceFill = white ? 'none' : colors.keep;
  const featureColor = white ? colors.keep : '#FFFFFF';
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      width={(height * VIEW_WIDTH) / VIEW_HEIGHT}
      height={height}
      viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
      data-size={size}
      style={{ display: 'block', flexShrink: 0 }}
    >
      <title id={titleId}>Keep Kid Busy</title>
      <g data-part="icon">
        <circle
          cx="24"
          cy="24"
          r={white ? 21.5 : 23}
          fill={faceFill}
          stroke={white ? colors.keep : 'none'}
          strokeWidth="3"
        />
        <circle cx="17" cy="20" r="3.2" fill={featureColor} />
        <circle cx="31" cy="20" r="3.2" fill={featureColor} />
        <path
          d="M14.5 28 Q24 37.5 33.5 28"
          fill="none"
          stroke={white ? featureColor : colors.kid}
          strokeWidth="3.6"
          strokeLinecap="round"
        />
      </g>
      <g
        fontFamily="'Inter Variable', 'Helvetica Neue', Arial, sans-serif"
        fontWeight="700"
        fontSize="14.5"
        aria-hidden="true"
      >
        <text x="53" y="14" fill={colors.keep}>
          Keep
        </text>
        <text x="53" y="30" fill={colors.kid}>
          Kid
        </text>
        <text x="53" y="46" fill={colors.busy}>
          Busy
        </text>
      </g>
    </svg>
  );
}
