import { useColorScheme } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

/**
 * The light/dark choice for the profile page's toggle. MUI keeps it under its own `mui-mode`
 * key (spec §9); 'system' resolves to what the device prefers.
 */
export function useColorMode(): {
  mode: ColorMode;
  setMode: (mode: ColorMode) => void;
  toggleMode: () => void;
} {
  const { mode, systemMode, setMode } = useColorScheme();
  const resolved: ColorMode = (mode === 'system' ? systemMode : mode) ?? 'light';
  return {
    mode: resolved,
    setMode,
    toggleMode: () => setMode(resolved === 'light' ? 'dark' : 'light'),
  };
}
