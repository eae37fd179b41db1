import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { PROFILE_SECTIONS, PUSH_DEVICES_ANCHOR } from './profile-sections';

/** The fragments the profile jumps to; others (the frame's "Skip to content") are left alone. */
const ANCHORS = new Set<string>([...Object.keys(PROFILE_SECTIONS), PUSH_DEVICES_ANCHOR]);

/**
 * Once the profile's sections are drawn (`ready`), and whenever the address's fragment is
 * followed again, scrolls to the section (or the push devices) it names and moves the focus to
 * its heading, so that `/profile#devices` opens the page there and keyboard and screen reader
 * users go on from it. Opening the page jumps; a link followed on the page scrolls smoothly,
 * unless the parent asked for less motion.
 */
export function useJumpToProfileSection(ready: boolean): void {
  // Each followed link is a new location, even to the fragment already in the address.
  const { hash, key } = useLocation();
  const opened = useRef(false);
  useEffect(() => {
    if (!ready) return undefined;
    // A frame later: when the browser follows a fragment typed into the address bar, it scrolls
    // there itself after telling the router, and takes the focus from what the page focused.
    const frame = window.requestAnimationFrame(() => {
      const justOpened = !opened.current;
      opened.current = true;
      const anchor = hash.slice(1);
      const target = ANCHORS.has(anchor) ? document.getElementById(anchor) : null;
      if (target === null) return;
      const smooth = !justOpened && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      target.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' });
      // Focusing alone would jump there and cut the smooth scroll short.
      target.querySelector<HTMLElement>('h2, h3')?.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [ready, hash, key]);
}
