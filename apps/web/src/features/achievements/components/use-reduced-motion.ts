import useMediaQuery from '@mui/material/useMediaQuery';

/** Whether the parent asked the system for less motion (`prefers-reduced-motion: reduce`). */
export function useReducedMotion(): boolean {
  // noSsr: read window.matchMedia on the first render, so no animation starts before the answer.
  return useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
}
