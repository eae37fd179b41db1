import type { AlertProps } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { createElement, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { loadOnce } from '../../lib/load-once';

let loadedAlert: ComponentType<AlertProps> | null = null;
const listeners = new Set<() => void>();
const loadAlert = loadOnce(() => import('@mui/material/Alert'));

/**
 * Fetches MUI's Alert (the app calls it once the first page has painted). A failure (offline
 * before the service worker held it) is tried again by the next alert shown.
 */
export function preloadAlert(): Promise<void> {
  return loadAlert().then(
    ({ default: Alert }) => {
      loadedAlert = Alert as ComponentType<AlertProps>;
      for (const listener of listeners) listener();
    },
    () => undefined,
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * MUI's Alert for the first routes (/login, /dashboard), drawn by a chunk of its own: there an
 * alert always reports something that happens after the page has drawn (a refused sign-in, a
 * failed call, news in an answer), so the first paint does not wait for it (DESIGN "Budgets").
 * Until the chunk is in (a failure in the first instants, or offline before the service worker
 * held it) the same words show, plainly, so nothing said is lost.
 */
export function DeferredAlert(props: AlertProps) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => loadedAlert !== null,
    () => false,
  );
  useEffect(() => {
    if (!loaded) void preloadAlert();
  }, [loaded]);
  if (loaded && loadedAlert !== null) return createElement(loadedAlert, props);
  return (
    <Box role="alert" sx={{ p: 2, borderRadius: 1, border: 1, borderColor: 'divider' }}>
      {props.children}
      {props.action}
    </Box>
  );
}
