import { createTheme, type Theme } from '@mui/material/styles';
import type { ColorMode } from '../hooks/use-color-mode';

const PALETTES = {
  light: {
    // #1565C0 keeps AA contrast both as text on the page background (5.5:1) and under white text
    // (5.8:1); the lighter #1976D2 reads only 4.4:1 on #F7FAFD.
    primary: { main: '#1565C0' },
    secondary: { main: '#C2185B' },
    background: { default: '#F7FAFD', paper: '#FFFFFF' },
  },
  dark: {
    primary: { main: '#64B5F6' },
    secondary: { main: '#F48FB1' },
  },
} as const;

const themes = new Map<ColorMode, Theme>();

/**
 * The app theme (spec §9) in a colour mode: Inter, the default breakpoints (they equal the
 * spec's). One plain theme per mode, made when first needed: MUI's CSS-variables theme made both
 * schemes up front and was most of the time a phone spent running the app's scripts before the
 * first page could answer a tap (Lighthouse's total blocking time); a parent switches modes
 * rarely, and then the page simply renders again.
 */
export function themeFor(mode: ColorMode): Theme {
  let theme = themes.get(mode);
  if (theme === undefined) {
    theme = createTheme({
      palette: { mode, ...PALETTES[mode] },
      typography: {
        fontFamily: '"Inter Variable", "Helvetica Neue", Arial, sans-serif',
        button: { textTransform: 'none', fontWeight: 600 },
      },
      shape: { borderRadius: 12 },
    });
    themes.set(mode, theme);
  }
  return theme;
}
