import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { matchesViewportWidth } from '../lib/viewport-width';

/**
 * Makes `window.matchMedia` answer width queries (min-width / max-width in px) as a viewport of
 * `width` pixels would; every other feature query is false. jsdom has no matchMedia.
 */
/** Stubs `window.matchMedia` (jsdom has none) with `matches` deciding each media query. */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  vi.stubGlobal(
    'matchMedia',
    (query: string): MediaQueryList =>
      ({
        media: query,
        matches: matches(query),
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/**
 * Makes `window.matchMedia` answer width queries (min-width / max-width in px) as a viewport of
 * `width` pixels would; every other feature query is false.
 */
export function mockViewportWidth(width: number): void {
  stubMatchMedia((query) => matchesViewportWidth(query, width));
}

/** Sets what `navigator.onLine` answers, without an event. */
export function setNavigatorOnline(online: boolean): void {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
}

/** Changes connectivity the way a browser does: `navigator.onLine`, then the event. */
export function goOnline(online: boolean): void {
  setNavigatorOnline(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}
