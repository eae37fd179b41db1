import type { Page } from '@playwright/test';

/**
 * Every path the page's main frame shows from now on, in order, in-app (history API) navigations
 * included: a redirect that passes through a route leaves its path here.
 */
export function recordVisitedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const { pathname } = new URL(frame.url());
    if (paths.at(-1) !== pathname) paths.push(pathname);
  });
  return paths;
}
