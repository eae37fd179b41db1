import type { Theme } from '@mui/material/styles';

/**
 * Text in the primary colour that keeps 4.5:1 (WCAG AA) on the page, on cards and on a selected
 * toggle's tint: the darker blue on the light scheme, the lighter one on the dark scheme (where
 * the darker blue reads 3.3:1 to 4.3:1).
 */
export function primaryTextSx(theme: Theme) {
  return { color: 'primary.dark', ...theme.applyStyles('dark', { color: 'primary.light' }) };
}
