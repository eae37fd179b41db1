import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

/** Where the choice is kept: MUI's own keys (spec §9). 'system' follows the device. */
const MODE_KEY = 'mui-mode';
const SCHEME_KEY = 'mui-color-scheme';
const PREFERS_DARK = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function storedMode(): ColorMode | 'system' {
  try {
    const stored = localStorage.getItem(MODE_KEY);
    return stored === 'dark' || stored === 'system' ? stored : 'light';
  } catch {
    return 'light';
  }
}

/** The mode in use now: the stored choice, light by default, 'system' as the device prefers. */
export function readColorMode(): ColorMode {
  const mode = storedMode();
  if (mode !== 'system') return mode;
  return window.matchMedia?.(PREFERS_DARK).matches ? 'dark' : 'light';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia?.(PREFERS_DARK);
  media?.addEventListener('change', listener);
  // Another tab of the app changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === MODE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', listener);
    window.removeEventListener('storage', onStorage);
  };
}

function setColorMode(mode: ColorMode): void {
  try {
    localStorage.setItem(MODE_KEY, mode);
    localStorage.setItem(SCHEME_KEY, mode);
  } catch {
    // Without storage the choice lasts until the page closes.
  }
  for (const listener of listeners) listener();
}

/**
 * The colour mode, as the app renders it. The prerendered sign-in page was drawn light, so its
 * hydration starts light and a dark choice follows right after.
 */
export function useResolvedColorMode(): ColorMode {
  return useSyncExternalStore(subscribe, readColorMode, () => 'light');
}

/** The light/dark choice for the profile page's toggle. */
export function useColorMode(): {
  mode: ColorMode;
  setMode: (mode: ColorMode) => void;
  toggleMode: () => void;
} {
  const mode = useResolvedColorMode();
  return {
    mode,
    setMode: setColorMode,
    toggleMode: () => setColorMode(mode === 'light' ? 'dark' : 'light'),
  };
}
